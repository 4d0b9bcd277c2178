import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start` builds the web app and the compiled server only when they are missing or older than
 * their sources, so a fresh clone works with one command and a restart does not rebuild for
 * nothing. Plain TypeScript that Node runs itself (type stripping): no loader needed.
 */
const root = path.resolve(import.meta.dirname, '..');

interface Target {
  name: string;
  /** The npm script that builds it. */
  script: string;
  /** A file the build writes last. */
  stamp: string;
  /** Files and folders whose change makes the output stale. */
  inputs: string[];
}

const targets: Target[] = [
  {
    name: 'the web app',
    script: 'build:web',
    stamp: 'dist/web/index.html',
    inputs: [
      'src/web',
      'src/shared',
      'vite.config.ts',
      'postcss.config.cjs',
      'scripts/prerender.ts',
      'package-lock.json',
    ],
  },
  {
    name: 'the server',
    script: 'build:server',
    stamp: 'dist/server/main.js',
    inputs: [
      'src/server',
      'src/shared',
      'db',
      'scripts/build-server.ts',
      'scripts/lib/server-build.ts',
      'package-lock.json',
    ],
  },
];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

for (const target of targets) {
  const stamp = path.join(root, target.stamp);
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (builtAt >= Math.max(...target.inputs.map(newestMtime))) continue;
  console.log(builtAt ? `Sources changed: rebuilding ${target.name}…` : `Building ${target.name} (first start)…`);
  const result = spawnSync('npm', ['run', target.script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
