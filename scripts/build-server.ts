import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBuildOptions } from './lib/server-build';

/**
 * Compiles the server into `dist/server/main.js` (decision 0105), and its PDF worker into `pdf-worker.js`: one ES module with the app's own
 * code, importing its npm packages from node_modules at run time (native better-sqlite3 included).
 * `npm start` runs it with plain Node: no TypeScript loader in production, and a start-up that
 * does not transpile anything. It must stay two folders below the root (src/server/platform/paths.ts).
 */
const root = path.resolve(import.meta.dirname, '..');

await build(serverBuildOptions('dist/server'));
// esbuild escapes non-ASCII characters in strings but not in regular expression literals: one such
// character makes V8 hold the whole module's source as two bytes per character (0.45 MB more of an
// idle server). Write them as \u escapes in the source.
for (const file of ['main.js', 'pdf-worker.js']) {
  const bytes = fs.readFileSync(path.join(root, 'dist/server', file));
  const at = bytes.findIndex((byte) => byte > 0x7f);
  if (at !== -1) {
    const before = bytes.subarray(0, at).toString('utf8');
    const character = bytes.subarray(at, at + 4).toString('utf8')[0];
    throw new Error(
      `dist/server/${file} line ${before.split('\n').length} holds a non-ASCII character (${JSON.stringify(character)}): write it as a \\u escape in the source.`,
    );
  }
}
console.log('Server compiled to dist/server/main.js');
