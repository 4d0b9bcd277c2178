import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, makeTempDir, restartTestApp, testConfig, type TestApp } from '../../test/harness';
import { ACCESS_CODE_KEY_FILE, AccessCodeKeyError, loadAccessCodeKey } from './access-code-key';
import { onPostgres } from '../../test/postgres';
import { createCoupleWithAccessCode } from './test-support';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const nothingDepends = async () => false;

describe('the access-code key in DATA_DIR', () => {
  it('is created at first start with mode 0600 and read, unchanged, at every later start', async () => {
    const dataDir = makeTempDir();
    const key = await loadAccessCodeKey(dataDir, nothingDepends);
    expect(key).toHaveLength(32);
    const file = path.join(dataDir, ACCESS_CODE_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${key.toString('base64')}\n`);
    expect(await loadAccessCodeKey(dataDir, async () => true)).toEqual(key);
    // No temporary file is left behind.
    expect(fs.readdirSync(dataDir)).toEqual([ACCESS_CODE_KEY_FILE]);
  });

  it('differs between installations', async () => {
    expect(await loadAccessCodeKey(makeTempDir(), nothingDepends)).not.toEqual(
      await loadAccessCodeKey(makeTempDir(), nothingDepends),
    );
  });

  it('refuses a file that holds no key', async () => {
    const dataDir = makeTempDir();
    fs.writeFileSync(path.join(dataDir, ACCESS_CODE_KEY_FILE), 'short\n');
    await expect(loadAccessCodeKey(dataDir, nothingDepends)).rejects.toThrow(AccessCodeKeyError);
  });

  it('keeps personal codes working across a restart', async () => {
    t = await createTestApp();
    const couple = await createCoupleWithAccessCode(t.deps);
    t = await restartTestApp(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email: couple.email, accessCode: couple.accessCode },
    });
    expect(res.statusCode).toBe(200);
  });

  it('stops start-up, naming the file, when the key is gone but codes hashed with it are stored', async () => {
    t = await createTestApp();
    await createCoupleWithAccessCode(t.deps);
    await t.app.close();
    const file = path.join(t.config.dataDir, ACCESS_CODE_KEY_FILE);
    fs.rmSync(file);
    const { databaseUrl } = t.config;
    const config = testConfig({ DATA_DIR: t.config.dataDir, ...(databaseUrl && { DATABASE_URL: databaseUrl }) });
    await expect(buildApp(config, { logger: false, print: () => {} })).rejects.toThrow(AccessCodeKeyError);
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
      await loadAccessCodeKey(second.DATA_DIR, nothingDepends);
      await expect(buildApp(testConfig(second), { logger: false, print: () => {} })).rejects.toThrow(
        /access-code\.key differs from the key the other app processes on this database use/,
      );
      fs.copyFileSync(
        path.join(t.config.dataDir, ACCESS_CODE_KEY_FILE),
        path.join(second.DATA_DIR, ACCESS_CODE_KEY_FILE),
      );
      const other = await buildApp(testConfig(second), { logger: false, print: () => {} });
      try {
        const res = await other.inject({
          method: 'POST',
          url: '/api/customer-auth/login',
          payload: { email: couple.email, accessCode: couple.accessCode },
        });
        expect(res.statusCode).toBe(200);
      } finally {
        await other.close();
        fs.rmSync(second.DATA_DIR, { recursive: true, force: true });
      }
    },
  );
});
