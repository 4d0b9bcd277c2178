import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresProgram } from '../../src/server/db/postgres-tools';
import { freePort } from './server-process';

/**
 * A throw-away PostgreSQL server for tests and benchmarks: a new cluster in a temporary folder,
 * listening on a free loopback port only, with fsync off (its data is thrown away), removed by
 * stop(). Uses the server binaries of Debian's postgresql package (docs/postgresql-and-s3.md,
 * "Tests"); PG_BIN names another folder holding initdb and postgres.
 *
 * PostgreSQL refuses to run as root, so under root the cluster belongs to the `postgres` user the
 * Debian package creates, and both programs run as that user (setpriv).
 */
export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres: the superuser, no password (trust on loopback). */
  url: string;
  /**
   * The same database through the server's Unix socket in its temporary folder (pg's `host`
   * parameter names the folder), as an app on the database's own host would connect.
   */
  socketUrl: string;
  port: number;
  /** The postmaster's process id (its connections' backends are its children). */
  pid: number;
  stop(): Promise<void>;
}

export interface PostgresServerOptions {
  /** Prefix of the server's command line, e.g. `taskset --cpu-list 1` (the benchmark's CPU placement). */
  launcher?: string[];
}

export async function startPostgresServer({ launcher = [] }: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = path.dirname(findPostgresProgram('initdb'));
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vows-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (program: string, args: string[]) =>
    asRoot
      ? {
          // setpriv execs the program itself (runuser would stay as its parent and not pass signals on).
          command: 'setpriv',
          args: ['--reuid=postgres', '--regid=postgres', '--clear-groups', path.join(bin, program), ...args],
        }
      : { command: path.join(bin, program), args };

  const init = run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  execFileSync(init.command, init.args, { stdio: 'pipe' });

  const port = await freePort();
  const serve = run('postgres', [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    dir,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
  ]);
  // The launcher execs the next program (as setpriv does), so the child is the postmaster itself.
  const [command, ...args] = [...launcher, serve.command, ...serve.args] as [string, ...string[]];
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${log}`);
    if (log.includes('ready to accept connections')) break;
    if (Date.now() - started > 30_000) {
      child.kill('SIGKILL');
      throw new Error(`PostgreSQL did not start within 30 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    port,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        // SIGINT: the "fast" shutdown (open sessions are ended).
        child.kill('SIGINT');
        // The deadline is cleared once the server has exited: a pending timer kept the process that
        // stopped it (vitest, after the server-pg projects' teardown) alive for the full 10 s.
        let deadline: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((resolve) => (deadline = setTimeout(resolve, 10_000)))]);
        clearTimeout(deadline);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
