import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCouple, useTestApp } from '../src/server/test/harness';
import { verifyAccessCode } from '../src/server/features/auth/passwords';

/**
 * The order command exactly as the seller and outside scripts run it (docs/product.md#orders):
 * `npm run --silent order:create -- ...` in a child process, against the DATA_DIR of a running app.
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const t = useTestApp();

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runOrderCommand(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'order:create', '--', ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: t.config.dataDir, PORT: '4567', NODE_ENV: 'test' },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        // npm itself may warn about the machine's own configuration; keep only the command's lines.
        const ownStderr = stderr
          .split('\n')
          .filter((line) => line.trim() && !line.startsWith('npm warn'))
          .join('\n');
        resolve({ code, stdout, stderr: ownStderr });
      },
    );
  });
}

function parseSingleJsonLine(stdout: string) {
  const lines = stdout.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function account(email: string) {
  return t.deps.db
    .selectFrom('accounts')
    .innerJoin('couples', 'couples.id', 'accounts.couple_id')
    .select(['accounts.id as accountId', 'accounts.access_code_hash as hash', 'couples.access_level as accessLevel'])
    .where('accounts.email', '=', email)
    .executeTakeFirst();
}

// Each run starts npm, Node and tsx: seconds on a busy machine.
/** The printed code opens the account at /customer-login, as the buyer would use it. */
async function expectSignIn(email: string, accessCode: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/customer-auth/login', payload: { email, accessCode } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ success: true });
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const check = await t.app.inject({ url: '/api/auth/check', headers: { cookie } });
  expect(check.json()).toMatchObject({ authenticated: true, role: 'couple' });
}

describe('npm run order:create', { timeout: 60_000 }, () => {
  it('records a completed order for a new email and prints one JSON line', async () => {
    const email = uniqueEmail('new');
    const run = await runOrderCommand(['--email', email, '--first-name', 'Amara', '--last-name', 'Okafor']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const printed = parseSingleJsonLine(run.stdout);
    expect(Object.keys(printed)).toEqual(['orderId', 'email', 'status', 'accessCode', 'successUrl']);
    expect(printed).toMatchObject({
      email,
      status: 'completed',
      accessCode: expect.stringMatching(/^\w{4}-\w{4}-\w{4}$/),
    });
    expect(printed.successUrl).toBe(`http://localhost:4567/success?payment_intent=${printed.orderId}`);

    const order = await t.app.inject({ url: `/api/order/${printed.orderId}` });
    expect(order.json()).toEqual({
      id: printed.orderId,
      amount: 4900,
      firstName: 'Amara',
      lastName: 'Okafor',
      email,
      status: 'completed',
    });
    const created = await account(email);
    expect(created?.accessLevel).toBe('full');
    expect(await verifyAccessCode(printed.accessCode as string, created?.hash, t.deps)).toBe(true);
    await expectSignIn(email, printed.accessCode as string);
  });

  it('upgrades an existing trial account with that email', async () => {
    const trial = await createCouple(t.deps, { accessLevel: 'trial', email: uniqueEmail('trial') });
    const run = await runOrderCommand([
      '--email',
      trial.email,
      '--first-name',
      'Jo',
      '--last-name',
      'Nguyen',
      '--amount',
      '2900',
      '--status',
      'completed',
    ]);
    expect(run.code).toBe(0);
    const printed = parseSingleJsonLine(run.stdout);
    const upgraded = await account(trial.email);
    expect(upgraded).toMatchObject({ accountId: trial.accountId, accessLevel: 'full' });
    expect(await verifyAccessCode(printed.accessCode as string, upgraded?.hash, t.deps)).toBe(true);
    expect((await t.app.inject({ url: `/api/order/${printed.orderId}` })).json().amount).toBe(2900);
    await expectSignIn(trial.email, (printed.accessCode as string).toLowerCase());
  });

  it('records a pending order without an access code or an account', async () => {
    const email = uniqueEmail('pending');
    const run = await runOrderCommand([
      '--email',
      email,
      '--first-name',
      'Sam',
      '--last-name',
      'Ito',
      '--status',
      'pending',
    ]);
    expect(run.code).toBe(0);
    const printed = parseSingleJsonLine(run.stdout);
    expect(printed).toMatchObject({ email, status: 'pending', accessCode: null });
    expect(await account(email)).toBeUndefined();
    expect((await t.app.inject({ url: `/api/order/${printed.orderId}` })).json().status).toBe('pending');
  });

  it('attaches an order to a registered account with --username', async () => {
    const username = `wren${Date.now()}`;
    const registered = await createCouple(t.deps, { accessLevel: 'trial', username, password: 'secret-pass' });
    const email = uniqueEmail('wren');
    const run = await runOrderCommand([
      '--email',
      email,
      '--first-name',
      'Wren',
      '--last-name',
      'Diaz',
      '--username',
      username,
    ]);
    expect(run.code).toBe(0);
    expect(parseSingleJsonLine(run.stdout).accessCode).toEqual(expect.any(String));
    expect(await account(email)).toMatchObject({ accountId: registered.accountId, accessLevel: 'full' });
  });

  // The other refusals (bad status, unknown username, ...) are covered by the service tests.
  it.each([
    [['--first-name', 'A', '--last-name', 'B'], /^--email is required$/],
    [
      ['--email', 'a@example.com', '--first-name', 'A', '--last-name', 'B', '--colour', 'blue'],
      /^Unknown option '--colour'\. Usage: /,
    ],
  ])('exits 1 with one clear line for %j', async (args, message) => {
    const orders = await t.deps.db.selectFrom('orders').select('id').execute();
    const run = await runOrderCommand(args);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(await t.deps.db.selectFrom('orders').select('id').execute()).toHaveLength(orders.length);
  });
});
