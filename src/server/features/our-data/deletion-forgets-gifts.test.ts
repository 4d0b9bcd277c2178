import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, sessionCookie, trpcError, useTestApp } from '../../test/harness';
import { GIFT_CARD_FORGOTTEN } from '../gifts/service';
import { MailWorker } from '../mail/worker';

/*
 * Decision 0334: a gift belongs to its buyer, but once the couple who opened it deletes their
 * account it no longer holds them. A security review found, after "Delete our account", the gift
 * row with the couple's names, email and the message to them, and its gift email (names, message,
 * code) still queued to the couple's address. Both deletions now erase the gift email and blank
 * the couple's part of the gift; the buyer's receipt and the seller's order stay.
 */
const t = useTestApp({ PUBLIC_URL: 'https://course.example.com' });
let sequence = 0;

/** A couple who opened a gift (its email still queued, or sent once `send` runs the worker) and another one not opened yet. */
async function coupleWithGifts(options: { send: boolean }) {
  sequence += 1;
  const tag = `q${sequence}x${Date.now()}`;
  const email = `${tag}@example.com`;
  const couple = await createCouple(t.deps, { email, displayName: `Robin${tag}`, partnerName: `Casey${tag}` });
  const cookie = await sessionCookie(t.deps, couple.accountId);
  const admin = await callerFor(t, await adminCookie(t.deps));
  const gift = await admin.adminGifts.record({
    buyerName: `Aunt${tag}`,
    buyerEmail: `aunt-${tag}@example.com`,
    coupleNames: `Robin${tag} & Casey${tag}`,
    coupleEmail: email,
    message: `Love from the aunt ${tag}`,
    sendAt: null,
    locale: 'en',
  });
  // Another buyer's gift to the same address, for next month and not opened: theirs to keep.
  const later = await admin.adminGifts.record({
    buyerName: `Uncle${tag}`,
    buyerEmail: `uncle-${tag}@example.com`,
    coupleNames: `R and C ${tag}`,
    coupleEmail: email,
    message: `From the uncle ${tag}`,
    sendAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    locale: 'en',
  });
  const token = new URLSearchParams(new URL(gift.receiptUrl).hash.slice(1)).get('token')!;
  const caller = await callerFor(t, cookie);
  const { redeemCode } = await caller.gifts.receipt({ token });
  await caller.gifts.redeem({ code: redeemCode! });
  if (options.send) await new MailWorker(t.deps).runOnce();
  return { ...couple, email, tag, cookie, token, redeemCode: redeemCode!, giftId: gift.giftId, laterId: later.giftId };
}

const cardOf = (token: string) => t.app.inject({ method: 'GET', url: `/api/gifts/${token}/card.pdf` });

const giftRow = (id: number) =>
  t.deps.db.selectFrom('gifts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const giftEmailsTo = (email: string) =>
  t.deps.db
    .selectFrom('outbound_emails')
    .select(['id', 'status', 'subject'])
    .where('kind', '=', 'gift')
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();

function emlFilesHolding(word: string): string[] {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => fs.readFileSync(path.join(dir, name), 'utf8').includes(word));
}

async function expectForgotten(couple: Awaited<ReturnType<typeof coupleWithGifts>>) {
  const gift = await giftRow(couple.giftId);
  expect(gift).toMatchObject({
    couple_names: '',
    couple_email: '',
    message: '',
    couple_id: null,
    email_id: null,
    // The buyer's part stays: their receipt, the order for the seller's books.
    buyer_name: `Aunt${couple.tag}`,
    buyer_email: `aunt-${couple.tag}@example.com`,
    redeem_code: couple.redeemCode,
  });
  expect(gift.order_id).not.toBeNull();
  expect(gift.redeemed_at).not.toBeNull();
  const order = await t.deps.db
    .selectFrom('orders')
    .select(['email', 'couple_id'])
    .where('id', '=', gift.order_id!)
    .executeTakeFirstOrThrow();
  expect(order).toEqual({ email: `aunt-${couple.tag}@example.com`, couple_id: null });
  // The opened gift's email is gone; the uncle's, still to come, stays with its gift.
  const later = await giftRow(couple.laterId);
  expect(await giftEmailsTo(couple.email)).toEqual([
    { id: later.email_id, status: 'pending', subject: expect.stringContaining(`Uncle${couple.tag}`) },
  ]);
  expect(later).toMatchObject({ couple_names: `R and C ${couple.tag}`, couple_email: couple.email });
  // The buyer's own receipt and "gift opened" emails stay theirs (the outbox's 90 days).
  expect(emlFilesHolding(`Robin${couple.tag}`).filter((name) => name.endsWith('-gift.eml'))).toEqual([]);
  // The buyer's receipt still answers, without the couple.
  const anonymous = await callerFor(t);
  expect(await anonymous.gifts.receipt({ token: couple.token })).toMatchObject({
    coupleNames: '',
    coupleEmail: '',
    status: 'redeemed',
    // Its card named them: no card any more, rather than one with blanks (decision 0344).
    cardUrl: null,
  });
  const card = await cardOf(couple.token);
  expect(card.statusCode).toBe(409);
  expect(card.json().message).toBe(GIFT_CARD_FORGOTTEN);
  // The code names nobody any more.
  expect((await trpcError(anonymous.gifts.preview({ code: couple.redeemCode }))).code).toBe('CONFLICT');
}

describe('deleting the couple who opened a gift forgets them in it (decision 0334)', () => {
  it('"Delete our account": the queued gift email goes, the gift keeps only the buyer', async () => {
    const couple = await coupleWithGifts({ send: false });
    // The check can fail: before the deletion the gift email waits in the outbox with the names.
    const before = await giftEmailsTo(couple.email);
    expect(before.map((row) => row.status)).toEqual(['pending', 'pending']);
    expect((await giftRow(couple.giftId)).couple_id).toBe(couple.coupleId);
    expect((await cardOf(couple.token)).statusCode).toBe(200);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/ourData.deleteAccount',
      headers: { cookie: couple.cookie },
      payload: { confirmation: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectForgotten(couple);
  });

  it("the back office's deletion: the same, a gift email already sent and its .eml file too", async () => {
    const couple = await coupleWithGifts({ send: true });
    expect((await giftEmailsTo(couple.email)).map((row) => row.status)).toEqual(['sent', 'pending']);
    expect(emlFilesHolding(`Robin${couple.tag}`).filter((name) => name.endsWith('-gift.eml'))).toHaveLength(1);
    const admin = await callerFor(t, await adminCookie(t.deps));
    await admin.adminCouples.delete({ coupleId: couple.coupleId, confirmation: couple.email });
    await expectForgotten(couple);
  });
});
