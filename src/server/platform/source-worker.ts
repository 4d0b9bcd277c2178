import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { PROJECT_ROOT } from './paths';

/**
 * How the server and its worker threads are bundled, for production (scripts/build-server.ts) and
 * here alike: one ES module with the app's own code, npm packages imported at run time.
 */
export const SERVER_BUNDLE = {
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node22',
} as const satisfies BuildOptions;

/** Per entry: the compiled file, and each source file it was compiled from with its modification time. */
const compiled = new Map<string, { url: URL; sources: [string, number][] }>();

const modified = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;

/**
 * A worker thread's entry module compiled to JavaScript, for a server running from its TypeScript
 * source (the tests, `npm run dev`). A thread started on the .ts file with `--import tsx` loads tsx
 * and transpiles its modules afresh, 1-5 s a thread on this two-core machine; compiled once per
 * process here, the way scripts/build-server.ts compiles it for production, a thread starts on plain
 * JavaScript (decision 0289). It is compiled again when one of its source files has changed since
 * (an edit during `npm run dev`). The file goes to `dist/dev/`, two folders below the root like the
 * production build (src/server/platform/paths.ts), named by its content: processes running the same
 * source share it. esbuild is a development dependency, loaded only here, never by the compiled
 * server.
 */
export function compiledWorkerEntry(entry: URL): URL {
  const known = compiled.get(entry.href);
  if (known?.sources.every(([file, time]) => modified(file) === time)) return known.url;
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const { outputFiles, metafile } = esbuild.buildSync({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [fileURLToPath(entry)],
    ...SERVER_BUNDLE,
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const [output] = outputFiles;
  if (!output) throw new Error(`esbuild wrote nothing for ${entry.href}`);
  const sources = Object.keys(metafile.inputs).map((input): [string, number] => {
    const file = path.resolve(PROJECT_ROOT, input);
    return [file, modified(file)];
  });
  const hash = createHash('sha256').update(output.contents).digest('hex').slice(0, 16);
  const file = path.join(PROJECT_ROOT, 'dist', 'dev', `${path.basename(entry.pathname, '.ts')}-${hash}.js`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole under a name of this process's, then renamed: another process never starts a
    // thread on half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, output.contents);
    fs.renameSync(partial, file);
  }
  const url = pathToFileURL(file);
  compiled.set(entry.href, { url, sources });
  return url;
}
