import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { serverBuildOptions } from '../../../scripts/lib/server-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server compiled from the sources for this run: its main.js, relative to the root. */
    compiledServer: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The `process` project's setup (vitest.config.ts): the server compiled from the sources once for
 * the run, exactly as `npm run build:server` compiles it, into a folder of the run's own under
 * dist/ (two folders below the root, like dist/server), removed afterwards. Its tests start the
 * server a dozen and a half times; started with `--import tsx`, each start spent about 1.5 s of CPU
 * compiling and resolving the sources through the loader before the server's own start-up
 * (decision 0356). Tests read the entry with `inject('compiledServer')`.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const outdir = `dist/test-server-${process.pid}-${randomBytes(3).toString('hex')}`;
  await build(serverBuildOptions(outdir));
  project.provide('compiledServer', `${outdir}/main.js`);
  return () => fs.rmSync(path.join(root, outdir), { recursive: true, force: true });
}
