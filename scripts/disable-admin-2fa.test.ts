import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminWithSecondFactor } from '../src/server/features/admin-security/test-support';
import { adminCookie, TEST_ADMIN_PASSWORD, useTestApp } from '../src/server/test/harness';

/**
 * `npm run admin:disable-2fa` as a locked-out administrator runs it
 * (docs/product.md#admin-second-factor), in a child process against the DATA_DIR of a running app.
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const t = useTestApp();

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'admin:disable-2fa', '--', ...args],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: t.config.dataDir, NODE_ENV: 'test' }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        const ownStderr = stderr
          .split('\n')
          .filter((line) => line.trim() && !line.startsWith('npm warn'))
          .join('\n');
        resolve({ code, stdout, stderr: ownStderr });
      },
    );
  });
}

describe('npm run admin:disable-2fa', () => {
  it("turns the admin's second factor off, ends their sessions and logs it; a second run changes nothing", async () => {
    const admin = await t.deps.db
      .selectFrom('accounts')
      .select(['id', 'username'])
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    await adminWithSecondFactor(t.deps, {
      accountId: admin.id,
      username: admin.username!,
      password: TEST_ADMIN_PASSWORD,
    });
    await adminCookie(t.deps);

    const first = await run([]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain(`Two-factor sign-in is off for ${admin.username}`);
    expect(await t.deps.db.selectFrom('admin_second_factor').selectAll().execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('sessions').selectAll().where('account_id', '=', admin.id).execute()).toEqual([]);
    const log = await t.deps.db
      .selectFrom('admin_audit_log')
      .select(['action', 'target'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({
      action: 'admin.second-factor.disable',
      target: expect.stringContaining('admin:disable-2fa'),
    });

    const second = await run([]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('was not on');
  }, 120_000);

  it('names an unknown administrator and exits 1', async () => {
    const result = await run(['--username', 'nobody_here']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('No administrator named nobody_here.');
  }, 60_000);
});
