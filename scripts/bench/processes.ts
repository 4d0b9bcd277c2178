import { spawnTsServer, type ServerProcess } from '../lib/server-process';

/**
 * Starts a TypeScript entry point for the benchmark (production mode, plus any extra `--import`
 * preloads) on a free loopback port, and resolves once `readyPath` answers. Used for the reference
 * servers and for the app with the event-loop probe; the plain app runs go through
 * scripts/lib/server-process.ts startServer.
 */
export function spawnServer(
  entry: string,
  env: Record<string, string>,
  options: { readyPath: string; preloads?: string[] },
): Promise<ServerProcess> {
  return spawnTsServer(entry, { env: { NODE_ENV: 'production', ...env }, readyPath: options.readyPath, preloads: options.preloads, timeoutMs: 60_000 });
}
