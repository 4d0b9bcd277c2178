import { describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';

/*
 * Decision 0334: the contact messages a couple sent from their sign-in addresses go with their
 * account, and the seller's replies to them still in the outbox (they quote the message). A
 * security review found them in contact_messages after "Delete our account". Anyone else's
 * messages stay, and so does the seller's own notice of each message (mail to the seller).
 */
const t = useTestApp({ ADMIN_EMAIL: 'seller@example.com' });
let sequence = 0;

async function coupleWhoWrote() {
  sequence += 1;
  const tag = `c${sequence}x${Date.now()}`;
  const email = `${tag}@example.com`;
  const couple = await createCouple(t.deps, { email });
  const cookie = await sessionCookie(t.deps, couple.accountId);
  const caller = await callerFor(t, cookie);
  await caller.contact.send({ firstName: 'Robin', lastName: tag, email, subject: 'general', message: `Ours ${tag}` });
  // Someone else's message, sent while signed in as the couple (the form takes any address).
  await caller.contact.send({
    firstName: 'Sam',
    lastName: tag,
    email: `other-${tag}@example.com`,
    subject: 'course',
    message: `Not theirs ${tag}`,
  });
  const admin = await callerFor(t, await adminCookie(t.deps));
  const inbox = await admin.contact.list({ search: tag });
  for (const item of inbox.items) await admin.mail.replyToMessage({ messageId: item.id, body: `Answer ${tag}` });
  return { ...couple, email, tag, cookie, admin };
}

const messagesOf = (tag: string) =>
  t.deps.db
    .selectFrom('contact_messages')
    .select('message')
    .where('last_name', '=', tag)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => row.message));
const outboxHolding = (tag: string) =>
  t.deps.db
    .selectFrom('outbound_emails')
    .select(['kind', 'recipient'])
    .where('text_body', 'like', `%${tag}%`)
    .orderBy('id')
    .execute();

async function expectOnlyOthersLeft(couple: Awaited<ReturnType<typeof coupleWhoWrote>>) {
  expect(await messagesOf(couple.tag)).toEqual([`Not theirs ${couple.tag}`]);
  expect(await outboxHolding(couple.tag)).toEqual([
    { kind: 'contact-notice', recipient: 'seller@example.com' },
    { kind: 'contact-notice', recipient: 'seller@example.com' },
    { kind: 'contact-reply', recipient: `other-${couple.tag}@example.com` },
  ]);
  expect((await couple.admin.contact.list({ search: couple.tag })).total).toBe(1);
}

describe("deleting a couple erases the contact messages from the couple's addresses (decision 0334)", () => {
  it('"Delete our account": their message and the reply to it go, nobody else’s', async () => {
    const couple = await coupleWhoWrote();
    // The check can fail: both messages and both replies are there before the deletion.
    expect(await messagesOf(couple.tag)).toHaveLength(2);
    expect((await outboxHolding(couple.tag)).filter((row) => row.kind === 'contact-reply')).toHaveLength(2);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/ourData.deleteAccount',
      headers: { cookie: couple.cookie },
      payload: { confirmation: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectOnlyOthersLeft(couple);
  });

  it("the back office's deletion: the same", async () => {
    const couple = await coupleWhoWrote();
    expect(await messagesOf(couple.tag)).toHaveLength(2);
    await couple.admin.adminCouples.delete({ coupleId: couple.coupleId, confirmation: couple.email });
    await expectOnlyOthersLeft(couple);
  });
});
