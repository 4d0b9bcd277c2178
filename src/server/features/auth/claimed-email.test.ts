import { afterAll, describe, expect, it } from 'vitest';
import { OTHER_CONNECTIONS_CHECK_MS, openDatabase, type DatabaseHandle } from '../../db/client';
import { createDeps } from '../../create-deps';
import { createCouple, useTestApp } from '../../test/harness';
import { createOrder } from '../orders/service';
import { issueAccessCode } from './access-codes';
import { cookieFrom, uniqueUsername } from './test-support';
import { onPostgres } from '../../test/postgres';

/**
 * Issue 19, finding 1: the public trial code let anyone claim a stranger's email, and the session
 * started with it outlived the owner's purchase. Issuing a code (an order's) now ends every session
 * of the account, and the email counts as proven only once an order's code was delivered.
 */
const t = useTestApp();
const others: DatabaseHandle[] = [];
afterAll(async () => {
  for (const other of others) await other.db.destroy();
});

let sequence = 0;
const victimEmail = () => `victim-${++sequence}-${Date.now()}@example.com`;

function signIn(email: string, accessCode: string) {
  return t.app.inject({ method: 'POST', url: '/api/customer-auth/login', payload: { email, accessCode } });
}

function profile(coupleId: number, cookie: string) {
  return t.app.inject({ url: `/api/profile/${coupleId}`, headers: { cookie } });
}

function answers(coupleId: number, cookie: string) {
  return t.app.inject({ url: `/api/workbook-responses/${coupleId}/1/partner1`, headers: { cookie } });
}

async function emailVerifiedAt(email: string): Promise<string | null> {
  const row = await t.deps.db
    .selectFrom('accounts')
    .select('email_verified_at')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.email_verified_at;
}

/** Step 1: the attacker signs in with the victim's email and the public trial code. */
async function attackerClaims(email: string) {
  const res = await signIn(email, 'TRY-52-WEEKS');
  expect(res.statusCode).toBe(200);
  const cookie = cookieFrom(res.headers['set-cookie']);
  const coupleId = (await t.app.inject({ url: '/api/session', headers: { cookie } })).json().customerId as number;
  // The attacker is in, and the session is remembered (decision 0064) before the order.
  expect((await profile(coupleId, cookie)).statusCode).toBe(200);
  return { cookie, coupleId, trialCode: res.json().accessCode as string };
}

/** Steps 3 and 4: the owner signs in with the order's code and writes; the attacker is out. */
async function ownerTakesOver(
  email: string,
  accessCode: string,
  attacker: { cookie: string; coupleId: number; trialCode: string },
) {
  expect((await profile(attacker.coupleId, attacker.cookie)).statusCode).toBe(401);
  expect((await t.app.inject({ url: '/api/session', headers: { cookie: attacker.cookie } })).statusCode).toBe(401);

  const owner = await signIn(email, accessCode);
  expect(owner.statusCode).toBe(200);
  const cookie = cookieFrom(owner.headers['set-cookie']);
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/profile/${attacker.coupleId}`,
    headers: { cookie },
    payload: { userDisplayName: 'Owner', partnerName: 'Partner', weddingDate: '2027-05-01' },
  });
  expect(saved.statusCode).toBe(200);
  const wrote = await t.app.inject({
    method: 'POST',
    url: `/api/workbook-responses/${attacker.coupleId}/1/partner1`,
    headers: { cookie },
    payload: { reflectionAnswers: ['Only ours.'] },
  });
  expect(wrote.statusCode).toBe(200);

  // Step 4: the attacker's session stays ended, and neither of the attacker's codes opens the account.
  expect((await profile(attacker.coupleId, attacker.cookie)).statusCode).toBe(401);
  expect((await answers(attacker.coupleId, attacker.cookie)).statusCode).toBe(401);
  expect((await signIn(email, 'TRY-52-WEEKS')).statusCode).toBe(401);
  expect((await signIn(email, attacker.trialCode)).statusCode).toBe(401);
  // The owner's session works and reads what the owner wrote.
  expect((await profile(attacker.coupleId, cookie)).json()).toMatchObject({ userDisplayName: 'Owner' });
  expect((await answers(attacker.coupleId, cookie)).json()).toMatchObject({ reflectionAnswers: ['Only ours.'] });
}

describe('an email claimed with the trial code, then bought by its owner', () => {
  it("ends the claimer's session when the order issues the owner a code (order in this process)", async () => {
    const email = victimEmail();
    const attacker = await attackerClaims(email);
    expect(await emailVerifiedAt(email)).toBeNull();

    const order = await createOrder(t.deps, { email, firstName: 'Vic', lastName: 'Tim' });
    expect(await emailVerifiedAt(email)).toEqual(expect.any(String));
    await ownerTakesOver(email, order.accessCode!, attacker);
  });

  // Not on PostgreSQL: another connection to the SQLite file; on PostgreSQL nothing is remembered between requests.
  it.skipIf(onPostgres())(
    'ends it too when the order is recorded by another process, like `npm run order:create`',
    async () => {
      const email = victimEmail();
      const attacker = await attackerClaims(email);

      // The order command's own connection and deps on the same DATA_DIR (same key file).
      const other = openDatabase(t.config.databaseFile);
      others.push(other);
      const order = await createOrder(await createDeps(t.config, other), { email, firstName: 'Vic', lastName: 'Tim' });
      // The server reads SQLite's data_version at most every OTHER_CONNECTIONS_CHECK_MS (decision 0064).
      await new Promise((resolve) => setTimeout(resolve, OTHER_CONNECTIONS_CHECK_MS));
      await ownerTakesOver(email, order.accessCode!, attacker);
    },
  );
});

describe('issuing a personal code', () => {
  it('ends every session of the account, however it was started', async () => {
    const email = victimEmail();
    const first = await createOrder(t.deps, { email, firstName: 'A', lastName: 'B' });
    const sessions = await Promise.all(
      [1, 2].map(async () => cookieFrom((await signIn(email, first.accessCode!)).headers['set-cookie'])),
    );
    const coupleId = (await t.app.inject({ url: '/api/session', headers: { cookie: sessions[0]! } })).json()
      .customerId as number;
    for (const cookie of sessions) expect((await profile(coupleId, cookie)).statusCode).toBe(200);

    const second = await createOrder(t.deps, { email, firstName: 'A', lastName: 'B' });
    for (const cookie of sessions) expect((await profile(coupleId, cookie)).statusCode).toBe(401);
    expect((await signIn(email, first.accessCode!)).statusCode).toBe(401);
    expect((await signIn(email, second.accessCode!)).statusCode).toBe(200);
  });

  it("records a proven email only when the code goes to the email's owner", async () => {
    const couple = await createCouple(t.deps, { email: victimEmail(), accessLevel: 'trial' });
    await issueAccessCode(t.deps.db, t.deps, couple.accountId, { provesEmail: false });
    expect(await emailVerifiedAt(couple.email)).toBeNull();
    await issueAccessCode(t.deps.db, t.deps, couple.accountId, { provesEmail: true });
    const proven = await emailVerifiedAt(couple.email);
    expect(proven).toEqual(expect.any(String));
    // Once proven it stays proven.
    await issueAccessCode(t.deps.db, t.deps, couple.accountId, { provesEmail: false });
    expect(await emailVerifiedAt(couple.email)).toBe(proven);

    const bought = victimEmail();
    await createOrder(t.deps, { email: bought, firstName: 'New', lastName: 'Buyer' });
    expect(await emailVerifiedAt(bought)).toEqual(expect.any(String));
  });
});

describe('a completed order for an account whose email was never proven', () => {
  /** A registered account (password) that somehow carries an email nobody proved. */
  async function registeredWithEmail(verified: boolean) {
    const username = uniqueUsername();
    const couple = await createCouple(t.deps, { username, password: 'secret1', accessLevel: 'trial' });
    const email = victimEmail();
    await t.deps.db
      .updateTable('accounts')
      .set({ email, email_verified_at: verified ? new Date().toISOString() : null })
      .where('id', '=', couple.accountId)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user-login',
      payload: { username, password: 'secret1' },
    });
    expect(res.statusCode).toBe(200);
    return { ...couple, username, cookie: cookieFrom(res.headers['set-cookie']) };
  }

  it('ends its password sessions even when the order issues no code', async () => {
    const account = await registeredWithEmail(false);
    // The account keeps its own email: the order issues no code.
    const order = await createOrder(t.deps, {
      email: victimEmail(),
      firstName: 'A',
      lastName: 'B',
      username: account.username,
    });
    expect(order.accessCode).toBeNull();
    expect((await profile(account.coupleId, account.cookie)).statusCode).toBe(401);
  });

  it('leaves the sessions of an account with a proven email alone when no code is issued', async () => {
    const account = await registeredWithEmail(true);
    const order = await createOrder(t.deps, {
      email: victimEmail(),
      firstName: 'A',
      lastName: 'B',
      username: account.username,
    });
    expect(order.accessCode).toBeNull();
    expect((await profile(account.coupleId, account.cookie)).statusCode).toBe(200);
  });
});
