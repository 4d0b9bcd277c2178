import { describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, useTestApp } from '../../test/harness';
import { issueAccessCode } from '../auth/access-codes';
import { cookieFrom } from '../auth/test-support';

/*
 * A 100 % coupon and a stranger's email (security review, defect 4): the free order issued the
 * account with that email a new personal code, so anyone holding such a coupon could end the
 * owner's sessions and void their code as often as they liked (the new code went only to the
 * owner's inbox: a lockout lever, not a takeover). An order nobody paid for now upgrades the
 * account that has the email as it is, its code and sessions kept (decision 0316); a new email
 * still gets its account and code as before.
 */

const t = useTestApp();
let sequence = 0;

async function freeCoupon(): Promise<string> {
  sequence += 1;
  const code = `FREE-${sequence}-${Date.now().toString(36)}`.toUpperCase();
  const admin = await callerFor(t, await adminCookie(t.deps));
  await admin.adminCoupons.create({ code, kind: 'percent', amount: 100 });
  return code;
}

/** A couple who signs in with their email and personal code, and is signed in now. */
async function signedInOwner() {
  const owner = await createCouple(t.deps, {
    accessLevel: 'trial',
    email: `owner${++sequence}-${Date.now()}@example.com`,
  });
  const accessCode = await issueAccessCode(t.deps.db, t.deps, owner.accountId, { provesEmail: true });
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/customer-auth/login',
    payload: { email: owner.email, accessCode },
  });
  expect(signIn.statusCode).toBe(200);
  return { ...owner, accessCode, cookie: cookieFrom(signIn.headers['set-cookie']) };
}

/** The owner's code still opens the account, their session is still on, and no code was mailed. */
async function expectUntouched(owner: Awaited<ReturnType<typeof signedInOwner>>) {
  const session = await t.app.inject({ url: '/api/auth/check', headers: { cookie: owner.cookie } });
  expect(session.json()).toMatchObject({ authenticated: true });
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/customer-auth/login',
    payload: { email: owner.email, accessCode: owner.accessCode },
  });
  expect(again.statusCode).toBe(200);
  const mail = await t.deps.db
    .selectFrom('outbound_emails')
    .select('kind')
    .where('recipient', '=', owner.email)
    .execute();
  expect(mail.map((m) => m.kind)).not.toContain('access-code');
}

async function accessLevelOf(coupleId: number) {
  const row = await t.deps.db
    .selectFrom('couples')
    .select('access_level')
    .where('id', '=', coupleId)
    .executeTakeFirstOrThrow();
  return row.access_level;
}

describe('a free order for an email that already has an account', () => {
  it('through checkout: the account is upgraded as it is, its code and sessions kept', async () => {
    const owner = await signedInOwner();
    const anonymous = await callerFor(t);
    const { url } = await anonymous.payments.startCheckout({
      email: owner.email,
      firstName: 'Someone',
      lastName: 'Else',
      couponCode: await freeCoupon(),
    });
    const orderId = new URL(url).searchParams.get('payment_intent')!;
    // /success then says to sign in with the code the account has, not "the code we sent you".
    expect(new URL(url).searchParams.get('code')).toBe('kept');
    const order = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'completed', amount: 0, provider: 'coupon', couple_id: owner.coupleId });
    expect(await accessLevelOf(owner.coupleId)).toBe('full');
    await expectUntouched(owner);
  });

  it('bought while signed in: /success says the account was upgraded as it is, not to sign in', async () => {
    const owner = await signedInOwner();
    const signedIn = await callerFor(t, owner.cookie);
    const { url } = await signedIn.payments.startCheckout({
      email: owner.email,
      firstName: 'Owner',
      lastName: 'Self',
      couponCode: await freeCoupon(),
    });
    expect(new URL(url).searchParams.get('code')).toBe('signed-in');
    expect(await accessLevelOf(owner.coupleId)).toBe('full');
    await expectUntouched(owner);
  });

  it('through a gift bought with the coupon: opening it upgrades the account as it is', async () => {
    const owner = await signedInOwner();
    const anonymous = await callerFor(t);
    const { url } = await anonymous.payments.startGiftCheckout({
      buyerName: 'Someone Else',
      buyerEmail: `giver${++sequence}@example.com`,
      coupleNames: 'Them',
      coupleEmail: owner.email,
      message: '',
      sendAt: null,
      couponCode: await freeCoupon(),
    });
    const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token')!;
    const gift = await t.deps.db
      .selectFrom('gifts')
      .select('redeem_code')
      .where('buyer_token', '=', token)
      .executeTakeFirstOrThrow();
    // Signed out, the page says the account keeps its code ('existing'), not "go to your dashboard".
    expect(await anonymous.gifts.redeem({ code: gift.redeem_code })).toEqual({
      outcome: 'existing',
      email: owner.email,
    });
    expect(await accessLevelOf(owner.coupleId)).toBe('full');
    await expectUntouched(owner);
  });

  it('a new email still gets its account and its code by email', async () => {
    const email = `new${++sequence}-${Date.now()}@example.com`;
    const { url } = await (await callerFor(t)).payments.startCheckout({
      email,
      firstName: 'New',
      lastName: 'Buyer',
      couponCode: await freeCoupon(),
    });
    expect(new URL(url).searchParams.has('code')).toBe(false);
    const mail = await t.deps.db.selectFrom('outbound_emails').select('kind').where('recipient', '=', email).execute();
    expect(mail.map((m) => m.kind)).toEqual(['access-code']);
  });

  it('a new email opening a gift bought with the coupon gets the gift’s welcome with its code', async () => {
    const email = `newgift${++sequence}-${Date.now()}@example.com`;
    const anonymous = await callerFor(t);
    const { url } = await anonymous.payments.startGiftCheckout({
      buyerName: 'Abuela Rosa',
      buyerEmail: `giver${++sequence}@example.com`,
      coupleNames: 'Ana y Luis',
      coupleEmail: email,
      message: '',
      sendAt: null,
      couponCode: await freeCoupon(),
    });
    const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token')!;
    const gift = await t.deps.db
      .selectFrom('gifts')
      .select('redeem_code')
      .where('buyer_token', '=', token)
      .executeTakeFirstOrThrow();
    expect(await anonymous.gifts.redeem({ code: gift.redeem_code })).toEqual({ outcome: 'created', email });
    const mail = await t.deps.db
      .selectFrom('outbound_emails')
      .select(['kind', 'subject'])
      .where('recipient', '=', email)
      .where('kind', '=', 'access-code')
      .execute();
    expect(mail).toEqual([
      { kind: 'access-code', subject: 'Abuela Rosa’s gift is open: your Vows & Weeks access code' },
    ]);
  });
});
