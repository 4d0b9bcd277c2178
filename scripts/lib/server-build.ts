import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { SERVER_BUNDLE } from '../../src/server/platform/source-worker';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * How the server is compiled (decision 0105): `src/server/main.ts` into `main.js`, and its PDF worker
 * into `pdf-worker.js` beside it, where pdf-jobs.ts looks for it. `outdir` must be two folders below
 * the root (src/server/platform/paths.ts): `dist/server` for `npm start` (scripts/build-server.ts),
 * a folder of their own for the process tests (src/server/test/compiled-server.ts).
 */
export function serverBuildOptions(outdir: string): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts', 'pdf-worker': 'src/server/features/printables/pdf-worker.ts' },
    outdir,
    ...SERVER_BUNDLE,
    // Not linked from the files: Node would parse the map at every start with --enable-source-maps
    // (about 15 MB of an idle server). Logged errors are mapped with it on first use (mapped-stack.ts).
    sourcemap: 'external',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
  };
}
