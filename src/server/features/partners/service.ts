import type { Partner } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import { AppError } from '../../../shared/errors';
import { linkWithSecret } from '../../../shared/link-secrets';
import {
  type AcceptedInvite,
  type AcceptInviteInput,
  type CreatedInvite,
  INVITE_VALID_DAYS,
  type InvitePreview,
  OWN_ANSWERS_ONLY_MESSAGE,
  type PartnerInviteView,
  type PartnerSettings,
  SEALED_MESSAGE,
  type ShareNotice,
  type WeekShareState,
} from '../../../shared/partner-schemas';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { type ReadingDeps, readOnce } from '../../deps/request-reads';
import type { CoupleAuth } from '../auth/access';
import { issueAccessCode } from '../auth/access-codes';
import { generateAccessCode, hashAccessCode, normalizeAccessCode } from '../auth/passwords';
import { createSession, deleteSessionByToken, deleteSessionsOfAccount } from '../auth/sessions';
import { localeOfAccount } from '../i18n/locale';
import { partnerCodeDelivery, queuePartnerInvite, queuePartnerSharedNotice } from '../mail/service';
import { queuePartnerSharedPush } from '../push/service';
import { assertWeekUnlocked } from '../progress/unlock';
import * as repo from './repo';

/*
 * Each partner signs in as themselves, and private answers stay sealed until both share
 * (docs/product.md#partner-sign-ins, docs/product.md#sealed-answers, decisions 0160-0163).
 */

/** Who reads or writes a partner's answers: the couple and the sign-in's partner binding. */
export type AnswerReader = Pick<CoupleAuth, 'coupleId' | 'partner' | 'privateAnswers'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const INVITES_LISTED = 20;

function otherPartner(partner: Partner): Partner {
  return partner === 'partner1' ? 'partner2' : 'partner1';
}

// ---------------- Sealing: THE rule, for every path that reads a partner's answers (decision 0162)

/**
 * Whether both partners have marked the week's answers as shared. Read once per request that
 * shares its reads (decision 0321): with private answers on, the week's answers batch asks it for
 * the other partner's answers and again for the summary; a change, a job or a REST route reads
 * afresh. What it answers holds for the request only.
 */
export async function isWeekRevealed(reads: ReadingDeps, coupleId: number, weekNumber: number): Promise<boolean> {
  return readOnce(reads, `partners.week-revealed:${coupleId}:${weekNumber}`, async () => {
    const shares = await repo.findWeekShares(reads.db, coupleId, weekNumber);
    return shares.length === 2;
  });
}

/**
 * Whether `reader` may read `partner`'s answers of the week: always their own; the other
 * partner's only when private answers are off, or once both have shared the week.
 */
export async function canReadPartner(
  reads: ReadingDeps,
  reader: AnswerReader,
  weekNumber: number,
  partner: Partner,
): Promise<boolean> {
  return canReadPartnerOnce(reader, partner, () => isWeekRevealed(reads, reader.coupleId, weekNumber));
}

/**
 * The rule itself, for any answers sealed until a reveal (a week both have shared; the
 * expectations inventory once both have finished, decision 0236): a reader always reads their own
 * answers, and a sign-in not bound to a partner (the shared device) reads both; a partner-bound
 * sign-in reads the other partner's only when private answers are off or once `revealed()` holds.
 */
export async function canReadPartnerOnce(
  reader: AnswerReader,
  partner: Partner,
  revealed: () => Promise<boolean>,
): Promise<boolean> {
  if (!reader.privateAnswers || reader.partner === null || reader.partner === partner) return true;
  return revealed();
}

/**
 * THE sealing rule (docs/product.md#sealed-answers): refuses with 403 a read of the other
 * partner's answers before both have shared the week. The workbook's reads (tRPC and REST), its
 * summary and any export call this before reading answers, so every transport inherits it.
 */
export async function assertCanReadPartner(
  reads: ReadingDeps,
  reader: AnswerReader,
  weekNumber: number,
  partner: Partner,
): Promise<void> {
  if (!(await canReadPartner(reads, reader, weekNumber, partner))) throw new AppError('FORBIDDEN', SEALED_MESSAGE);
}

/**
 * Whose answers to "What we each expect" a sign-in gives and reads (decision 0312): a personal
 * sign-in its partner's; the couple's original sign-in partner1's while private answers are on
 * (`reader.partner` says so) and also, whatever the setting, once the couple has a personal
 * sign-in, so that a partner's inventory given on their own sign-in is never the shared device's
 * to read or rewrite; otherwise null, the shared device answering for both.
 */
export async function inventoryPartnerOf(db: DB, reader: AnswerReader): Promise<Partner | null> {
  if (reader.partner !== null) return reader.partner;
  return (await repo.hasPersonalSignIn(db, reader.coupleId)) ? 'partner1' : null;
}

/**
 * The partner whose own personal sign-in this account is (decision 0338); null for the couple's
 * original sign-in, even where the inventory reads it as partner1 (inventoryPartnerOf): both
 * partners may know its code, so what only one partner may ever see is not given to it.
 */
export async function personalPartnerOf(db: DB, accountId: number): Promise<Partner | null> {
  return repo.personalSignInPartner(db, accountId);
}

/** A sign-in bound to a partner edits only that partner's answers (403 otherwise). */
export function assertCanWritePartner(reader: AnswerReader, partner: Partner): void {
  if (reader.partner !== null && reader.partner !== partner) throw new AppError('FORBIDDEN', OWN_ANSWERS_ONLY_MESSAGE);
}

/**
 * What reads both partners' answers at once (the week's summary, exports): with private answers
 * on, only once both have shared the week.
 */
export async function assertCanReadBoth(reads: ReadingDeps, reader: AnswerReader, weekNumber: number): Promise<void> {
  if (!(await canReadBoth(reads, reader, weekNumber))) throw new AppError('FORBIDDEN', SEALED_MESSAGE);
}

/** assertCanReadBoth's rule as an answer, for the copies that leave out what is sealed (exports). */
export async function canReadBoth(reads: ReadingDeps, reader: AnswerReader, weekNumber: number): Promise<boolean> {
  return !reader.privateAnswers || isWeekRevealed(reads, reader.coupleId, weekNumber);
}

/** assertCanReadBoth for any answers sealed until a reveal; `message` says what opens them. */
export async function assertCanReadBothOnce(
  reader: AnswerReader,
  revealed: () => Promise<boolean>,
  message: string = SEALED_MESSAGE,
): Promise<void> {
  if (reader.privateAnswers && !(await revealed())) throw new AppError('FORBIDDEN', message);
}

// ---------------------------------- Sharing a week, and the notice to the partner who shared first

async function coupleNames(deps: AppDeps, coupleId: number) {
  const couple = await repo.findCoupleNames(deps.db, coupleId);
  if (!couple) throw new AppError('NOT_FOUND', 'This couple account no longer exists.');
  return couple;
}

export async function getWeekShare(deps: AppDeps, auth: CoupleAuth, weekNumber: number): Promise<WeekShareState> {
  const shares = await repo.findWeekShares(deps.db, auth.coupleId, weekNumber);
  const at = (partner: Partner) => shares.find((share) => share.partner === partner)?.sharedAt ?? null;
  return {
    weekNumber,
    privateAnswers: auth.privateAnswers,
    you: auth.partner,
    shared: { partner1: at('partner1'), partner2: at('partner2') },
    revealed: shares.length === 2,
  };
}

/**
 * "Mark my answers as shared" for a week. When it completes the pair, the partner who shared
 * first is told: a notice in the app (notices), an email to their sign-in's address and a push to
 * their devices that opted in, queued in the same transaction.
 */
export async function shareWeek(deps: AppDeps, auth: CoupleAuth, weekNumber: number): Promise<WeekShareState> {
  if (!auth.privateAnswers || auth.partner === null) {
    throw new AppError('BAD_REQUEST', 'Sharing is for private answers: turn them on in Profile first.');
  }
  await assertWeekUnlocked(deps, auth, weekNumber);
  const you = auth.partner;
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.insertWeekShare(trx, auth.coupleId, weekNumber, you))) return;
    const shares = await repo.findWeekShares(trx, auth.coupleId, weekNumber);
    if (shares.length !== 2) return;
    const first = otherPartner(you);
    const names = await repo.findCoupleNames(trx, auth.coupleId);
    if (!names) return;
    // The push to the first partner's devices (decision 0271), whether or not they have an email.
    await queuePartnerSharedPush(trx, { coupleId: auth.coupleId, partner: first, sharerName: names[you], weekNumber });
    const recipient = await emailOfPartner(trx, auth.coupleId, first);
    if (!recipient) return;
    await queuePartnerSharedNotice(trx, deps, {
      coupleId: auth.coupleId,
      to: recipient,
      recipientName: names[first],
      sharerName: names[you],
      weekNumber,
    });
  });
  return getWeekShare(deps, auth, weekNumber);
}

/** The address that reaches a partner: their personal sign-in's, else the original sign-in's for partner1. */
async function emailOfPartner(db: DB, coupleId: number, partner: Partner): Promise<string | null> {
  const signIns = await repo.listSignIns(db, coupleId);
  const personal = signIns.find((signIn) => signIn.partner === partner && signIn.email);
  if (personal) return personal.email;
  if (partner === 'partner1') return signIns.find((signIn) => signIn.partner === null && signIn.email)?.email ?? null;
  return null;
}

/** The weeks the caller shared first and the other partner has shared since, not yet dismissed. */
export async function listShareNotices(deps: AppDeps, auth: CoupleAuth): Promise<ShareNotice[]> {
  if (auth.partner === null) return [];
  const you = auth.partner;
  const [shares, names] = await Promise.all([
    repo.listShares(deps.db, auth.coupleId),
    coupleNames(deps, auth.coupleId),
  ]);
  const other = otherPartner(you);
  return shares
    .filter((share) => share.partner === you && share.noticeSeenAt === null)
    .flatMap((mine) => {
      const theirs = shares.find((share) => share.partner === other && share.weekNumber === mine.weekNumber);
      if (!theirs || theirs.sharedAt < mine.sharedAt) return [];
      return [{ weekNumber: mine.weekNumber, partner: other, name: names[other], sharedAt: theirs.sharedAt }];
    })
    .sort((a, b) => a.weekNumber - b.weekNumber);
}

export async function dismissShareNotice(
  deps: AppDeps,
  auth: CoupleAuth,
  weekNumber: number,
): Promise<{ success: true }> {
  if (auth.partner !== null) await repo.markNoticeSeen(deps.db, auth.coupleId, weekNumber, auth.partner);
  return { success: true };
}

// ---------------------------------------------------------------------- Private answers on and off

export const PRIVATE_STAYS_ON_INVENTORY_MESSAGE =
  'Private answers stay on while your partner has answers to "What we each expect" that are still sealed: they open once you have both finished.';

/**
 * Turns private answers on (the original sign-in becomes bound to partner1 from its next request)
 * or off. Turning them off would open every sealed week at once, so it is refused (409) while the
 * other partner has answers in a week not yet shared by both; and, as the invites are (decision
 * 0312), while the other partner, on their own sign-in, has answers to "What we each expect" not
 * yet revealed: turning private answers off unbinds the original sign-in, which must never become
 * a way into them (the inventory reads treat it as partner1 as well: inventoryPartnerOf).
 */
export async function setPrivateAnswers(
  deps: AppDeps,
  auth: CoupleAuth,
  on: boolean,
): Promise<{ privateAnswers: boolean }> {
  if (!on && auth.privateAnswers && auth.partner !== null) {
    const sealed = await sealedWeeksOf(deps.db, auth.coupleId, otherPartner(auth.partner));
    if (sealed.length > 0) {
      throw new AppError(
        'CONFLICT',
        `Private answers stay on while your partner's answers are sealed (week ${sealed.join(', ')}): share those weeks together first.`,
      );
    }
    if (await inventorySealedOnOwnSignIn(deps.db, auth.coupleId, otherPartner(auth.partner))) {
      throw new AppError('CONFLICT', PRIVATE_STAYS_ON_INVENTORY_MESSAGE);
    }
  }
  await repo.setPrivateAnswers(deps.db, auth.coupleId, on);
  return { privateAnswers: on };
}

/** The weeks `partner` has answers in that both have not shared yet, in order (sealed with private answers on). */
async function sealedWeeksOf(db: DB, coupleId: number, partner: Partner): Promise<number[]> {
  const [answered, shares] = await Promise.all([
    repo.weeksAnsweredBy(db, coupleId, partner),
    repo.listShares(db, coupleId),
  ]);
  return answered
    .filter((week) => shares.filter((share) => share.weekNumber === week).length < 2)
    .sort((a, b) => a - b);
}

/**
 * Whether `partner` has a personal sign-in and answers to the inventory that are still sealed
 * (a round not revealed yet). Without a personal sign-in their answers were given on the shared
 * device, which reads them anyway once private answers are off: no reason to refuse then, and
 * refusing would leave that partner with no way in (no invite is made for them either).
 */
async function inventorySealedOnOwnSignIn(db: DB, coupleId: number, partner: Partner): Promise<boolean> {
  const [signIn, sealed] = await Promise.all([
    repo.hasPersonalSignIn(db, coupleId, partner),
    repo.hasSealedInventoryAnswers(db, coupleId, partner),
  ]);
  return signIn && sealed;
}

// ---------------------------------------------------------------------------- Sign-ins and invites

type CoupleNames = { partner1: string; partner2: string; privateAnswers: boolean };

/** What of `partner`'s answers the other may not read: sealed weeks (private answers on) and the inventory. */
async function answersOnlyTheirs(
  db: DB,
  coupleId: number,
  couple: CoupleNames,
  partner: Partner,
): Promise<{ sealed: number[]; inventory: boolean }> {
  const [sealed, inventory] = await Promise.all([
    couple.privateAnswers ? sealedWeeksOf(db, coupleId, partner) : Promise.resolve([]),
    repo.hasInventoryAnswers(db, coupleId, partner),
  ]);
  return { sealed, inventory };
}

/**
 * Whoever accepts an invite becomes the invited partner and reads that partner's answers as their
 * own, and the code works for anyone who has it: the inviting partner too, with a second email.
 * So no invite is made or accepted for a partner who has answers the other may not read (409):
 * with private answers on, a week both have not shared yet; and any answers to the expectations
 * inventory (sealed until both finish, and its private statements are never shown to the other
 * partner, docs/product.md#what-we-each-expect).
 */
async function assertInvitable(db: DB, coupleId: number, couple: CoupleNames, partner: Partner): Promise<void> {
  const { sealed, inventory } = await answersOnlyTheirs(db, coupleId, couple, partner);
  if (sealed.length > 0) {
    throw new AppError(
      'CONFLICT',
      `${couple[partner]}'s answers are sealed (week ${sealed.join(', ')}): a new sign-in for ${couple[partner]} would open them to whoever accepts it. Share those weeks together first.`,
    );
  }
  if (inventory) {
    throw new AppError(
      'CONFLICT',
      `${couple[partner]} has answered "What we each expect", whose answers stay theirs alone: a new sign-in for ${couple[partner]} would open them to whoever accepts it.`,
    );
  }
}

function inviteStatus(invite: repo.StoredInvite, now: number): PartnerInviteView['status'] {
  if (invite.usedAt) return 'used';
  if (invite.revokedAt) return 'revoked';
  return invite.expiresAt <= now ? 'expired' : 'pending';
}

function inviteView(invite: repo.StoredInvite, now: number): PartnerInviteView {
  return {
    id: invite.id,
    partner: invite.partner,
    email: invite.email,
    createdAt: invite.createdAt,
    expiresAt: new Date(invite.expiresAt).toISOString(),
    status: inviteStatus(invite, now),
  };
}

export async function getPartnerSettings(deps: AppDeps, auth: CoupleAuth): Promise<PartnerSettings> {
  const now = Date.now();
  const [couple, signIns, invites] = await Promise.all([
    coupleNames(deps, auth.coupleId),
    repo.listSignIns(deps.db, auth.coupleId),
    repo.listInvites(deps.db, auth.coupleId, INVITES_LISTED),
  ]);
  return {
    privateAnswers: couple.privateAnswers,
    you: auth.partner,
    names: { partner1: couple.partner1, partner2: couple.partner2 },
    signIns: signIns.map((signIn) => ({
      ...signIn,
      isYou: signIn.accountId === auth.accountId,
      removable: signIn.partner !== null && signIn.accountId !== auth.accountId,
    })),
    invites: invites.map((invite) => inviteView(invite, now)),
  };
}

export function inviteLink(deps: Pick<AppDeps, 'config'>, code: string): string {
  return linkWithSecret(deps.config.publicUrl, '/invite', 'code', code);
}

/**
 * An invite for the other partner (the one the caller's sign-in is not bound to; partner2 from
 * the shared device): a new code, shown once with its link and emailed when an email is given.
 * Valid 7 days, used once; an earlier pending invite for the same partner is revoked.
 */
export async function createInvite(
  deps: AppDeps,
  auth: CoupleAuth,
  input: { email?: string | undefined },
): Promise<CreatedInvite> {
  const partner = auth.partner === 'partner2' ? 'partner1' : 'partner2';
  const couple = await coupleNames(deps, auth.coupleId);
  const signIns = await repo.listSignIns(deps.db, auth.coupleId);
  if (signIns.some((signIn) => signIn.partner === partner)) {
    throw new AppError('CONFLICT', `${couple[partner]} already has a sign-in. Remove it first to invite again.`);
  }
  await assertInvitable(deps.db, auth.coupleId, couple, partner);
  const code = generateAccessCode();
  const link = inviteLink(deps, code);
  const email = input.email ?? null;
  const invite = await deps.db.transaction().execute(async (trx) => {
    await repo.revokePendingInvites(trx, auth.coupleId, { partner });
    const created = await repo.insertInvite(trx, {
      tokenHash: hashAccessCode(code, deps.accessCodeKey),
      coupleId: auth.coupleId,
      partner,
      email,
      expiresAt: Date.now() + INVITE_VALID_DAYS * DAY_MS,
    });
    if (email) {
      await queuePartnerInvite(trx, deps, {
        coupleId: auth.coupleId,
        to: email,
        inviterName: couple[auth.partner ?? 'partner1'],
        partnerName: couple[partner],
        link,
        code,
        validDays: INVITE_VALID_DAYS,
        // The inviter's own language (their account's), not the invitee's browser, which nobody knows yet.
        locale: await localeOfAccount(trx, auth.accountId),
      });
    }
    return created;
  });
  return { invite: inviteView(invite, Date.now()), code, link, emailedTo: email };
}

export async function revokeInvite(deps: AppDeps, auth: CoupleAuth, inviteId: number): Promise<{ success: true }> {
  const revoked = await repo.revokePendingInvites(deps.db, auth.coupleId, { inviteId });
  if (revoked === 0) throw new AppError('NOT_FOUND', 'No pending invite with this id.');
  return { success: true };
}

/**
 * Removes a personal sign-in of the couple other than the caller's own; its sessions end in the
 * same write, so its next request is signed out (the session memory is cleared by any write,
 * decision 0064). The couple's original sign-in cannot be removed.
 */
export async function removeSignIn(deps: AppDeps, auth: CoupleAuth, accountId: number): Promise<{ success: true }> {
  if (accountId === auth.accountId) {
    throw new AppError('BAD_REQUEST', 'You cannot remove your own sign-in. Sign out instead.');
  }
  // A partner's sign-in is the only way back to answers only they may read, and no invite can
  // replace it while those exist (assertInvitable): removing it would lock them out for good.
  const signIn = (await repo.listSignIns(deps.db, auth.coupleId)).find((row) => row.accountId === accountId);
  if (signIn?.partner) {
    const couple = await coupleNames(deps, auth.coupleId);
    const name = couple[signIn.partner];
    const { sealed, inventory } = await answersOnlyTheirs(deps.db, auth.coupleId, couple, signIn.partner);
    if (sealed.length > 0 || inventory) {
      const what =
        sealed.length > 0
          ? `${name}'s answers are sealed (week ${sealed.join(', ')})`
          : `${name} has answered "What we each expect"`;
      throw new AppError(
        'CONFLICT',
        `${what}: only ${name}'s own sign-in opens them, so it cannot be removed. If ${name} lost their code, they can get a new one by email on the sign-in page.`,
      );
    }
  }
  const removed = await deps.db.transaction().execute(async (trx) => {
    await deleteSessionsOfAccount(trx, accountId);
    return repo.deletePartnerAccount(trx, auth.coupleId, accountId);
  });
  if (!removed) throw new AppError('NOT_FOUND', "No partner's sign-in with this id.");
  return { success: true };
}

const INVITE_NOT_VALID = 'This invite link is not valid. Ask your partner for a new one.';

/** The invite the code names, usable now; 404 for an unknown code, 409 used, revoked or expired. */
async function usableInvite(db: DB, deps: AppDeps, code: string): Promise<repo.StoredInvite> {
  const invite = await repo.findInviteByTokenHash(db, hashAccessCode(normalizeAccessCode(code), deps.accessCodeKey));
  if (!invite) throw new AppError('NOT_FOUND', INVITE_NOT_VALID);
  const status = inviteStatus(invite, Date.now());
  if (status === 'used') throw new AppError('CONFLICT', 'This invite has already been used. Sign in instead.');
  if (status === 'revoked')
    throw new AppError('CONFLICT', 'This invite was withdrawn. Ask your partner for a new one.');
  if (status === 'expired') throw new AppError('CONFLICT', 'This invite has expired. Ask your partner for a new one.');
  return invite;
}

export async function previewInvite(deps: AppDeps, code: string): Promise<InvitePreview> {
  const invite = await usableInvite(deps.db, deps, code);
  const names = await coupleNames(deps, invite.coupleId);
  return {
    partner: invite.partner,
    partnerName: names[invite.partner],
    otherName: names[otherPartner(invite.partner)],
    expiresAt: new Date(invite.expiresAt).toISOString(),
    privateAnswers: names.privateAnswers,
  };
}

/**
 * Accepts an invite (public): a personal sign-in bound to the invite's partner, with the email the
 * partner gives and a new personal access code, emailed and shown this once; the invite is used
 * in the same transaction, so a second accept fails. The new sign-in is signed in at once, in the
 * language of the page the invite was accepted on.
 */
export async function acceptInvite(
  deps: AppDeps,
  input: AcceptInviteInput & { email: string },
  request: { ip: string; previousToken: string | undefined; locale?: Locale },
): Promise<{ session: { token: string; expiresAt: Date }; body: AcceptedInvite }> {
  await deps.rateLimits.registerPerAddress.consume(request.ip);
  const accepted = await deps.db.transaction().execute(async (trx) => {
    const invite = await usableInvite(trx, deps, input.code);
    if (await repo.emailHasAccount(trx, input.email)) {
      throw new AppError('CONFLICT', 'email: this email already has a sign-in. Use another email, or sign in with it.');
    }
    const names = await repo.findCoupleNames(trx, invite.coupleId);
    const signIns = await repo.listSignIns(trx, invite.coupleId);
    if (signIns.some((signIn) => signIn.partner === invite.partner)) {
      throw new AppError('CONFLICT', 'Your partner already has a sign-in for you. Sign in instead.');
    }
    // Answers the partner gave since the invite was made are checked again (assertInvitable).
    if (names) await assertInvitable(trx, invite.coupleId, names, invite.partner);
    if (!(await repo.markInviteUsed(trx, invite.id))) {
      throw new AppError('CONFLICT', 'This invite has already been used. Sign in instead.');
    }
    const accountId = await repo.insertPartnerAccount(trx, {
      coupleId: invite.coupleId,
      partner: invite.partner,
      email: input.email,
      // The language the invite page was used in, as other sign-ups take it: the course and the
      // code email below (recipientLocale reads this account) are written in it.
      locale: request.locale ?? 'en',
    });
    const accessCode = await issueAccessCode(trx, deps, accountId, {
      provesEmail: false,
      deliver: partnerCodeDelivery(deps, { email: input.email, name: names?.[invite.partner] ?? '' }),
    });
    return { accountId, accessCode, partner: invite.partner };
  });
  await deleteSessionByToken(deps.db, request.previousToken);
  const session = await createSession(deps.db, accepted.accountId, deps.config.sessionTtlDays);
  return {
    session,
    body: {
      success: true,
      message: 'Welcome! Your own sign-in is ready.',
      accessCode: accepted.accessCode,
      email: input.email,
      partner: accepted.partner,
    },
  };
}
