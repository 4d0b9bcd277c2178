import { describe, expect, it } from 'vitest';
import { PAYMENT_INTENT_ID_PATTERN } from '../../../shared/orders-schemas';
import { createCouple, useTestApp } from '../../test/harness';
import { verifyAccessCode as verifyWithSecrets } from '../auth/passwords';
import { createOrder, generateOrderId } from './service';

const t = useTestApp({ PORT: '4321' });

const verifyAccessCode = (code: string, stored: string | null | undefined) => verifyWithSecrets(code, stored, t.deps);

let sequence = 0;
const uniqueEmail = () => `buyer${++sequence}-${Date.now()}@example.com`;

async function accountByEmail(email: string) {
  return t.deps.db
    .selectFrom('accounts')
    .innerJoin('couples', 'couples.id', 'accounts.couple_id')
    .select([
      'accounts.id as accountId',
      'accounts.username',
      'accounts.access_code_hash as accessCodeHash',
      'couples.id as coupleId',
      'couples.access_level as accessLevel',
      'couples.display_name as displayName',
      'couples.partner_name as partnerName',
    ])
    .where('accounts.email', '=', email)
    .executeTakeFirst();
}

async function orderRow(id: string) {
  return t.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

async function count(table: 'couples' | 'accounts' | 'orders') {
  const row = await t.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('createOrder', () => {
  it('creates a full-access couple with an empty profile and a personal code for a new email', async () => {
    const email = uniqueEmail();
    const created = await createOrder(t.deps, {
      email: ` ${email.toUpperCase()} `,
      firstName: 'Ana',
      lastName: 'Lima',
    });

    expect(created).toEqual({
      orderId: expect.stringMatching(PAYMENT_INTENT_ID_PATTERN),
      email,
      status: 'completed',
      accessCode: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/),
      successUrl: `http://localhost:4321/success?payment_intent=${created.orderId}`,
    });
    const account = await accountByEmail(email);
    expect(account).toMatchObject({ accessLevel: 'full', displayName: '', partnerName: '', username: null });
    expect(await verifyAccessCode(created.accessCode!, account!.accessCodeHash)).toBe(true);
    expect(await orderRow(created.orderId)).toMatchObject({
      couple_id: account!.coupleId,
      amount: 4900,
      first_name: 'Ana',
      last_name: 'Lima',
      email,
      status: 'completed',
    });
  });

  it('upgrades an existing trial account with that email and replaces its code', async () => {
    const trial = await createCouple(t.deps, { accessLevel: 'trial', email: uniqueEmail() });
    const first = await createOrder(t.deps, {
      email: trial.email,
      firstName: 'Kai',
      lastName: 'Moana',
      amount: '3900',
    });
    const afterFirst = await accountByEmail(trial.email);
    expect(afterFirst).toMatchObject({ accountId: trial.accountId, coupleId: trial.coupleId, accessLevel: 'full' });
    expect(await verifyAccessCode(first.accessCode!, afterFirst!.accessCodeHash)).toBe(true);
    expect((await orderRow(first.orderId))?.amount).toBe(3900);

    const couples = await count('couples');
    const second = await createOrder(t.deps, { email: trial.email, firstName: 'Kai', lastName: 'Moana' });
    const afterSecond = await accountByEmail(trial.email);
    expect(await count('couples')).toBe(couples);
    expect(await verifyAccessCode(second.accessCode!, afterSecond!.accessCodeHash)).toBe(true);
    expect(await verifyAccessCode(first.accessCode!, afterSecond!.accessCodeHash)).toBe(false);
  });

  it('takes the configured price and currency when no amount is given (PRICE_CENTS, CURRENCY)', async () => {
    const config = { ...t.deps.config, payments: { ...t.deps.config.payments, priceCents: 3900, currency: 'eur' } };
    const deps = { ...t.deps, config };
    const byDefault = await createOrder(deps, {
      email: uniqueEmail(),
      firstName: 'A',
      lastName: 'B',
      status: 'pending',
    });
    expect(await orderRow(byDefault.orderId)).toMatchObject({ amount: 3900, currency: 'eur' });
    const given = await createOrder(deps, {
      email: uniqueEmail(),
      firstName: 'A',
      lastName: 'B',
      status: 'pending',
      amount: 2500,
    });
    expect(await orderRow(given.orderId)).toMatchObject({ amount: 2500, currency: 'eur' });
  });

  it('stores only the order when it is pending', async () => {
    const email = uniqueEmail();
    const before = { couples: await count('couples'), accounts: await count('accounts') };
    const created = await createOrder(t.deps, { email, firstName: 'Lee', lastName: 'Park', status: 'pending' });
    expect(created).toMatchObject({ status: 'pending', accessCode: null });
    expect({ couples: await count('couples'), accounts: await count('accounts') }).toEqual(before);
    expect(await orderRow(created.orderId)).toMatchObject({ status: 'pending', couple_id: null });

    const trial = await createCouple(t.deps, { accessLevel: 'trial', email: uniqueEmail() });
    const linked = await createOrder(t.deps, { email: trial.email, firstName: 'A', lastName: 'B', status: 'pending' });
    expect(await orderRow(linked.orderId)).toMatchObject({ couple_id: trial.coupleId });
    expect(await accountByEmail(trial.email)).toMatchObject({ accessLevel: 'trial', accessCodeHash: null });
  });

  it('attaches an order to a registered account by username and gives it the email and a code', async () => {
    const username = `river${Date.now()}`;
    const registered = await createCouple(t.deps, { accessLevel: 'trial', username, password: 'secret-pass' });
    const email = uniqueEmail();
    const created = await createOrder(t.deps, {
      email,
      firstName: 'River',
      lastName: 'Song',
      username: username.toUpperCase(),
    });

    const account = await accountByEmail(email);
    expect(account).toMatchObject({ accountId: registered.accountId, accessLevel: 'full', username });
    expect(await verifyAccessCode(created.accessCode!, account!.accessCodeHash)).toBe(true);
    expect(await orderRow(created.orderId)).toMatchObject({ couple_id: registered.coupleId });

    // A later order with the same email and username issues a fresh code.
    const again = await createOrder(t.deps, { email, firstName: 'River', lastName: 'Song', username });
    expect(await verifyAccessCode(again.accessCode!, (await accountByEmail(email))!.accessCodeHash)).toBe(true);
  });

  it('upgrades a registered account but leaves its own email alone when it already has another one', async () => {
    const username = `sky${Date.now()}`;
    const registered = await createCouple(t.deps, { accessLevel: 'trial', username, password: 'secret-pass' });
    const firstEmail = uniqueEmail();
    await createOrder(t.deps, { email: firstEmail, firstName: 'S', lastName: 'K', username });
    const other = await createOrder(t.deps, { email: uniqueEmail(), firstName: 'S', lastName: 'K', username });
    expect(other.accessCode).toBeNull();
    expect(await accountByEmail(firstEmail)).toMatchObject({ accountId: registered.accountId, accessLevel: 'full' });
    expect(await orderRow(other.orderId)).toMatchObject({ couple_id: registered.coupleId });
  });

  it('refuses an unknown username, or an email that belongs to another account, and stores nothing', async () => {
    const orders = await count('orders');
    await expect(
      createOrder(t.deps, { email: uniqueEmail(), firstName: 'A', lastName: 'B', username: 'nobody-here' }),
    ).rejects.toThrow('No account registered with the username nobody-here.');

    const username = `lake${Date.now()}`;
    const registered = await createCouple(t.deps, { accessLevel: 'trial', username, password: 'secret-pass' });
    const someoneElse = await createCouple(t.deps, { accessLevel: 'trial', email: uniqueEmail() });
    await expect(
      createOrder(t.deps, { email: someoneElse.email, firstName: 'A', lastName: 'B', username }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await count('orders')).toBe(orders);
    const stillTrial = await t.deps.db
      .selectFrom('couples')
      .select('access_level')
      .where('id', '=', registered.coupleId)
      .executeTakeFirst();
    expect(stillTrial?.access_level).toBe('trial');
  });

  it('refuses bad input naming the field', async () => {
    const base = { email: uniqueEmail(), firstName: 'A', lastName: 'B' };
    await expect(createOrder(t.deps, { ...base, email: 'no-at-sign' })).rejects.toThrow(
      'email must be a valid email address',
    );
    await expect(createOrder(t.deps, { ...base, lastName: ' ' })).rejects.toThrow('lastName is required');
    await expect(createOrder(t.deps, { ...base, amount: '-1' })).rejects.toThrow(
      'amount must be a whole number of cents',
    );
    await expect(createOrder(t.deps, { ...base, status: 'refunded' as never })).rejects.toThrow(
      'status must be completed or pending',
    );
  });
});

describe('generateOrderId', () => {
  it('makes distinct payment-intent-like ids', () => {
    const ids = new Set(Array.from({ length: 500 }, generateOrderId));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
  });
});
