import { describe, expect, it } from 'vitest';
import { accessLevelOf, adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { CODE_NOT_SENT_WITHOUT_MAIL } from '../mail/service';
import { codeIn, withMailDelivered as withMailIn } from '../mail/test-support';
import { addOrder } from './test-support';
import { refundOrder } from './admin-service';
import { csvCell, csvLine } from './csv';

const t = useTestApp({ PUBLIC_URL: 'https://vows.example' });

let sequence = 0;
const uniqueEmail = (prefix = 'buyer') => `${prefix}${++sequence}-${Date.now()}@example.com`;

async function asAdmin() {
  return callerFor(t, await adminCookie(t.deps));
}

async function signInWithCode(email: string, accessCode: string) {
  return t.app.inject({ method: 'POST', url: '/api/customer-auth/login', payload: { email, accessCode } });
}

const withMailDelivered = <T>(action: () => Promise<T>) => withMailIn(t.deps, action);

/** The emails written to `email`, oldest first. */
function mailTo(email: string) {
  return t.deps.db
    .selectFrom('outbound_emails')
    .select(['kind', 'subject', 'text_body as text', 'sensitive'])
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();
}

/** Whether the couple's browser (its Cookie header) is still signed in. */
async function signedIn(cookie: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).statusCode === 200;
}

/** A couple who may hold answers: signed in, in Spanish. */
async function existingCouple(accessLevel: 'trial' | 'full' = 'trial') {
  const couple = await createCouple(t.deps, { accessLevel, email: uniqueEmail('couple') });
  await t.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', couple.accountId).execute();
  return { ...couple, cookie: await sessionCookie(t.deps, couple.accountId) };
}

async function auditActions(target: string) {
  const rows = await t.deps.db
    .selectFrom('admin_audit_log')
    .select(['action', 'actor_username'])
    .where('target', '=', target)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('recording an order from the page', () => {
  it('uses the order:create service: without mail a brand-new account shows its code once, with the PUBLIC_URL success link', async () => {
    const admin = await asAdmin();
    const email = uniqueEmail();
    const created = await admin.adminOrders.record({ email, firstName: 'Ana', lastName: 'Lima', status: 'completed' });
    expect(created.successUrl).toBe(`https://vows.example/success?payment_intent=${created.orderId}`);
    expect(created.accessCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(created.sentTo).toBeNull();
    expect((await signInWithCode(email, created.accessCode!)).statusCode).toBe(200);
    expect(await auditActions(`order ${created.orderId}`)).toEqual(['order.record']);
  });

  it('records a pending order without a code; bad input is a 400 naming the field', async () => {
    const admin = await asAdmin();
    const created = await admin.adminOrders.record({
      email: uniqueEmail(),
      firstName: 'A',
      lastName: 'B',
      status: 'pending',
    });
    expect(created).toMatchObject({ accessCode: null, sentTo: null });
    await expect(
      admin.adminOrders.record({ email: 'not-an-email', firstName: 'A', lastName: 'B' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/email/),
    });
  });
});

describe('marking a pending order paid', () => {
  it('completes it, grants full access and emails the couple a code the seller never sees; a second time is refused', async () => {
    const admin = await asAdmin();
    const trial = await existingCouple();
    const email = trial.email;
    const pending = await admin.adminOrders.record({ email, firstName: 'A', lastName: 'B', status: 'pending' });
    const paid = await withMailDelivered(() => admin.adminOrders.markPaid({ orderId: pending.orderId }));
    expect(paid).toMatchObject({ status: 'completed', email, accessCode: null, sentTo: email });
    expect(await accessLevelOf(t.deps, trial.coupleId)).toBe('full');
    const [mail] = await mailTo(email);
    expect(mail).toMatchObject({ kind: 'access-code', sensitive: 1 });
    expect(mail!.text).toContain('¡Gracias por su compra!');
    expect(JSON.stringify(paid)).not.toContain(codeIn(mail!.text));
    expect((await signInWithCode(email, codeIn(mail!.text))).statusCode).toBe(200);
    const order = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', pending.orderId).executeTakeFirst();
    expect(order).toMatchObject({ status: 'completed', couple_id: trial.coupleId });
    await expect(admin.adminOrders.markPaid({ orderId: pending.orderId })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await auditActions(`order ${pending.orderId}`)).toEqual(['order.record', 'order.mark-paid']);
  });

  it('creates the account for an email nobody signs in with yet, whose first code shows once without mail', async () => {
    const admin = await asAdmin();
    const email = uniqueEmail();
    const pending = await admin.adminOrders.record({ email, firstName: 'A', lastName: 'B', status: 'pending' });
    const paid = await admin.adminOrders.markPaid({ orderId: pending.orderId });
    expect(paid.sentTo).toBeNull();
    expect((await signInWithCode(email, paid.accessCode!)).statusCode).toBe(200);
  });

  // Decision 0369: the code of an account that may hold answers never reaches the seller's screen.
  it('refuses an existing couple without mail, changing nothing', async () => {
    const admin = await asAdmin();
    const couple = await existingCouple();
    const pending = await admin.adminOrders.record({
      email: couple.email,
      firstName: 'A',
      lastName: 'B',
      status: 'pending',
    });
    await expect(admin.adminOrders.markPaid({ orderId: pending.orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: CODE_NOT_SENT_WITHOUT_MAIL,
    });
    const order = await t.deps.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', pending.orderId)
      .executeTakeFirst();
    expect(order?.status).toBe('pending');
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('trial');
    expect(await signedIn(couple.cookie)).toBe(true);
    expect(await mailTo(couple.email)).toEqual([]);
    expect(await auditActions(`order ${pending.orderId}`)).toEqual(['order.record']);
  });

  it('answers 404 for an unknown order', async () => {
    const admin = await asAdmin();
    await expect(admin.adminOrders.markPaid({ orderId: 'pi_doesNotExist1' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('refunds (docs/product.md#orders)', () => {
  it('mark the order refunded and drop the couple to trial; nothing is deleted', async () => {
    const admin = await asAdmin();
    const email = uniqueEmail();
    const created = await admin.adminOrders.record({ email, firstName: 'A', lastName: 'B' });
    const account = await t.deps.db
      .selectFrom('accounts')
      .select('couple_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const result = await admin.adminOrders.refund({ orderId: created.orderId });
    expect(result).toEqual({
      orderId: created.orderId,
      changed: true,
      coupleId: account.couple_id,
      accessLevel: 'trial',
      accessDropped: true,
      giftVoided: false,
      certificatesRevoked: 0,
      revokedCertificates: [],
    });
    expect(await accessLevelOf(t.deps, account.couple_id!)).toBe('trial');
    const order = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', created.orderId).executeTakeFirst();
    expect(order).toMatchObject({ status: 'refunded', couple_id: account.couple_id, email });
    // The couple still signs in, with trial access.
    expect((await signInWithCode(email, created.accessCode!)).statusCode).toBe(200);
  });

  it('are idempotent: a second refund changes nothing and writes no second audit line', async () => {
    const admin = await asAdmin();
    const created = await admin.adminOrders.record({ email: uniqueEmail(), firstName: 'A', lastName: 'B' });
    await admin.adminOrders.refund({ orderId: created.orderId });
    const again = await admin.adminOrders.refund({ orderId: created.orderId });
    expect(again).toMatchObject({ changed: false, accessLevel: 'trial', accessDropped: false });
    expect(await auditActions(`order ${created.orderId}`)).toEqual(['order.record', 'order.refund']);
  });

  it('keep full access when another completed order carries the email', async () => {
    const admin = await asAdmin();
    const email = uniqueEmail();
    const first = await admin.adminOrders.record({ email, firstName: 'A', lastName: 'B' });
    // The second order's code goes to the account the first one made (decision 0369).
    await withMailDelivered(() => admin.adminOrders.record({ email, firstName: 'A', lastName: 'B' }));
    const result = await admin.adminOrders.refund({ orderId: first.orderId });
    expect(result).toMatchObject({ changed: true, accessLevel: 'full', accessDropped: false });
  });

  it('drop access when the other order is pending or refunded too', async () => {
    const couple = await createCouple(t.deps, { accessLevel: 'full' });
    const paid = await addOrder(t.deps, { email: couple.email, coupleId: couple.coupleId });
    await addOrder(t.deps, { email: couple.email, coupleId: couple.coupleId, status: 'pending' });
    await addOrder(t.deps, { email: couple.email, status: 'refunded' });
    expect(await refundOrder(t.deps.db, paid.id)).toMatchObject({ accessLevel: 'trial', accessDropped: true });
  });

  it('refuse a pending order (409), and run inside a caller transaction (the webhook)', async () => {
    const pending = await addOrder(t.deps, { status: 'pending', email: uniqueEmail() });
    await expect(refundOrder(t.deps.db, pending.id)).rejects.toMatchObject({ status: 409 });
    const couple = await createCouple(t.deps, { accessLevel: 'full' });
    const order = await addOrder(t.deps, { email: couple.email, coupleId: couple.coupleId });
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await refundOrder(trx, order.id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('full');
  });
});

describe('recording an order for a couple who already has an account (decision 0369)', () => {
  it('emails their new code in their language; the seller sees only where it went', async () => {
    const admin = await asAdmin();
    const couple = await existingCouple();
    const created = await withMailDelivered(() =>
      admin.adminOrders.record({ email: couple.email, firstName: 'Ana', lastName: 'Lima' }),
    );
    expect(created).toMatchObject({ status: 'completed', accessCode: null, sentTo: couple.email });
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('full');
    expect(await signedIn(couple.cookie)).toBe(false);
    const [mail] = await mailTo(couple.email);
    expect(mail).toMatchObject({ kind: 'access-code', sensitive: 1 });
    expect(mail!.text).toContain('¡Gracias por su compra!');
    expect((await signInWithCode(couple.email, codeIn(mail!.text))).statusCode).toBe(200);
    expect(await auditActions(`order ${created.orderId}`)).toEqual(['order.record']);
  });

  it('is refused without mail, and nothing changes: no order, no code, no email, no audit line', async () => {
    const admin = await asAdmin();
    const couple = await existingCouple();
    const auditLines = async () =>
      (
        await t.deps.db
          .selectFrom('admin_audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await auditLines();
    await expect(
      admin.adminOrders.record({ email: couple.email, firstName: 'Ana', lastName: 'Lima' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: CODE_NOT_SENT_WITHOUT_MAIL });
    expect(await t.deps.db.selectFrom('orders').select('id').where('email', '=', couple.email).execute()).toEqual([]);
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('trial');
    expect(await signedIn(couple.cookie)).toBe(true);
    expect(await mailTo(couple.email)).toEqual([]);
    expect(Number(await auditLines())).toBe(Number(before));
  });

  it('with mail, a brand-new account’s code is emailed too, never shown', async () => {
    const email = uniqueEmail();
    const created = await withMailDelivered(async () =>
      (await asAdmin()).adminOrders.record({ email, firstName: 'Ana', lastName: 'Lima' }),
    );
    expect(created).toMatchObject({ accessCode: null, sentTo: email });
    const [mail] = await mailTo(email);
    expect((await signInWithCode(email, codeIn(mail!.text))).statusCode).toBe(200);
  });
});

describe('resending access', () => {
  it('emails a new code the seller never sees, in their language; the old code stops working and sessions end', async () => {
    const admin = await asAdmin();
    const couple = await existingCouple('full');
    const order = await addOrder(t.deps, { email: couple.email, coupleId: couple.coupleId });
    const resend = () => withMailDelivered(() => admin.adminOrders.resendAccess({ orderId: order.id }));
    expect(await resend()).toEqual({ orderId: order.id, email: couple.email, sentTo: couple.email });
    expect(await signedIn(couple.cookie)).toBe(false);
    const [first] = await mailTo(couple.email);
    expect(first).toMatchObject({ kind: 'requested-code', sensitive: 1 });
    expect(first!.text).toContain('Les generamos un nuevo código de acceso');
    const oldCode = codeIn(first!.text);
    const cookie = String((await signInWithCode(couple.email, oldCode)).headers['set-cookie']).split(';')[0]!;

    await resend();
    expect((await signInWithCode(couple.email, oldCode)).statusCode).toBe(401);
    expect(await signedIn(cookie)).toBe(false);
    const newCode = codeIn((await mailTo(couple.email))[1]!.text);
    expect((await signInWithCode(couple.email, newCode)).statusCode).toBe(200);
    expect(await auditActions(`order ${order.id}`)).toEqual(['order.resend-access', 'order.resend-access']);
  });

  it('is refused without mail, changing nothing', async () => {
    const admin = await asAdmin();
    const couple = await existingCouple('full');
    const order = await addOrder(t.deps, { email: couple.email, coupleId: couple.coupleId });
    await expect(admin.adminOrders.resendAccess({ orderId: order.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: CODE_NOT_SENT_WITHOUT_MAIL,
    });
    expect(await signedIn(couple.cookie)).toBe(true);
    expect(await mailTo(couple.email)).toEqual([]);
    expect(await auditActions(`order ${order.id}`)).toEqual([]);
  });

  it('refuses a pending order', async () => {
    const admin = await asAdmin();
    const pending = await admin.adminOrders.record({
      email: uniqueEmail(),
      firstName: 'A',
      lastName: 'B',
      status: 'pending',
    });
    await expect(admin.adminOrders.resendAccess({ orderId: pending.orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});

describe('the orders list', () => {
  it('pages newest first, searches by id, email and name prefixes, and filters by status', async () => {
    const admin = await asAdmin();
    const tag = `zq${Date.now()}`;
    const made: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const order = await addOrder(t.deps, {
        email: `${tag}-${i}@example.com`,
        status: i % 3 === 0 ? 'pending' : 'completed',
      });
      await t.deps.db
        .updateTable('orders')
        .set({ created_at: new Date(Date.UTC(2030, 0, 1 + i)).toISOString(), last_name: `${tag}Name${i}` })
        .where('id', '=', order.id)
        .execute();
      made.push(order.id);
    }
    const first = await admin.adminOrders.list({ search: tag, pageSize: 5 });
    expect(first.total).toBe(7);
    expect(first.items.map((row) => row.id)).toEqual([...made].reverse().slice(0, 5));
    const second = await admin.adminOrders.list({ search: tag, pageSize: 5, page: 2 });
    expect(second.items.map((row) => row.id)).toEqual([made[1], made[0]]);
    expect((await admin.adminOrders.list({ search: `${tag}-3@` })).items.map((row) => row.id)).toEqual([made[3]]);
    expect((await admin.adminOrders.list({ search: made[4]! })).items.map((row) => row.id)).toEqual([made[4]]);
    expect((await admin.adminOrders.list({ search: `noor ${tag.toUpperCase()}NAME5` })).items.map((r) => r.id)).toEqual(
      [made[5]],
    );
    const pending = await admin.adminOrders.list({ search: tag, status: 'pending' });
    expect(pending.items.map((row) => row.id)).toEqual([made[6], made[3], made[0]]);
    expect(pending.items[0]).toMatchObject({
      status: 'pending',
      amount: 4900,
      currency: 'usd',
      firstName: 'Noor',
      paidThroughStripe: false,
    });
  });

  // QA: a payment kept pending for the seller said only "pending", never why.
  it('says why a pending order waits (its flag), and nothing once it is no longer pending', async () => {
    const admin = await asAdmin();
    const tag = `fl${Date.now()}`;
    const flag =
      'Paid 100 usd, not the price 4900 usd: check the payment in Stripe, then mark the order paid or refund it.';
    const flagged = await addOrder(t.deps, { email: `${tag}-1@example.com`, status: 'pending' });
    const paid = await addOrder(t.deps, { email: `${tag}-2@example.com`, status: 'completed' });
    const plain = await addOrder(t.deps, { email: `${tag}-3@example.com`, status: 'pending' });
    await t.deps.db.updateTable('orders').set({ flag }).where('id', 'in', [flagged.id, paid.id]).execute();
    const flags = Object.fromEntries(
      (await admin.adminOrders.list({ search: tag })).items.map((row) => [row.id, row.flag]),
    );
    expect(flags).toEqual({ [flagged.id]: flag, [paid.id]: null, [plain.id]: null });
  });

  it('refuses a page size above 100', async () => {
    const admin = await asAdmin();
    await expect(admin.adminOrders.list({ pageSize: 500 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/pageSize/),
    });
  });
});

describe('admins only', () => {
  const CALLS = [
    (caller: Awaited<ReturnType<typeof callerFor>>) => caller.adminOrders.list({}),
    (caller: Awaited<ReturnType<typeof callerFor>>) =>
      caller.adminOrders.record({ email: 'x@example.com', firstName: 'A', lastName: 'B' }),
    (caller: Awaited<ReturnType<typeof callerFor>>) => caller.adminOrders.markPaid({ orderId: 'pi_x1' }),
    (caller: Awaited<ReturnType<typeof callerFor>>) => caller.adminOrders.refund({ orderId: 'pi_x1' }),
    (caller: Awaited<ReturnType<typeof callerFor>>) => caller.adminOrders.resendAccess({ orderId: 'pi_x1' }),
  ];

  it('through createCaller: 401 anonymous, 403 a couple', async () => {
    const couple = await createCouple(t.deps);
    const asCouple = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    const anonymous = await callerFor(t);
    for (const call of CALLS) {
      await expect(call(anonymous)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(call(asCouple)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('over HTTP: the list and the CSV export answer 401 and 403', async () => {
    const couple = await createCouple(t.deps);
    const cookie = await sessionCookie(t.deps, couple.accountId);
    for (const url of ['/api/trpc/adminOrders.list?input=%7B%7D', '/api/admin/orders.csv']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(403);
    }
  });
});

describe('the CSV export', () => {
  it('escapes cells and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('streams every matching order with the filters, formulas defused', async () => {
    const tag = `csv${Date.now()}`;
    const order = await addOrder(t.deps, { email: `${tag}@example.com`, status: 'refunded' });
    await t.deps.db
      .updateTable('orders')
      .set({ first_name: '=cmd|calc', last_name: 'O"Brien, Jr' })
      .where('id', '=', order.id)
      .execute();
    await addOrder(t.deps, { email: `${tag}-other@example.com`, status: 'completed' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?search=${tag}&status=refunded`,
      headers: { cookie: await adminCookie(t.deps) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFForder_id,status,amount,currency,first_name,last_name,email,created_at,paid_through_stripe,payment_failed',
      `${order.id},refunded,49.00,USD,'=cmd|calc,"O""Brien, Jr",${tag}@example.com,${order.created_at},false,false`,
      '',
    ]);
  });

  it('marks a pending order whose delayed payment failed', async () => {
    const tag = `failedcsv${Date.now()}`;
    const failed = await addOrder(t.deps, { email: `${tag}@example.com`, status: 'pending' });
    await t.deps.db
      .updateTable('orders')
      .set({ payment_failed_at: new Date().toISOString() })
      .where('id', '=', failed.id)
      .execute();
    const waiting = await addOrder(t.deps, { email: `${tag}-waiting@example.com`, status: 'pending' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?search=${tag}`,
      headers: { cookie: await adminCookie(t.deps) },
    });
    const rows = Object.fromEntries(
      res.body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => [line.split(',')[0], line.split(',').slice(1)]),
    );
    expect(rows[failed.id]?.[0]).toBe('pending');
    expect(rows[failed.id]?.at(-1)).toBe('true');
    expect(rows[waiting.id]?.at(-1)).toBe('false');
  });

  it('answers 400 for an unknown status', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders.csv?status=lost',
      headers: { cookie: await adminCookie(t.deps) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/status/);
  });

  it('pages through more orders than one batch', async () => {
    const tag = `many${Date.now()}`;
    for (let i = 0; i < 520; i += 1) await addOrder(t.deps, { email: `${tag}-${i}@example.com` });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?search=${tag}`,
      headers: { cookie: await adminCookie(t.deps) },
    });
    const lines = res.body.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(521);
    expect(new Set(lines).size).toBe(521);
  });
});
