import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  stop: (signal?: NodeJS.Signals) => Promise<number | string>;
}

/**
 * The Node options `npm start` (package.json) and the container image give the compiled server: a
 * young generation of 2 MB per semi-space instead of V8's default of up to 32 (decision 0300). The
 * static check in scripts/container-files.test.ts keeps package.json and the Dockerfile on them.
 */
export const START_NODE_FLAGS = ['--max-semi-space-size=2'];

/**
 * Starts the real server (src/server/main.ts) as ONE node process with tsx as a loader, so a
 * signal (even SIGKILL) reaches the server itself, not a wrapper. Resolves once it listens.
 * `compiled` starts what `npm start` runs instead: dist/server/main.js (built beforehand) with plain
 * Node and START_NODE_FLAGS, in production mode; the measuring scripts use it, since the loader
 * compiles each module on its first import, in the middle of the traffic being measured (decision
 * 0299). `entry` starts another compiled build of the sources with plain Node, in test mode: the
 * process tests' own (src/server/test/compiled-server.ts, decision 0356).
 */
export async function startServer(
  env: Record<string, string>,
  options: { port?: number; compiled?: boolean; entry?: string } = {},
): Promise<ServerProcess> {
  return spawnTsServer(options.entry ?? (options.compiled ? 'dist/server/main.js' : 'src/server/main.ts'), {
    port: options.port,
    loader: !options.compiled && options.entry === undefined,
    nodeFlags: options.compiled ? START_NODE_FLAGS : [],
    readyPath: '/api/auth/check',
    timeoutMs: 30_000,
    env: {
      NODE_ENV: options.compiled ? 'production' : 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '100000',
      RATE_LIMIT_SIGNIN_PER_ADDRESS: '100000',
      RATE_LIMIT_CONTACT_PER_MINUTE: '100000',
      RATE_LIMIT_REGISTER_PER_HOUR: '100000',
      // Load and crash tests sign many couples up at once: let their password hashes wait their turn.
      PASSWORD_HASH_QUEUE: '1000',
      ...env,
    },
  });
}

export interface SpawnOptions {
  env: Record<string, string>;
  /** A path that answers once the server is ready (any HTTP answer counts). */
  readyPath: string;
  timeoutMs: number;
  port?: number;
  /** Extra `--import` preloads before the entry. */
  preloads?: string[];
  /** A command the node process runs under, e.g. valgrind and its options (the pid is then its). */
  launcher?: string[];
  /** Whether the entry needs tsx as a loader (TypeScript); false for the compiled server. */
  loader?: boolean;
  /** Node's own options, before the entry (e.g. START_NODE_FLAGS). */
  nodeFlags?: string[];
}

/**
 * Starts a TypeScript entry point as one node process (tsx as a loader, plus any preloads) on a
 * loopback port, and resolves once `readyPath` answers; a process that exits or does not answer in
 * time fails with its output.
 */
export async function spawnTsServer(entry: string, options: SpawnOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const preloads = (options.preloads ?? []).flatMap((file) => ['--import', path.resolve(root, file)]);
  const [command, ...launcherArgs] = [...(options.launcher ?? []), process.execPath];
  const loader = options.loader === false ? [] : ['--import', 'tsx'];
  const child = spawn(command!, [...launcherArgs, ...(options.nodeFlags ?? []), ...loader, ...preloads, entry], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${entry} exited while starting:\n${output}`);
    const answered = await fetch(`${url}${options.readyPath}`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not start within ${options.timeoutMs / 1000} s:\n${output}`);
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
