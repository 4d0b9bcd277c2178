import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { makeTempDir } from './test/harness';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts the real entry point as one node process, so signals reach the server: src/server/main.ts
 * as `npm run build:server` compiles it, built once for the run (src/server/test/compiled-server.ts).
 */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [inject('compiledServer')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'main-test-pw',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (out.stdout += d));
  child.stderr.on('data', (d) => (out.stderr += d));
  const exited = new Promise<Run>((resolve) => child.on('exit', (code) => resolve({ code, ...out })));
  const listening = async () => {
    for (let i = 0; i < 600 && !out.stdout.includes('Server listening'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!out.stdout.includes('Server listening')) throw new Error(`server did not start: ${out.stderr}`);
  };
  const logged = async (text: string, times = 1) => {
    for (let i = 0; i < 1000 && out.stdout.split(text).length - 1 < times; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { child, exited, listening, logged };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Each test starts real processes; on a loaded machine start-up alone can take seconds.
describe('the server process', { timeout: 60_000 }, () => {
  it('refuses bad configuration with one line per bad variable', async () => {
    const run = await start({ PORT: 'abc', TRIAL_WEEKS: '0', DATA_DIR: makeTempDir() }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/PORT: must be a port number/);
    expect(run.stderr).toMatch(/TRIAL_WEEKS: must be greater than 0/);
  });

  it('says clearly when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const run = await start({ PORT: String(port), DATA_DIR: makeTempDir() }).exited;
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `Port ${port} is already in use. Stop the other process or set PORT to a free port.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('shuts down on SIGTERM: in-flight requests finish, then it exits 0 within 10 s', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), DATA_DIR: makeTempDir(), LOG_LEVEL: 'debug' });
    await server.listening();
    const url = `http://127.0.0.1:${port}`;
    // Sign-ins hash with scrypt (~0.3 s each), so these are still in flight when SIGTERM arrives.
    const inFlight = Array.from({ length: 4 }, () =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'wrong-password' }),
      }).then((res) => res.status),
    );
    // Signal only once the server has received all four: they are truly in flight (the request
    // lines are logged at debug, decision 0061).
    await server.logged('incoming request', 4);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await server.logged('shutting down');
    const after = await fetch(`${url}/api/auth/check`).then(
      (res) => res.status,
      () => 'refused',
    );
    const statuses = await Promise.all(inFlight);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const run = await server.exited;
    expect([503, 'refused']).toContain(after);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(run.stdout).toContain('shutting down');
  });

  it('exits with a clear message when migrating fails, leaving the database as it was', async () => {
    const dataDir = makeTempDir();
    const first = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await first.listening();
    first.child.kill('SIGTERM');
    await first.exited;
    // A migration this build does not know about makes the history inconsistent: migrating must stop.
    const file = path.join(dataDir, 'app.sqlite');
    const db = new SQLite(file);
    db.prepare(
      "insert into kysely_migration (name, timestamp) values ('2099-12-31T0000-from-the-future', '2099-12-31T00:00:00.000Z')",
    ).run();
    const tablesBefore = db.prepare('select name from sqlite_master order by name').all();
    db.close();
    const run = await start({ PORT: String(await freePort()), DATA_DIR: dataDir }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /Cannot start: Migrating the database failed: .*2099-12-31T0000-from-the-future.*The database was left as it was\./s,
    );
    const after = new SQLite(file, { readonly: true });
    expect(after.prepare('select name from sqlite_master order by name').all()).toEqual(tablesBefore);
    after.close();
  });

  it('warns loudly at start-up when demo mode is on and other machines can connect', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), DATA_DIR: makeTempDir(), HOST: '0.0.0.0', DEMO_MODE: 'true' });
    await server.listening();
    server.child.kill('SIGTERM');
    const run = await server.exited;
    const warning = run.stdout.split('\n').find((line) => line.includes('DEMO MODE IS ON'));
    expect(warning, run.stdout).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({ level: 40, demoMode: true, host: '0.0.0.0' });
    expect(warning).toContain('NODE_ENV=production');
  });

  it('refuses to start, naming the file, when the access-code key is gone but codes depend on it', async () => {
    const dataDir = makeTempDir();
    const first = start({ PORT: String(await freePort()), DATA_DIR: dataDir, DEMO_MODE: 'false' });
    await first.listening();
    first.child.kill('SIGTERM');
    await first.exited;
    const db = new SQLite(path.join(dataDir, 'app.sqlite'));
    const couple = db
      .prepare("insert into couples (created_at) values ('2026-01-01T00:00:00.000Z') returning id")
      .get() as { id: number };
    db.prepare(
      "insert into accounts (role, couple_id, email, access_code_hash, created_at) values ('couple', ?, 'a@example.com', 'hmac-sha256$AAAA', '2026-01-01T00:00:00.000Z')",
    ).run(couple.id);
    db.close();
    fs.rmSync(path.join(dataDir, 'access-code.key'));
    const run = await start({ PORT: String(await freePort()), DATA_DIR: dataDir, DEMO_MODE: 'false' }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^Cannot start: .*access-code\.key is missing, but the database holds access codes hashed with it\./m,
    );
    expect(fs.existsSync(path.join(dataDir, 'access-code.key'))).toBe(false);
  });

  it('refuses to start with one clear line, without the password, when the PostgreSQL database does not answer', async () => {
    const unreachable = `postgres://vows:s3cret-pw@127.0.0.1:${await freePort()}/vows`;
    const run = await start({ PORT: String(await freePort()), DATA_DIR: makeTempDir(), DATABASE_URL: unreachable })
      .exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^Cannot start: could not connect to the PostgreSQL database DATABASE_URL names \(127\.0\.0\.1:\d+\/vows\): ECONNREFUSED\./m,
    );
    expect(run.stderr).not.toContain('s3cret-pw');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
