import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start` builds the web app only when it is missing or older than its sources, so a fresh
 * clone works with one command and a restart does not rebuild for nothing.
 */
const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/web/index.html');
const inputs = ['src/web', 'src/shared', 'vite.config.ts', 'postcss.config.cjs', 'package-lock.json'];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...inputs.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Web sources changed: rebuilding…' : 'Building the web app (first start)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
