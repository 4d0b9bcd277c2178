import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, type ServerProcess } from '../lib/server-process';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts a TypeScript entry point as ONE node process with tsx as a loader (plus any extra
 * `--import` preloads), on a free loopback port, and resolves once `readyPath` answers. Used for
 * the reference servers and for the app with the event-loop probe; the plain app runs go through
 * scripts/lib/server-process.ts startServer.
 */
export async function spawnServer(
  entry: string,
  env: Record<string, string>,
  options: { readyPath: string; preloads?: string[] },
): Promise<ServerProcess> {
  const port = await freePort();
  const preloads = (options.preloads ?? []).flatMap((file) => ['--import', path.resolve(root, file)]);
  const child = spawn(process.execPath, ['--import', 'tsx', ...preloads, entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${entry} exited while starting:\n${output}`);
    const answered = await fetch(`${url}${options.readyPath}`).then(() => true, () => false);
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
