import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../../db/client';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { cookieFrom } from '../auth/test-support';
import { MailWorker } from '../mail/worker';

/*
 * Decision 0318: a couple's emails are tied to the couple and erased with it, whatever address
 * they went to. A security review reproduced the emails that survived "Delete our account" (and
 * the back office's deletion), which erased only the emails to the couple's sign-in addresses at
 * the time: the partner invite sent to the address the inviter typed, and everything sent to a
 * partner whose personal sign-in had been removed (their code email...), with both names, the
 * invite link and code, in outbound_emails and in the outbox's .eml files.
 */
const t = useTestApp();
let sequence = 0;

/** Robin's couple: an invite emailed to a typed address, Casey's sign-in (its code emailed) removed since. */
async function coupleWithLeftoverAddresses() {
  sequence += 1;
  const tag = `${sequence}${Date.now()}`;
  const couple = await createCouple(t.deps, { displayName: `Robin${tag}`, partnerName: `Casey${tag}` });
  const robinCookie = await sessionCookie(t.deps, couple.accountId);
  const inviteTo = `invite-typed-${tag}@example.com`;
  const caseyEmail = `casey-own-${tag}@example.com`;
  const invite = await (await callerFor(t, robinCookie)).partners.createInvite({ email: inviteTo });
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/trpc/partners.acceptInvite',
    payload: { code: invite.code, email: caseyEmail },
  });
  expect(accepted.statusCode).toBe(200);
  expect(cookieFrom(accepted.headers['set-cookie'])).toBeTruthy();
  const robin = await callerFor(t, robinCookie);
  const caseyId = (await robin.partners.settings()).signIns.find((s) => s.partner === 'partner2')!.accountId;
  await robin.partners.removeSignIn({ accountId: caseyId });
  // An email to Robin's own address queued before emails were tied to their couple.
  const robinEmail = (await robin.partners.settings()).signIns.find((s) => s.isYou)!.email!;
  await t.deps.db
    .insertInto('outbound_emails')
    .values({
      message_id: `<old-${tag}@test>`,
      kind: 'weekly-reminder',
      recipient: robinEmail,
      subject: 'Week 2',
      text_body: `Hello Robin${tag}`,
      status: 'sent',
      next_attempt_at: 0,
      created_at: nowIso(),
    })
    .execute();
  // The outbox folder's .eml files (no SMTP_URL here).
  await new MailWorker(t.deps).runOnce();
  return { ...couple, tag, robinCookie, addresses: [inviteTo, caseyEmail, robinEmail] };
}

const emailsTo = (addresses: string[]) =>
  t.deps.db
    .selectFrom('outbound_emails')
    .select(['kind', 'recipient', 'couple_id'])
    .where('recipient', 'in', addresses)
    .orderBy('id')
    .execute();

/** The .eml files of the outbox that hold `word`. */
function emlFilesHolding(word: string): string[] {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => fs.readFileSync(path.join(dir, name), 'utf8').includes(word));
}

describe("deleting a couple erases the couple's emails, whatever address they went to", () => {
  it('"Delete our account": the partner invite and the removed partner’s emails go too', async () => {
    const couple = await coupleWithLeftoverAddresses();
    const [inviteTo, caseyEmail] = couple.addresses;
    const before = await emailsTo(couple.addresses);
    expect(before).toEqual([
      { kind: 'partner-invite', recipient: inviteTo, couple_id: couple.coupleId },
      { kind: 'partner-code', recipient: caseyEmail, couple_id: couple.coupleId },
      expect.objectContaining({ kind: 'weekly-reminder', couple_id: null }),
    ]);
    // The check can fail: the .eml files hold the names before the deletion.
    expect(emlFilesHolding(`Robin${couple.tag}`).length).toBeGreaterThan(0);
    // "Download our data" holds them too, as emails about the couple's account.
    const exported = await t.app.inject({ url: '/api/our-data', headers: { cookie: couple.robinCookie } });
    expect((exported.json() as { emails: { to: string }[] }).emails.map((email) => email.to).sort()).toEqual(
      [...couple.addresses].sort(),
    );

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/ourData.deleteAccount',
      headers: { cookie: couple.robinCookie },
      payload: { confirmation: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await emailsTo(couple.addresses)).toEqual([]);
    expect(emlFilesHolding(`Robin${couple.tag}`)).toEqual([]);
    expect(emlFilesHolding(`Casey${couple.tag}`)).toEqual([]);
  });

  it("the back office's deletion: the same", async () => {
    const couple = await coupleWithLeftoverAddresses();
    expect(await emailsTo(couple.addresses)).toHaveLength(3);
    const admin = await callerFor(t, await adminCookie(t.deps));
    await admin.adminCouples.delete({ coupleId: couple.coupleId, confirmation: couple.addresses[2]! });
    expect(await emailsTo(couple.addresses)).toEqual([]);
    expect(emlFilesHolding(`Robin${couple.tag}`)).toEqual([]);
    expect(emlFilesHolding(`Casey${couple.tag}`)).toEqual([]);
  });
});
