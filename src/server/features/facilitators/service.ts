import { hash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS } from '../../../shared/admin-security-schemas';
import { AppError } from '../../../shared/errors';
import type { FacilitatorKind } from '../../../shared/facilitator-schemas';
import { COHORT_NAME_MAX_LENGTH, packExpired, STUCK_AFTER_DAYS } from '../../../shared/facilitator-schemas';
import type { Locale } from '../../../shared/i18n/locales';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { type Reservation, tooMany } from '../../deps/rate-limiter';
import { decryptTotpSecret, encryptTotpSecret } from '../admin-security/secrets';
import { totpStep } from '../admin-security/service';
import { recordAdminAction, recordFacilitatorAction } from '../audit/service';
import type { AdminAuth, CoupleAuth } from '../auth/access';
import { hashSecret, verifySecret } from '../auth/passwords';
import { revokeCertificatesOfRefund } from '../certificates/service';
import { sellerGrantCarriesAccess } from '../couples/seller-grant';
import { recipientLocale } from '../i18n/locale';
import { t } from '../i18n/translate';
import { queueFeatureEmail, unsubscribeUrl } from '../mail/service';
import { isCoveredByCompletedOrder } from '../orders/admin-service';
import { upgradeSignedInCouple } from '../orders/service';
import { assertCanReadBothOnce, isWeekRevealed } from '../partners/service';
import { weeklyStreak } from '../progress/streak';
import { WEEK_NOTICES } from '../frameworks/service';
import { LOCKED_WEEK_MESSAGE, unlockState } from '../progress/unlock';
import { keepsakeAnswers } from '../our-data/visible-answers';
import { keptSeatCarriesAccess } from './kept-seats';
import * as repo from './repo';
import { linkWithSecret } from '../../../shared/link-secrets';
import { cohortMessageEmail, cohortRemovalEmail, facilitatorInviteEmail, seatPackReceiptEmail } from './templates';
import { randomSymbols } from '../../platform/random-symbols';

/*
 * Facilitators, cohorts and seat packs (issue 38, docs/facilitators.md, decisions 0260-0264).
 *
 * Privacy by construction: a facilitator's session is its own (the `fsid` cookie, the
 * facilitator_sessions table), unknown to every couple and admin guard; every read of a couple
 * starts from facilitator_links filtered by the facilitator's id; a week's answers are read only
 * when the couple shared the week with their mentor AND the couple's own reveal holds (the
 * partners' sealing rule, assertCanReadBothOnce), through the one read of a couple's answers
 * (keepsakeAnswers). Progress notes are never read here.
 */

export const FACILITATOR_COOKIE = 'fsid';
const DAY_MS = 24 * 60 * 60 * 1000;
const INVITE_DAYS = 14;

export const FACILITATOR_EMAIL_TAKEN = 'A facilitator with this email exists already.';
export const FACILITATOR_NOT_FOUND = 'Facilitator not found.';
export const INVITE_NOT_USABLE = 'This invitation link is not valid any more. Ask the course seller for a new one.';
export const FACILITATOR_SIGN_IN_FAILED = 'Invalid email or password';
export const FACILITATOR_CODE_WRONG = 'Invalid code';
export const PLEASE_SIGN_IN_FACILITATOR = 'Please sign in to your facilitator area.';
export const COHORT_NOT_FOUND = 'Cohort not found.';
export const COUPLE_NOT_LINKED = 'This couple is not linked to you.';
export const WEEK_NOT_SHARED = 'This couple has not shared this week with you.';
export const CODE_UNKNOWN = 'No cohort or seat pack has this code. Check the code your facilitator gave you.';
export const FACILITATOR_REVOKED = 'This facilitator is no longer active, so the code cannot be used.';
export const SEAT_ALREADY_TAKEN = 'You have redeemed a seat of this pack already.';
export const NO_SEATS_LEFT = 'This seat pack has no seats left, has expired or was refunded. Ask your facilitator.';
export const NOT_LINKED = 'You are not linked to a facilitator.';
export const SHARE_AFTER_REVEAL = 'Share this week with each other first; then you can share it with your mentor.';
export const PACK_NOT_FOUND = 'Seat pack not found.';
export const PACK_NOT_REFUNDABLE = 'Only an active seat pack can be refunded.';
export const ALREADY_LINKED = 'You are linked to this cohort already.';
/** A couple their facilitator removed from the cohort tries one of its codes (decision 0360). */
export const REMOVED_FROM_COHORT =
  'Your facilitator removed you from this cohort, so its codes no longer link you to it. Your course and your answers stay yours. If you think this is a mistake, please talk to your facilitator.';

// ------------------------------------------------------------------ codes and tokens

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** JOIN- or SEAT- and 20 symbols of 32 (100 bits): unguessable, and looked up rate-limited (decision 0262). */
export function generateCode(prefix: 'JOIN' | 'SEAT'): string {
  const s = randomSymbols(CODE_ALPHABET, 20);
  return `${prefix}-${s.slice(0, 5)}-${s.slice(5, 10)}-${s.slice(10, 15)}-${s.slice(15)}`;
}

function sha256(token: string): string {
  return hash('sha256', token);
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

// ------------------------------------------------------------------ the facilitator's session

export interface FacilitatorAuth {
  facilitatorId: number;
  sessionId: number;
}

/** The facilitator a `fsid` token belongs to; null for none, an expired session or a revoked facilitator. */
export async function resolveFacilitator(deps: AppDeps, token: string | undefined): Promise<FacilitatorAuth | null> {
  if (!token || token.length > 200) return null;
  const row = await repo.findSessionFacilitator(deps.db, sha256(token), Date.now());
  return row ?? null;
}

export function assertFacilitator(auth: FacilitatorAuth | null): FacilitatorAuth {
  if (!auth) throw new AppError('UNAUTHORIZED', PLEASE_SIGN_IN_FACILITATOR);
  return auth;
}

export interface FacilitatorSession {
  token: string;
  expiresAt: Date;
}

async function startSession(deps: AppDeps, facilitatorId: number): Promise<FacilitatorSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + deps.config.sessionTtlDays * DAY_MS);
  await repo.deleteExpiredSessions(deps.db, facilitatorId, Date.now());
  await repo.insertSession(deps.db, facilitatorId, sha256(token), expiresAt.getTime());
  return { token, expiresAt };
}

export async function signOutFacilitator(deps: AppDeps, token: string | undefined): Promise<{ success: true }> {
  if (token) await repo.deleteSession(deps.db, sha256(token));
  return { success: true };
}

/**
 * The facilitator's budget of failed sign-ins, in a namespace of its own (decision 0324): a couple
 * account may sign in with the same email, and each keeps its own 10 failures per 15 minutes, so
 * guessing at one never pauses the other, and a couple's "Email me my code" (which lifts the
 * email's pause) never lifts the facilitator's.
 */
export function facilitatorSignInKey(email: string): string {
  return `facilitator:${email.trim().toLowerCase()}`;
}

/**
 * The facilitator's sign-in: email and password, then the authenticator code when they turned it
 * on (the administrator's TOTP, decision 0261). Failures count against the sign-in limits of the
 * email (docs/product.md#rate-limits: 10 per 15 minutes per account name or email, counted apart
 * from a couple account's of the same email: facilitatorSignInKey) and of the client address,
 * for the password and for the code alike: the slots are taken before anything is checked and
 * given back only by a success, by the step that asks for the code, or by an error that judged
 * nothing. A revoked facilitator is refused like a wrong password (nothing tells who exists).
 */
export async function signInFacilitator(
  deps: AppDeps,
  input: { email: string; password: string; code?: string | undefined },
  clientAddress: string,
): Promise<{ session: FacilitatorSession } | { secondFactorRequired: true }> {
  const perAccount = await deps.rateLimits.signInPerAccount.reserve(facilitatorSignInKey(input.email));
  let perAddress: Reservation;
  try {
    perAddress = await deps.rateLimits.signInPerAddress.reserve(`facilitator:${clientAddress}`);
  } catch (error) {
    await perAccount.release();
    throw error;
  }
  const releaseBoth = () => Promise.all([perAccount.release(), perAddress.release()]);
  let found: Awaited<ReturnType<typeof repo.findFacilitatorSecrets>>;
  let good: boolean;
  try {
    found = await repo.findFacilitatorSecrets(deps.db, input.email);
    good = await deps.passwordHashes.run(() =>
      verifySecret(input.password, found?.passwordHash ?? null, deps.config.passwordHashing.scrypt),
    );
  } catch (error) {
    // The hash slots were full or the database failed: no secret was judged.
    await releaseBoth();
    throw error;
  }
  if (!found || !good || found.revokedAt !== null) {
    throw new AppError('UNAUTHORIZED', FACILITATOR_SIGN_IN_FAILED);
  }
  if (found.totpEnabledAt && found.totpSecret) {
    if (!input.code) {
      await releaseBoth();
      return { secondFactorRequired: true };
    }
    const step = totpStep(decryptTotpSecret(deps.accessCodeKey, found.totpSecret), input.code, Date.now());
    if (step === null || !(await repo.acceptTotpStep(deps.db, found.id, step, false))) {
      throw new AppError('UNAUTHORIZED', FACILITATOR_CODE_WRONG);
    }
  }
  await releaseBoth();
  return { session: await startSession(deps, found.id) };
}

export async function previewFacilitatorInvite(deps: AppDeps, token: string) {
  const found = await repo.findFacilitatorByInvite(deps.db, sha256(token));
  if (!found || found.revokedAt !== null || (found.inviteExpiresAt ?? 0) <= Date.now()) {
    throw new AppError('NOT_FOUND', INVITE_NOT_USABLE);
  }
  return { name: found.name, email: found.email, organisation: found.organisation };
}

/** Accepting the seller's invite: the facilitator chooses a password and is signed in. */
export async function acceptFacilitatorInvite(
  deps: AppDeps,
  input: { token: string; password: string },
): Promise<{ session: FacilitatorSession }> {
  const tokenHash = sha256(input.token);
  const found = await repo.findFacilitatorByInvite(deps.db, tokenHash);
  if (!found) throw new AppError('NOT_FOUND', INVITE_NOT_USABLE);
  const passwordHash = await deps.passwordHashes.run(() =>
    hashSecret(input.password, deps.config.passwordHashing.scrypt),
  );
  if (!(await repo.acceptInvite(deps.db, found.id, tokenHash, passwordHash, Date.now()))) {
    throw new AppError('NOT_FOUND', INVITE_NOT_USABLE);
  }
  return { session: await startSession(deps, found.id) };
}

export async function getFacilitatorMe(deps: AppDeps, auth: FacilitatorAuth) {
  const me = await repo.findFacilitator(deps.db, auth.facilitatorId);
  if (!me) throw new AppError('UNAUTHORIZED', PLEASE_SIGN_IN_FACILITATOR);
  return {
    id: me.id,
    name: me.name,
    email: me.email,
    kind: me.kind,
    organisation: me.organisation,
    locale: me.locale,
    twoFactorEnabled: me.totpEnabledAt !== null,
  };
}

// ------------------------------------------------------------------ two-factor sign-in (TOTP)

export async function startFacilitatorTotp(deps: AppDeps, auth: FacilitatorAuth) {
  const me = await getFacilitatorMe(deps, auth);
  const secret = new Secret({ size: 20 }).base32;
  if (!(await repo.savePendingTotp(deps.db, auth.facilitatorId, encryptTotpSecret(deps.accessCodeKey, secret)))) {
    throw new AppError('CONFLICT', 'Two-factor sign-in is already on. Turn it off first to set it up again.');
  }
  const otpauthUri = new TOTP({
    issuer: 'Vows & Weeks',
    label: me.email,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: 30,
  }).toString();
  return { secret, otpauthUri };
}

async function acceptCode(deps: AppDeps, auth: FacilitatorAuth, code: string, enable: boolean): Promise<void> {
  const state = await repo.findTotpState(deps.db, auth.facilitatorId);
  if (!state.totpSecret) throw new AppError('BAD_REQUEST', 'Start the set-up first: no set-up is waiting for a code.');
  if (enable && state.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is already on.');
  if (!enable && !state.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is off.');
  const step = totpStep(decryptTotpSecret(deps.accessCodeKey, state.totpSecret), code, Date.now());
  if (step === null || !(await repo.acceptTotpStep(deps.db, auth.facilitatorId, step, enable))) {
    throw new AppError('BAD_REQUEST', FACILITATOR_CODE_WRONG);
  }
}

export async function confirmFacilitatorTotp(deps: AppDeps, auth: FacilitatorAuth, code: string) {
  await acceptCode(deps, auth, code, true);
  return { success: true as const };
}

export async function disableFacilitatorTotp(deps: AppDeps, auth: FacilitatorAuth, code: string) {
  await acceptCode(deps, auth, code, false);
  await repo.clearTotp(deps.db, auth.facilitatorId);
  return { success: true as const };
}

// ------------------------------------------------------------------ the seller's back office

export function facilitatorInviteLink(deps: Pick<AppDeps, 'config'>, token: string): string {
  return linkWithSecret(deps.config.publicUrl, '/facilitator', 'token', token);
}

/**
 * The seller invites a facilitator by email (the link is also shown to the seller once, to pass on
 * by hand when mail is not set up); the organisation is found or created by name.
 */
export async function inviteFacilitator(
  deps: AppDeps,
  admin: AdminAuth,
  input: { name: string; email: string; kind: FacilitatorKind; organisation: string | null },
  locale: Locale,
  address: string | null,
): Promise<{ id: number; inviteLink: string }> {
  const token = randomBytes(24).toString('base64url');
  const link = facilitatorInviteLink(deps, token);
  const id = await deps.db.transaction().execute(async (trx) => {
    if (await repo.emailTaken(trx, input.email)) throw new AppError('CONFLICT', FACILITATOR_EMAIL_TAKEN);
    const organisationId = input.organisation ? await repo.findOrCreateOrganisation(trx, input.organisation) : null;
    const newId = await repo.insertFacilitator(trx, {
      organisationId,
      name: input.name,
      email: input.email,
      kind: input.kind,
      locale,
      inviteTokenHash: sha256(token),
      inviteExpiresAt: Date.now() + INVITE_DAYS * DAY_MS,
    });
    await queueFeatureEmail(trx, deps, {
      kind: 'facilitator-invite',
      to: input.email,
      email: facilitatorInviteEmail(deps.config.publicUrl, { name: input.name, link, days: INVITE_DAYS }, locale),
      sensitive: true,
    });
    await recordAdminAction(trx, admin, 'facilitator.invite', { target: `facilitator ${newId}`, address });
    return newId;
  });
  return { id, inviteLink: link };
}

export async function revokeFacilitatorAsAdmin(
  deps: AppDeps,
  admin: AdminAuth,
  facilitatorId: number,
  address: string | null,
): Promise<{ success: true }> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.findFacilitator(trx, facilitatorId))) throw new AppError('NOT_FOUND', FACILITATOR_NOT_FOUND);
    if (!(await repo.revokeFacilitator(trx, facilitatorId))) {
      throw new AppError('CONFLICT', 'This facilitator is revoked already.');
    }
    await recordAdminAction(trx, admin, 'facilitator.revoke', { target: `facilitator ${facilitatorId}`, address });
  });
  return { success: true };
}

export async function listFacilitatorsForAdmin(deps: AppDeps) {
  const rows = await repo.listFacilitators(deps.db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    kind: row.kind,
    organisation: row.organisation,
    status: row.revokedAt !== null ? ('revoked' as const) : row.accepted ? ('active' as const) : ('invited' as const),
    linkedCouples: Number(row.linkedCouples ?? 0),
    createdAt: row.createdAt,
  }));
}

type PackRow = NonNullable<Awaited<ReturnType<typeof repo.findPack>>>;

/**
 * A pack's status as the seller and the facilitator see it: an active pack past its last day (UTC,
 * the rule takeSeat applies) is `expired`, and gives no seat; a pending pack whose delayed payment
 * Stripe reported failed is `failed` (decision 0352), and never gives one either.
 */
function packStatus(
  row: Pick<PackRow, 'status' | 'expiresOn' | 'paymentFailedAt'>,
): PackRow['status'] | 'expired' | 'failed' {
  if (row.status === 'pending' && row.paymentFailedAt !== null) return 'failed';
  return row.status === 'active' && packExpired(row.expiresOn, today()) ? 'expired' : row.status;
}

function packView(row: PackRow) {
  const status = packStatus(row);
  return {
    id: row.id,
    cohortId: row.cohortId,
    seats: row.seats,
    seatsUsed: row.seatsUsed,
    seatsLeft: status === 'active' ? row.seats - row.seatsUsed : 0,
    code: row.code,
    channel: row.channel,
    status,
    amount: Number(row.amount),
    currency: row.currency,
    expiresOn: row.expiresOn,
    paidAt: row.paidAt,
    refundedAt: row.refundedAt,
    accessRevoked: row.accessRevoked === 1,
  };
}

export async function listPacksForAdmin(deps: AppDeps) {
  const rows = await repo.listAllPacks(deps.db);
  return rows.map((row) => ({
    ...packView(row),
    facilitatorName: row.facilitatorName,
    organisation: row.organisation,
  }));
}

/**
 * The name of the cohort made for a pack when the facilitator has none yet, in their language:
 * "Pastor Ana's cohort" / "Grupo de Pastor Ana". It reads in "Buy seats for ..." and in the couple's
 * "... invites you to the cohort ..." (QA walk: it was "Seats", so "Buy seats for Seats").
 */
export function automaticCohortName(facilitator: { name: string; locale: Locale }): string {
  const name = facilitator.name.trim().slice(0, COHORT_NAME_MAX_LENGTH - 20);
  return t(facilitator.locale, 'facilitator.cohort.automaticName', { name }).slice(0, COHORT_NAME_MAX_LENGTH);
}

/** The cohort a pack for this facilitator lands in: the one named, or their newest (a new one when none). */
async function cohortForPack(
  db: DB,
  facilitator: { id: number; name: string; locale: Locale },
  cohortId: number | null,
): Promise<number> {
  if (cohortId !== null) {
    const own = await repo.findOwnCohort(db, facilitator.id, cohortId);
    if (!own) throw new AppError('NOT_FOUND', COHORT_NOT_FOUND);
    return own.id;
  }
  const [newest] = await repo.listCohorts(db, facilitator.id);
  if (newest) return newest.id;
  return (await repo.insertCohort(db, facilitator.id, automaticCohortName(facilitator), generateCode('JOIN'))).id;
}

/** The seller grants a pack by hand (paid another way, or given): active at once. */
export async function grantPack(
  deps: AppDeps,
  admin: AdminAuth,
  input: { facilitatorId: number; seats: number; expiresOn: string | null; amount: number },
  address: string | null,
) {
  const packId = await deps.db.transaction().execute(async (trx) => {
    const facilitator = await repo.findFacilitator(trx, input.facilitatorId);
    if (!facilitator) throw new AppError('NOT_FOUND', FACILITATOR_NOT_FOUND);
    if (facilitator.revokedAt !== null) throw new AppError('CONFLICT', FACILITATOR_REVOKED);
    const id = await repo.insertPack(trx, {
      organisation_id: facilitator.organisationId,
      facilitator_id: facilitator.id,
      cohort_id: await cohortForPack(trx, facilitator, null),
      seats: input.seats,
      code: generateCode('SEAT'),
      channel: 'manual',
      status: 'active',
      amount: input.amount,
      currency: deps.config.payments.currency,
      expires_on: input.expiresOn,
      paid_at: new Date().toISOString(),
    });
    await recordAdminAction(trx, admin, 'seat-pack.grant', { target: `seat pack ${id}`, address });
    return id;
  });
  return packView((await repo.findPack(deps.db, packId))!);
}

export async function setPackExpiryAsAdmin(
  deps: AppDeps,
  admin: AdminAuth,
  input: { packId: number; expiresOn: string | null },
  address: string | null,
) {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.setPackExpiry(trx, input.packId, input.expiresOn)))
      throw new AppError('NOT_FOUND', PACK_NOT_FOUND);
    await recordAdminAction(trx, admin, 'seat-pack.expiry', { target: `seat pack ${input.packId}`, address });
  });
  return packView((await repo.findPack(deps.db, input.packId))!);
}

/** The pack a refund is about, if it can be refunded (payments refunds a card pack at Stripe first). */
export async function refundablePack(db: DB, packId: number) {
  const pack = await repo.findPack(db, packId);
  if (!pack) throw new AppError('NOT_FOUND', PACK_NOT_FOUND);
  if (pack.status !== 'active') throw new AppError('CONFLICT', PACK_NOT_REFUNDABLE);
  return { channel: pack.channel, orderId: pack.orderId };
}

/**
 * The refund rule of a pack (decision 0264): it is marked refunded and its unused seats end; the
 * couples who redeemed a seat keep their full access unless the seller chose `revokeAccess`, which
 * returns to trial only the couples a seat of this pack had upgraded that nothing else covers: a
 * completed order of their own (a couple who bought the course keeps it), the seller's grant
 * (decision 0358) or a seat of another pack they keep (decision 0333). Those back in the trial lose their certificates still valid (decision
 * 0332). In `db` (the caller's transaction); null when the pack was not active (refunded already:
 * nothing changes), else how many certificates it revoked.
 */
export async function applyPackRefund(
  db: DB,
  packId: number,
  revokeAccess: boolean,
): Promise<{ certificatesRevoked: number } | null> {
  if (!(await repo.markPackRefunded(db, packId, revokeAccess))) return null;
  if (!revokeAccess) return { certificatesRevoked: 0 };
  const revoked: number[] = [];
  for (const coupleId of await repo.listUpgradedCouples(db, packId)) {
    // A couple who paid for the course themselves (a completed order) keeps it whatever happens to a
    // pack, and so does a couple who still holds a seat of another pack they keep (as refundOrder,
    // decision 0333); that seat carries their access from now on, so its own pack's refund can end it.
    if (await isCoveredByCompletedOrder(db, coupleId)) continue;
    // Nor does a refund take back the seller's own grant (decision 0358).
    if (await sellerGrantCarriesAccess(db, coupleId)) continue;
    if (await keptSeatCarriesAccess(db, coupleId, packId)) continue;
    revoked.push(coupleId);
  }
  await repo.setAccessLevel(db, revoked, 'trial');
  return { certificatesRevoked: (await revokeCertificatesOfRefund(db, revoked)).length };
}

export async function refundPackAsAdmin(
  deps: AppDeps,
  admin: AdminAuth,
  input: { packId: number; revokeAccess: boolean },
  address: string | null,
) {
  const refunded = await deps.db.transaction().execute(async (trx) => {
    const done = await applyPackRefund(trx, input.packId, input.revokeAccess);
    if (!done) throw new AppError('CONFLICT', PACK_NOT_REFUNDABLE);
    await recordAdminAction(trx, admin, 'seat-pack.refund', {
      target: `seat pack ${input.packId}${input.revokeAccess ? ' (access ended)' : ''}`,
      address,
    });
    return done;
  });
  return { ...packView((await repo.findPack(deps.db, input.packId))!), ...refunded };
}

/** What a seat pack's refund made in Stripe ended, for its audit line (decision 0359). */
export interface PackRefundedInStripe {
  packId: number;
  seats: number;
  /** The seats nobody had taken, which the refund ended (the couples who took one keep it). */
  unusedSeatsEnded: number;
}

/**
 * The refund rule for a pack whose payment Stripe reports refunded (charge.refunded): access kept.
 * Null when no active pack has this payment (refunded already, or not a pack's); else what it ended.
 */
export async function refundPackOfPayment(db: DB, orderId: string): Promise<PackRefundedInStripe | null> {
  const pack = await repo.findPackByOrder(db, orderId);
  if (pack?.status !== 'active') return null;
  if ((await applyPackRefund(db, pack.id, false)) === null) return null;
  // Read again once refunded: no seat can be taken from it any more, so the count is final.
  const refunded = (await repo.findPack(db, pack.id))!;
  return { packId: pack.id, seats: refunded.seats, unusedSeatsEnded: refunded.seats - refunded.seatsUsed };
}

/** Revenue by channel for the back office: course sales and seat packs, in cents per currency. */
export async function revenueOverview(deps: AppDeps) {
  const { orders, packs } = await repo.revenueByChannel(deps.db);
  const sales = (row: (typeof orders)[number]) => ({
    channel: row.channel,
    currency: row.currency,
    count: Number(row.count),
    cents: Number(row.cents ?? 0),
  });
  return {
    courses: orders.map(sales),
    packs: packs.map((row) => ({
      ...sales(row),
      seats: Number(row.seats ?? 0),
      seatsUsed: Number(row.seatsUsed ?? 0),
    })),
  };
}

// ------------------------------------------------------------------ seat pack purchase (payments calls these)

/** A pending pack for a checkout the facilitator starts; active once the webhook confirms payment. */
export async function createPendingPack(
  deps: AppDeps,
  auth: FacilitatorAuth,
  input: { cohortId: number; seats: number },
): Promise<{ packId: number; email: string; locale: Locale }> {
  const me = await repo.findFacilitator(deps.db, auth.facilitatorId);
  if (!me || me.revokedAt !== null) throw new AppError('UNAUTHORIZED', PLEASE_SIGN_IN_FACILITATOR);
  const cohortId = await cohortForPack(deps.db, me, input.cohortId);
  const packId = await repo.insertPack(deps.db, {
    organisation_id: me.organisationId,
    facilitator_id: me.id,
    cohort_id: cohortId,
    seats: input.seats,
    code: generateCode('SEAT'),
    channel: 'stripe',
    status: 'pending',
    amount: 0,
    currency: deps.config.payments.currency,
    expires_on: null,
    paid_at: null,
  });
  return { packId, email: me.email, locale: me.locale };
}

/** The pending pack whose delayed payment (`orderId`) Stripe reported failed: shown as failed, no seat (decision 0352). */
export async function markPackPaymentFailed(db: DB, packId: number, orderId: string): Promise<void> {
  await repo.markPackPaymentFailed(db, packId, orderId);
}

/**
 * A pending pack whose checkout was completed with its payment still to come (a bank debit), or
 * with an amount held for the seller's check: it carries that payment's id from now on, so the
 * facilitator's list shows it as being confirmed, while a checkout never finished stays out of it
 * (decision 0366). Nothing for a pack paid, failed or holding a payment already.
 */
export async function holdPackForPayment(db: DB, packId: number, orderId: string): Promise<void> {
  await repo.holdPackForPayment(db, packId, orderId);
}

/** How many seats a pending pack holds (what its checkout must have charged for). */
export async function pendingPackSeats(db: DB, packId: number): Promise<number | undefined> {
  const pack = await repo.findPack(db, packId);
  return pack?.status === 'pending' ? pack.seats : undefined;
}

/**
 * Who bought a pack still awaiting its payment, and how many seats (the emails of a failed delayed
 * payment, decision 0350); undefined when unknown, or no longer pending (paid, or refunded).
 */
export async function pendingPackBuyer(
  db: DB,
  packId: number,
): Promise<{ seats: number; name: string; email: string; locale: Locale } | undefined> {
  const pack = await repo.findPack(db, packId);
  if (pack?.status !== 'pending') return undefined;
  const buyer = await repo.findFacilitator(db, pack.facilitatorId);
  return buyer && { seats: pack.seats, name: buyer.name, email: buyer.email, locale: buyer.locale };
}

/**
 * The webhook's paid pack: active with its order, and its receipt emailed to the facilitator who
 * bought it, in their language (decision 0351); false when unknown or active already.
 */
export async function completePackPurchase(
  db: DB,
  deps: AppDeps,
  packId: number,
  paid: { orderId: string; amount: number; currency: string; seatPrice: number },
): Promise<boolean> {
  if (!(await repo.activatePack(db, packId, paid))) return false;
  const pack = await repo.findPackWithCohort(db, packId);
  const buyer = pack && (await repo.findFacilitator(db, pack.facilitatorId));
  if (!pack || !buyer) return true;
  await queueFeatureEmail(db, deps, {
    kind: 'seat-pack-receipt',
    to: buyer.email,
    email: seatPackReceiptEmail(
      deps.config.publicUrl,
      {
        name: buyer.name,
        seats: pack.seats,
        cohortName: pack.cohortName,
        ...paid,
        paidAt: pack.paidAt ?? new Date().toISOString(),
      },
      buyer.locale,
    ),
  });
  return true;
}

/**
 * facilitator.pack: one of the facilitator's own packs, a pending one too, for the page they come
 * back to from Stripe (decision 0351): whether the payment is received, still being confirmed, or
 * failed. Another facilitator's pack, or none: 404.
 */
export async function getOwnPack(deps: AppDeps, auth: FacilitatorAuth, packId: number) {
  const row = await repo.findOwnPack(deps.db, auth.facilitatorId, packId);
  if (!row) throw new AppError('NOT_FOUND', PACK_NOT_FOUND);
  const view = packView(row);
  return {
    id: view.id,
    seats: view.seats,
    cohortName: row.cohortName,
    status: view.status,
    amount: view.amount,
    currency: view.currency,
  };
}

// ------------------------------------------------------------------ the facilitator's area

export async function listOwnCohorts(deps: AppDeps, auth: FacilitatorAuth) {
  const rows = await repo.listCohorts(deps.db, auth.facilitatorId);
  return rows.map((row) => ({ ...row, couples: Number(row.couples ?? 0), joinLink: joinLink(deps, row.joinCode) }));
}

export function joinLink(deps: Pick<AppDeps, 'config'>, code: string): string {
  return linkWithSecret(deps.config.publicUrl, '/mentor', 'code', code);
}

/** A new cohort of the facilitator's, with its join code; an audit line names it by id (as decision 0353's). */
export async function createCohort(deps: AppDeps, auth: FacilitatorAuth, name: string, address: string | null) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await repo.insertCohort(trx, auth.facilitatorId, name, generateCode('JOIN'));
    await recordFacilitatorAction(trx, auth.facilitatorId, 'facilitator.create-cohort', {
      target: `cohort ${created.id}`,
      address,
    });
    return created;
  });
  return { ...row, couples: 0, joinLink: joinLink(deps, row.joinCode) };
}

/**
 * A new join code for one of the facilitator's own cohorts (decision 0354): the old code is refused
 * from the next request on as any unknown code is; couples already linked stay linked. Another
 * facilitator's cohort: 404, nothing changes.
 */
export async function newJoinCode(deps: AppDeps, auth: FacilitatorAuth, cohortId: number, address: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.replaceJoinCode(trx, auth.facilitatorId, cohortId, generateCode('JOIN')))) {
      throw new AppError('NOT_FOUND', COHORT_NOT_FOUND);
    }
    await recordFacilitatorAction(trx, auth.facilitatorId, 'facilitator.new-join-code', {
      target: `cohort ${cohortId}`,
      address,
    });
  });
  const cohort = (await repo.findOwnCohort(deps.db, auth.facilitatorId, cohortId))!;
  return { ...cohort, joinLink: joinLink(deps, cohort.joinCode) };
}

/**
 * A new seat code for one of the facilitator's own packs (one code per pack, decision 0354): the
 * old code is refused as any unknown code is; seats taken stay taken, couples linked stay linked.
 * Another facilitator's pack, or one still awaiting its payment: 404, nothing changes.
 */
export async function newSeatCode(deps: AppDeps, auth: FacilitatorAuth, packId: number, address: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.replaceSeatCode(trx, auth.facilitatorId, packId, generateCode('SEAT')))) {
      throw new AppError('NOT_FOUND', PACK_NOT_FOUND);
    }
    await recordFacilitatorAction(trx, auth.facilitatorId, 'facilitator.new-seat-code', {
      target: `seat pack ${packId}`,
      address,
    });
  });
  const row = (await repo.findPackWithCohort(deps.db, packId))!;
  return { ...packView(row), cohortName: row.cohortName, link: joinLink(deps, row.code) };
}

/**
 * The facilitator's packs. Only an active pack's seat code and link are sent: a pending, failed,
 * expired or refunded pack's code opens nothing, and is not handed out.
 */
export async function listOwnPacks(deps: AppDeps, auth: FacilitatorAuth) {
  const rows = await repo.listOwnPacks(deps.db, auth.facilitatorId);
  return rows.map((row) => {
    const pack = packView(row);
    const seats =
      pack.status === 'active' ? { code: row.code, link: joinLink(deps, row.code) } : { code: null, link: null };
    return { ...pack, ...seats, cohortName: row.cohortName };
  });
}

type CoupleStatus = 'notStarted' | 'stuck' | 'onTrack' | 'finished';

function statusOf(completedAt: string[], linkedAt: string, now: number): CoupleStatus {
  if (completedAt.length >= 52) return 'finished';
  const latest = completedAt.reduce((max, at) => (at > max ? at : max), '');
  if (!latest) return now - Date.parse(linkedAt) > STUCK_AFTER_DAYS * DAY_MS ? 'stuck' : 'notStarted';
  return now - Date.parse(latest) > STUCK_AFTER_DAYS * DAY_MS ? 'stuck' : 'onTrack';
}

/**
 * One cohort's table: per linked couple, exactly what the couple was told a facilitator sees
 * (FACILITATOR_SEES): names, wedding date, weeks completed and when, ratings, streak, last
 * active, and the weeks shared with the mentor. Another facilitator's cohort is 404.
 */
export async function getCohortTable(deps: AppDeps, auth: FacilitatorAuth, cohortId: number, now = Date.now()) {
  const cohort = await repo.findOwnCohort(deps.db, auth.facilitatorId, cohortId);
  if (!cohort) throw new AppError('NOT_FOUND', COHORT_NOT_FOUND);
  const couples = await repo.listCohortCouples(deps.db, auth.facilitatorId, cohortId);
  const ids = couples.map((couple) => couple.coupleId);
  const [completions, shares] = await Promise.all([
    repo.listCompletions(deps.db, ids),
    repo.listMentorShares(deps.db, ids),
  ]);
  return {
    cohort: { ...cohort, joinLink: joinLink(deps, cohort.joinCode) },
    couples: couples.map((couple) => {
      const weeks = completions.filter((row) => row.coupleId === couple.coupleId);
      const completedAt = weeks.map((row) => row.completedAt!);
      return {
        coupleId: couple.coupleId,
        names: { displayName: couple.displayName, partnerName: couple.partnerName },
        weddingDate: couple.weddingDate,
        weeksCompleted: weeks.map((row) => ({
          weekNumber: row.weekNumber,
          completedAt: row.completedAt!,
          rating: row.rating,
        })),
        streak: weeklyStreak(completedAt, couple.timeZone ?? 'UTC', new Date(now), []).currentStreak,
        lastActiveAt: couple.lastActiveAt,
        linkedAt: couple.linkedAt,
        status: statusOf(completedAt, couple.linkedAt, now),
        sharedWeeks: shares.filter((row) => row.coupleId === couple.coupleId).map((row) => row.weekNumber),
      };
    }),
  };
}

/**
 * A week a linked couple shared with their mentor: their answers (reflection questions, activity,
 * commitment), read through the couple's own answer read (keepsakeAnswers) only when the couple is
 * linked to this facilitator, shared the week, and their own reveal holds (with private answers
 * on: both partners shared the week with each other). Discussion notes, card notes and progress
 * notes are never shown. Anything else is a 403/404 that reads nothing.
 */
export async function getSharedWeek(
  deps: AppDeps,
  auth: FacilitatorAuth,
  coupleId: number,
  weekNumber: number,
  locale: Locale,
) {
  if (!(await repo.isLinkedTo(deps.db, auth.facilitatorId, coupleId)))
    throw new AppError('NOT_FOUND', COUPLE_NOT_LINKED);
  if (!(await repo.isMentorShared(deps.db, coupleId, weekNumber))) throw new AppError('FORBIDDEN', WEEK_NOT_SHARED);
  const facts = await repo.findCoupleFacts(deps.db, coupleId);
  if (!facts) throw new AppError('NOT_FOUND', COUPLE_NOT_LINKED);
  await assertCanReadBothOnce({ coupleId, partner: null, privateAnswers: facts.privateAnswers === 1 }, () =>
    isWeekRevealed(deps, coupleId, weekNumber),
  );
  const visible = await keepsakeAnswers(
    deps.db,
    { coupleId, accountId: 0, partner: null, privateAnswers: facts.privateAnswers === 1 },
    weekNumber,
    locale,
  );
  return {
    weekNumber,
    title: visible.content.title,
    partners: visible.partners.map((answers) => ({
      partner: answers.partner,
      reflectionAnswers: answers.reflectionAnswers.map((item) => ({
        id: item.id,
        question: item.text,
        answer: item.answer,
      })),
      activityResponse: answers.activityResponse,
      weeklyCommitment: answers.weeklyCommitment,
    })),
  };
}

/**
 * The facilitator removes a couple from one of their cohorts (decision 0353): the link goes and the
 * weeks the couple shared go with it, as when the couple unlinks, so the facilitator sees nothing
 * of them from the next request on. A seat the couple redeemed stays used and their access stays
 * (never take back what a couple was given). The removal is kept, so no code of that cohort links
 * them again (decision 0360). A couple not linked in that cohort of theirs (another
 * facilitator's, or gone already): 404, nothing changes.
 */
export async function removeCoupleFromCohort(
  deps: AppDeps,
  auth: FacilitatorAuth,
  input: { cohortId: number; coupleId: number },
  address: string | null,
): Promise<{ success: true }> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteOwnLink(trx, auth.facilitatorId, input.cohortId, input.coupleId))) {
      throw new AppError('NOT_FOUND', COUPLE_NOT_LINKED);
    }
    await repo.deleteMentorShares(trx, input.coupleId);
    await repo.saveRemoval(trx, input.cohortId, input.coupleId);
    await queueRemovalNotice(trx, deps, auth, input);
    await recordFacilitatorAction(trx, auth.facilitatorId, 'facilitator.remove-couple', {
      target: `couple ${input.coupleId} from cohort ${input.cohortId}`,
      address,
    });
  });
  return { success: true };
}

/**
 * The couple's email about their removal (decision 0360), to each sign-in of theirs with an email,
 * in its own language, in the removal's transaction: a notice about their account, so it goes to a
 * couple who turned the weekly reminders off too, and carries no unsubscribe link.
 */
async function queueRemovalNotice(
  trx: DB,
  deps: AppDeps,
  auth: FacilitatorAuth,
  input: { cohortId: number; coupleId: number },
): Promise<void> {
  const facilitator = await repo.findFacilitator(trx, auth.facilitatorId);
  const cohort = await repo.findOwnCohort(trx, auth.facilitatorId, input.cohortId);
  const facts = await repo.findRemovalNoticeFacts(trx, input.cohortId, input.coupleId);
  if (!facilitator || !cohort || !facts) return;
  for (const email of facts.emails) {
    await queueFeatureEmail(trx, deps, {
      kind: 'cohort-removal',
      coupleId: input.coupleId,
      to: email,
      email: cohortRemovalEmail(
        deps.config.publicUrl,
        {
          names: facts.names,
          facilitatorName: facilitator.name,
          organisation: facilitator.organisation,
          cohortName: cohort.name,
          keptSeat: facts.keptSeat,
        },
        await recipientLocale(trx, { email, coupleId: input.coupleId }),
      ),
    });
  }
}

/**
 * An email to every couple of the cohort who still gets the app's emails (unsubscribed ones are
 * skipped). One that reached someone is an audit line: the cohort and how many emails went, never
 * the subject or the words (the log holds facts, not content).
 */
export async function messageCohort(
  deps: AppDeps,
  auth: FacilitatorAuth,
  input: { cohortId: number; subject: string; body: string },
  address: string | null,
): Promise<{ queued: number; skipped: number }> {
  const me = await getFacilitatorMe(deps, auth);
  const limit = deps.rateLimits.cohortMessagesPerFacilitator;
  const reservation = await limit.reserve(String(auth.facilitatorId)).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
      throw tooMany(Number(error.extra?.retryAfterSeconds ?? 1) * 1000, (wait) =>
        cohortMessagesPaused(limit.max, wait),
      );
    }
    throw error;
  });
  // Only a message that reached someone spends the budget: an unknown cohort, one nobody can be
  // written to, or a failure gives the slot back (decision 0341).
  const sent = await deps.db
    .transaction()
    .execute(async (trx) => {
      const queued = await queueCohortMessage(trx, deps, auth, me.name, input);
      if (queued.queued > 0) {
        await recordFacilitatorAction(trx, auth.facilitatorId, 'facilitator.message-cohort', {
          target: `cohort ${input.cohortId} (${queued.queued} recipients)`,
          address,
        });
      }
      return queued;
    })
    .catch(async (error: unknown) => {
      await reservation.release();
      throw error;
    });
  if (sent.queued === 0) await reservation.release();
  return sent;
}

/** The 429 of a facilitator's spent cohort-message budget (src/web/lib/api-error.ts says it in Spanish). */
export const cohortMessagesPaused = (max: number, wait: string) =>
  `Too many cohort messages: a facilitator can send ${max} an hour. Please try again in ${wait}.`;

async function queueCohortMessage(
  trx: DB,
  deps: AppDeps,
  auth: FacilitatorAuth,
  facilitatorName: string,
  input: { cohortId: number; subject: string; body: string },
): Promise<{ queued: number; skipped: number }> {
  const cohort = await repo.findOwnCohort(trx, auth.facilitatorId, input.cohortId);
  if (!cohort) throw new AppError('NOT_FOUND', COHORT_NOT_FOUND);
  const linked = await repo.listCohortCouples(trx, auth.facilitatorId, input.cohortId);
  const recipients = await repo.listCohortRecipients(trx, auth.facilitatorId, input.cohortId);
  for (const recipient of recipients) {
    const link = unsubscribeUrl(deps, recipient.coupleId);
    await queueFeatureEmail(trx, deps, {
      kind: 'cohort-message',
      coupleId: recipient.coupleId,
      to: recipient.email!,
      email: cohortMessageEmail(
        deps.config.publicUrl,
        {
          facilitatorName,
          cohortName: cohort.name,
          subject: input.subject,
          body: input.body,
          unsubscribeUrl: link,
        },
        await recipientLocale(trx, { email: recipient.email!, coupleId: recipient.coupleId }),
      ),
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }
  const reached = new Set(recipients.map((recipient) => recipient.coupleId));
  return { queued: recipients.length, skipped: linked.filter((couple) => !reached.has(couple.coupleId)).length };
}

// ------------------------------------------------------------------ the couple's side (consent)

async function lookUpCode(deps: AppDeps, code: string, clientAddress: string) {
  const reservation = await deps.rateLimits.facilitatorCodesPerAddress.reserve(clientAddress);
  if (code.startsWith('SEAT-')) {
    const pack = await repo.findPackByCode(deps.db, code);
    if (!pack || pack.status === 'pending') throw new AppError('NOT_FOUND', CODE_UNKNOWN);
    await reservation.release();
    return { kind: 'seat' as const, pack, ...pack };
  }
  const cohort = await repo.findCohortByCode(deps.db, code);
  if (!cohort) throw new AppError('NOT_FOUND', CODE_UNKNOWN);
  await reservation.release();
  return { kind: 'join' as const, pack: null, ...cohort };
}

/** Whether a seat code can give a seat now: `expired` past its last day, `unavailable` used up or refunded. */
function seatState(pack: Pick<PackRow, 'status' | 'expiresOn' | 'paymentFailedAt' | 'seats' | 'seatsUsed'>) {
  const status = packStatus(pack);
  if (status === 'expired') return 'expired' as const;
  return status === 'active' && pack.seatsUsed < pack.seats ? ('available' as const) : ('unavailable' as const);
}

/**
 * What the couple is asked to consent to, before anything changes: who the facilitator is, the
 * cohort, whether a seat comes with it (and, for a seat code that can give none, why: the page
 * then offers no seat and no "Link us"), and the list of what the facilitator will see; with the
 * couple's private answers setting, since with it off either partner alone links them and shares
 * a week's answers of both (the page says so before they consent).
 */
export async function previewMentorCode(
  deps: AppDeps,
  auth: Pick<CoupleAuth, 'coupleId' | 'privateAnswers'>,
  code: string,
  clientAddress: string,
) {
  const found = await lookUpCode(deps, code, clientAddress);
  if (found.revokedAt !== null) throw new AppError('CONFLICT', FACILITATOR_REVOKED);
  if (await repo.isRemovedFrom(deps.db, found.cohortId, auth.coupleId)) {
    throw new AppError('FORBIDDEN', REMOVED_FROM_COHORT);
  }
  const seat = found.pack ? seatState(found.pack) : null;
  return {
    kind: found.kind,
    facilitatorName: found.facilitatorName,
    facilitatorKind: found.facilitatorKind,
    organisation: found.organisation,
    cohortName: found.cohortName,
    seat,
    seatsLeft: found.pack ? (seat === 'available' ? found.pack.seats - found.pack.seatsUsed : 0) : null,
    privateAnswers: auth.privateAnswers,
  };
}

/**
 * The couple consents: linked to the code's facilitator and cohort (replacing an earlier link).
 * A seat code also takes one seat (one conditional UPDATE: the last seats go exactly once) and
 * gives the couple full access. A revoked facilitator, a cohort the facilitator removed the couple
 * from (decision 0360), no seat left, or a second seat of one pack: a clear 4xx, and nothing
 * changes (one transaction).
 */
export async function linkWithCode(deps: AppDeps, auth: CoupleAuth, code: string, clientAddress: string) {
  const found = await lookUpCode(deps, code, clientAddress);
  if (found.revokedAt !== null) throw new AppError('CONFLICT', FACILITATOR_REVOKED);
  await deps.db.transaction().execute(async (trx) => {
    // Removed by the facilitator, no code of that cohort brings them back, nor takes a seat (decision 0360).
    if (await repo.isRemovedFrom(trx, found.cohortId, auth.coupleId)) {
      throw new AppError('FORBIDDEN', REMOVED_FROM_COHORT);
    }
    if (found.pack) {
      if (await repo.hasRedeemed(trx, found.pack.id, auth.coupleId)) throw new AppError('CONFLICT', SEAT_ALREADY_TAKEN);
      if (!(await repo.takeSeat(trx, found.pack.id, today()))) throw new AppError('CONFLICT', NO_SEATS_LEFT);
      const facts = await repo.findCoupleFacts(trx, auth.coupleId);
      const upgraded = facts?.accessLevel === 'trial';
      await repo.insertRedemption(trx, found.pack.id, auth.coupleId, upgraded);
      if (upgraded) await upgradeSignedInCouple(trx, auth.coupleId);
    }
    const current = await repo.findLink(trx, auth.coupleId);
    if (!found.pack && current?.cohortId === found.cohortId) throw new AppError('CONFLICT', ALREADY_LINKED);
    // The weeks shared with one facilitator are never shown to the next one the couple links with.
    if (current && current.facilitatorId !== found.facilitatorId) await repo.deleteMentorShares(trx, auth.coupleId);
    await repo.saveLink(trx, auth.coupleId, found.facilitatorId, found.cohortId);
  });
  return getMentor(deps, auth);
}

/** The couple's view: their facilitator (if any), the weeks they share with them, their seats. */
export async function getMentor(deps: AppDeps, auth: CoupleAuth) {
  const [link, shares, seats] = await Promise.all([
    repo.findLink(deps.db, auth.coupleId),
    repo.listOwnMentorShares(deps.db, auth.coupleId),
    repo.listOwnRedemptions(deps.db, auth.coupleId),
  ]);
  return {
    link: link
      ? {
          facilitatorName: link.facilitatorName,
          facilitatorKind: link.facilitatorKind,
          organisation: link.organisation,
          cohortName: link.cohortName,
          linkedAt: link.linkedAt,
          active: link.revokedAt === null,
        }
      : null,
    sharedWeeks: shares,
    seats: seats.map((seat) => ({ redeemedAt: seat.redeemedAt })),
  };
}

/**
 * Unlinking: the link row goes, so the very next facilitator request finds nothing (access ends at
 * once), and the weeks shared with that facilitator go with it: linking again shares nothing until
 * the couple shares again.
 */
export async function unlinkMentor(deps: AppDeps, auth: CoupleAuth) {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteLink(trx, auth.coupleId))) throw new AppError('CONFLICT', NOT_LINKED);
    await repo.deleteMentorShares(trx, auth.coupleId);
  });
  return getMentor(deps, auth);
}

/**
 * "Share with our mentor": only while linked, only a week the couple can open (the unlock rule's
 * 403: a locked week has nothing of theirs to show; a week past a trial's limit says so, as the
 * week map does, not "complete the previous week"), and only after the couple's own reveal of the
 * week (with private answers on, both partners shared it with each other: the partners' sealing rule).
 */
export async function shareWeekWithMentor(deps: AppDeps, auth: CoupleAuth, weekNumber: number) {
  if (!(await repo.findLink(deps.db, auth.coupleId))) throw new AppError('CONFLICT', NOT_LINKED);
  const lockReason = (await unlockState(deps, auth)).lockReason(weekNumber);
  if (lockReason === 'trial-limit') throw new AppError('FORBIDDEN', WEEK_NOTICES['trial-limit'](weekNumber));
  if (lockReason !== null) throw new AppError('FORBIDDEN', LOCKED_WEEK_MESSAGE);
  await assertCanReadBothOnce(
    { coupleId: auth.coupleId, partner: auth.partner, privateAnswers: auth.privateAnswers },
    () => isWeekRevealed(deps, auth.coupleId, weekNumber),
    SHARE_AFTER_REVEAL,
  );
  await repo.saveMentorShare(deps.db, auth.coupleId, weekNumber);
  return getMentor(deps, auth);
}

export async function unshareWeekWithMentor(deps: AppDeps, auth: CoupleAuth, weekNumber: number) {
  await repo.deleteMentorShare(deps.db, auth.coupleId, weekNumber);
  return getMentor(deps, auth);
}

/** Rows of the couple for "Download our data" (features/our-data/tables.ts). */
export async function coupleMentorRows(db: DB, coupleId: number) {
  const [link, shares, seats, removals] = await Promise.all([
    repo.findLink(db, coupleId),
    repo.listOwnMentorShares(db, coupleId),
    repo.listOwnRedemptions(db, coupleId),
    repo.listOwnRemovals(db, coupleId),
  ]);
  return { link, shares, seats, removals };
}
