import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, makeTempDir, restartTestApp, testConfig, type TestApp } from '../../test/harness';
import { VAPID_KEYS_FILE } from '../push/vapid-keys';
import { ACCESS_CODE_KEY_FILE, loadAccessCodeKey } from './access-code-key';
import { ServerSecretError } from './server-secret';
import { onPostgres } from '../../test/postgres';
import { createCoupleWithAccessCode } from './test-support';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const nothingDepends = async () => false;
const keyOfFile = async (dataDir: string) => (await loadAccessCodeKey(dataDir, undefined, nothingDepends)).value;

async function signIn(app: TestApp['app'], couple: { email: string; accessCode: string }): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/customer-auth/login',
    payload: { email: couple.email, accessCode: couple.accessCode },
  });
  return res.statusCode;
}

describe('the access-code key in DATA_DIR', () => {
  it('is created at first start with mode 0600 and read, unchanged, at every later start', async () => {
    const dataDir = makeTempDir();
    const key = await keyOfFile(dataDir);
    expect(key).toHaveLength(32);
    const file = path.join(dataDir, ACCESS_CODE_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${key.toString('base64')}\n`);
    expect(await loadAccessCodeKey(dataDir, undefined, async () => true)).toEqual({ value: key, source: file });
    // No temporary file is left behind.
    expect(fs.readdirSync(dataDir)).toEqual([ACCESS_CODE_KEY_FILE]);
  });

  it('differs between installations', async () => {
    expect(await keyOfFile(makeTempDir())).not.toEqual(await keyOfFile(makeTempDir()));
  });

  it('refuses a file that holds no key', async () => {
    const dataDir = makeTempDir();
    fs.writeFileSync(path.join(dataDir, ACCESS_CODE_KEY_FILE), 'short\n');
    await expect(keyOfFile(dataDir)).rejects.toThrow(ServerSecretError);
  });

  it('keeps personal codes working across a restart', async () => {
    t = await createTestApp();
    const couple = await createCoupleWithAccessCode(t.deps);
    t = await restartTestApp(t);
    expect(await signIn(t.app, couple)).toBe(200);
  });

  it('stops start-up, naming the file, when the key is gone but codes hashed with it are stored', async () => {
    t = await createTestApp();
    await createCoupleWithAccessCode(t.deps);
    await t.app.close();
    const file = path.join(t.config.dataDir, ACCESS_CODE_KEY_FILE);
    fs.rmSync(file);
    const { databaseUrl } = t.config;
    const config = testConfig({ DATA_DIR: t.config.dataDir, ...(databaseUrl && { DATABASE_URL: databaseUrl }) });
    await expect(buildApp(config, { logger: false, print: () => {} })).rejects.toThrow(ServerSecretError);
    await expect(buildApp(config, { logger: false, print: () => {} })).rejects.toThrow(`${file} is missing`);
    expect(fs.existsSync(file)).toBe(false);
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
    t = undefined;
  });

  // Several processes share one database only on PostgreSQL (the server-pg project).
  it.runIf(onPostgres())(
    'on a shared PostgreSQL database, refuses to start a process whose key differs, and starts it with the copied key',
    async () => {
      t = await createTestApp();
      const couple = await createCoupleWithAccessCode(t.deps);
      const second = { DATA_DIR: makeTempDir(), DATABASE_URL: t.config.databaseUrl! };
      // A DATA_DIR of its own with a key of its own (without one, start-up stops at the missing key).
      await keyOfFile(second.DATA_DIR);
      await expect(buildApp(testConfig(second), { logger: false, print: () => {} })).rejects.toThrow(
        /access-code\.key differs from the key this database's access codes were made with/,
      );
      fs.copyFileSync(
        path.join(t.config.dataDir, ACCESS_CODE_KEY_FILE),
        path.join(second.DATA_DIR, ACCESS_CODE_KEY_FILE),
      );
      // Every process signs pushes with the same VAPID pair too (decision 0270).
      fs.copyFileSync(path.join(t.config.dataDir, VAPID_KEYS_FILE), path.join(second.DATA_DIR, VAPID_KEYS_FILE));
      const other = await buildApp(testConfig(second), { logger: false, print: () => {} });
      try {
        expect(await signIn(other, couple)).toBe(200);
      } finally {
        await other.close();
        fs.rmSync(second.DATA_DIR, { recursive: true, force: true });
      }
    },
  );
});

describe('the access-code key from ACCESS_CODE_KEY (decision 0225)', () => {
  const key = randomBytes(32);

  it('wins over DATA_DIR: no file is read or created, also while keyed codes are stored', async () => {
    const dataDir = path.join(makeTempDir(), 'data');
    const loaded = await loadAccessCodeKey(dataDir, key, async () => true);
    expect(loaded).toEqual({ value: key, source: 'ACCESS_CODE_KEY' });
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('agrees with a file holding the same key, and refuses to start when the file holds another', async () => {
    const dataDir = makeTempDir();
    const file = path.join(dataDir, ACCESS_CODE_KEY_FILE);
    fs.writeFileSync(file, `${key.toString('base64')}\n`);
    expect((await loadAccessCodeKey(dataDir, key, nothingDepends)).value).toEqual(key);
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`);
    const loading = loadAccessCodeKey(dataDir, key, nothingDepends);
    await expect(loading).rejects.toThrow(ServerSecretError);
    await expect(loading).rejects.toThrow(`ACCESS_CODE_KEY and ${file} hold different secrets`);
  });

  it('serves codes across restarts with the same key, and refuses a changed key once codes depend on it', async () => {
    const env = { ACCESS_CODE_KEY: key.toString('base64') };
    t = await createTestApp(env);
    const couple = await createCoupleWithAccessCode(t.deps);
    t = await restartTestApp(t, env);
    expect(await signIn(t.app, couple)).toBe(200);
    expect(fs.existsSync(path.join(t.config.dataDir, ACCESS_CODE_KEY_FILE))).toBe(false);
    await t.app.close();
    const { databaseUrl } = t.config;
    const changed = testConfig({
      DATA_DIR: t.config.dataDir,
      ACCESS_CODE_KEY: randomBytes(32).toString('base64'),
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    });
    await expect(buildApp(changed, { logger: false, print: () => {} })).rejects.toThrow(
      /^ACCESS_CODE_KEY differs from the key this database's access codes were made with/,
    );
    t = await restartTestApp(t, env);
  });
});
