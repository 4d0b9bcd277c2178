import { sql } from 'kysely';
import { nowIso, type DB } from '../../db/client';
import type { FacilitatorKind, SeatPacksTable } from '../../db/schema';

/*
 * All SQL of facilitators, cohorts, seat packs and mentor shares (issue 38). Every read a
 * facilitator's procedure makes of couples goes through facilitator_links filtered by the signed-in
 * facilitator's id, inside the query (GUIDE habit 4): a couple id not linked to them finds nothing.
 */

// ------------------------------------------------------------------ organisations, facilitators

export async function findOrCreateOrganisation(db: DB, name: string): Promise<number> {
  const found = await db.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('organisations')
    .values({ name, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function emailTaken(db: DB, email: string): Promise<boolean> {
  const row = await db.selectFrom('facilitators').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function insertFacilitator(
  db: DB,
  values: {
    organisationId: number | null;
    name: string;
    email: string;
    kind: FacilitatorKind;
    locale: 'en' | 'es';
    inviteTokenHash: string;
    inviteExpiresAt: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('facilitators')
    .values({
      organisation_id: values.organisationId,
      name: values.name,
      email: values.email,
      kind: values.kind,
      locale: values.locale,
      invite_token_hash: values.inviteTokenHash,
      invite_expires_at: values.inviteExpiresAt,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function facilitatorQuery(db: DB) {
  return db
    .selectFrom('facilitators')
    .leftJoin('organisations', 'organisations.id', 'facilitators.organisation_id')
    .select([
      'facilitators.id as id',
      'facilitators.name as name',
      'facilitators.email as email',
      'facilitators.kind as kind',
      'facilitators.locale as locale',
      'facilitators.revoked_at as revokedAt',
      'facilitators.created_at as createdAt',
      'facilitators.totp_enabled_at as totpEnabledAt',
      'facilitators.organisation_id as organisationId',
      'organisations.name as organisation',
    ])
    .select(sql<number>`case when facilitators.password_hash is null then 0 else 1 end`.as('accepted'));
}

export async function findFacilitator(db: DB, id: number) {
  return facilitatorQuery(db).where('facilitators.id', '=', id).executeTakeFirst();
}

export async function findFacilitatorByInvite(db: DB, tokenHash: string) {
  return facilitatorQuery(db)
    .select(['facilitators.invite_expires_at as inviteExpiresAt'])
    .where('facilitators.invite_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The sign-in's secrets, for the password and second-factor checks only; never leaves the service. */
export async function findFacilitatorSecrets(db: DB, email: string) {
  return db
    .selectFrom('facilitators')
    .select([
      'id',
      'password_hash as passwordHash',
      'revoked_at as revokedAt',
      'totp_secret_encrypted as totpSecret',
      'totp_enabled_at as totpEnabledAt',
    ])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function findTotpState(db: DB, id: number) {
  return db
    .selectFrom('facilitators')
    .select(['totp_secret_encrypted as totpSecret', 'totp_enabled_at as totpEnabledAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function listFacilitators(db: DB) {
  return facilitatorQuery(db)
    .select((eb) => [
      eb
        .selectFrom('facilitator_links')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('facilitator_links.facilitator_id', '=', 'facilitators.id')
        .as('linkedCouples'),
    ])
    .orderBy('facilitators.id', 'desc')
    .limit(500)
    .execute();
}

/** Accepts an unused, unexpired invite with the new password hash; false when it was not usable. */
export async function acceptInvite(
  db: DB,
  id: number,
  tokenHash: string,
  passwordHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('facilitators')
    .set({ password_hash: passwordHash, invite_token_hash: null, invite_expires_at: null })
    .where('id', '=', id)
    .where('invite_token_hash', '=', tokenHash)
    .where('invite_expires_at', '>', now)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes the facilitator and ends their sessions; false when revoked already. */
export async function revokeFacilitator(db: DB, id: number): Promise<boolean> {
  const result = await db
    .updateTable('facilitators')
    .set({ revoked_at: nowIso(), invite_token_hash: null })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  await db.deleteFrom('facilitator_sessions').where('facilitator_id', '=', id).execute();
  return Number(result.numUpdatedRows) === 1;
}

export async function savePendingTotp(db: DB, id: number, encrypted: string): Promise<boolean> {
  const result = await db
    .updateTable('facilitators')
    .set({ totp_secret_encrypted: encrypted, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', id)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the accepted TOTP step (a code is good once); `enable` switches the factor on. */
export async function acceptTotpStep(db: DB, id: number, step: number, enable: boolean): Promise<boolean> {
  const result = await db
    .updateTable('facilitators')
    .set(enable ? { totp_last_step: step, totp_enabled_at: nowIso() } : { totp_last_step: step })
    .where('id', '=', id)
    .where('totp_secret_encrypted', 'is not', null)
    .where('totp_enabled_at', enable ? 'is' : 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function clearTotp(db: DB, id: number): Promise<void> {
  await db
    .updateTable('facilitators')
    .set({ totp_secret_encrypted: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', id)
    .execute();
}

// ------------------------------------------------------------------ sessions

export async function insertSession(db: DB, facilitatorId: number, tokenHash: string, expiresAt: number) {
  await db
    .insertInto('facilitator_sessions')
    .values({ facilitator_id: facilitatorId, token_hash: tokenHash, expires_at: expiresAt, created_at: nowIso() })
    .execute();
}

/** The session's facilitator, only while the session lasts and the facilitator is not revoked. */
export async function findSessionFacilitator(db: DB, tokenHash: string, now: number) {
  return db
    .selectFrom('facilitator_sessions')
    .innerJoin('facilitators', 'facilitators.id', 'facilitator_sessions.facilitator_id')
    .select(['facilitators.id as facilitatorId', 'facilitator_sessions.id as sessionId'])
    .where('facilitator_sessions.token_hash', '=', tokenHash)
    .where('facilitator_sessions.expires_at', '>', now)
    .where('facilitators.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** The facilitator's ended sessions, removed at each new sign-in (facilitators are few; no sweep needed). */
export async function deleteExpiredSessions(db: DB, facilitatorId: number, now: number): Promise<void> {
  await db
    .deleteFrom('facilitator_sessions')
    .where('facilitator_id', '=', facilitatorId)
    .where('expires_at', '<=', now)
    .execute();
}

export async function deleteSession(db: DB, tokenHash: string): Promise<void> {
  await db.deleteFrom('facilitator_sessions').where('token_hash', '=', tokenHash).execute();
}

// ------------------------------------------------------------------ cohorts

export async function insertCohort(db: DB, facilitatorId: number, name: string, joinCode: string) {
  return db
    .insertInto('cohorts')
    .values({ facilitator_id: facilitatorId, name, join_code: joinCode, created_at: nowIso() })
    .returning(['id', 'name', 'join_code as joinCode', 'created_at as createdAt'])
    .executeTakeFirstOrThrow();
}

export async function listCohorts(db: DB, facilitatorId: number) {
  return db
    .selectFrom('cohorts')
    .select((eb) => [
      'cohorts.id as id',
      'cohorts.name as name',
      'cohorts.join_code as joinCode',
      'cohorts.created_at as createdAt',
      eb
        .selectFrom('facilitator_links')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('facilitator_links.cohort_id', '=', 'cohorts.id')
        .as('couples'),
    ])
    .where('cohorts.facilitator_id', '=', facilitatorId)
    .orderBy('cohorts.id', 'desc')
    .execute();
}

/** The facilitator's own cohort; undefined for anyone else's. */
export async function findOwnCohort(db: DB, facilitatorId: number, cohortId: number) {
  return db
    .selectFrom('cohorts')
    .select(['id', 'name', 'join_code as joinCode', 'created_at as createdAt'])
    .where('id', '=', cohortId)
    .where('facilitator_id', '=', facilitatorId)
    .executeTakeFirst();
}

/** Gives the facilitator's own cohort a new join code (the old one then finds nothing); false for anyone else's. */
export async function replaceJoinCode(db: DB, facilitatorId: number, cohortId: number, joinCode: string) {
  const result = await db
    .updateTable('cohorts')
    .set({ join_code: joinCode })
    .where('id', '=', cohortId)
    .where('facilitator_id', '=', facilitatorId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives the facilitator's own pack a new seat code (the old one then finds nothing); false for
 * anyone else's pack, or a pack still awaiting its payment (not in their list).
 */
export async function replaceSeatCode(db: DB, facilitatorId: number, packId: number, code: string) {
  const result = await db
    .updateTable('seat_packs')
    .set({ code })
    .where('id', '=', packId)
    .where('facilitator_id', '=', facilitatorId)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A cohort by its join code, with its facilitator (who must not be revoked to be joined). */
export async function findCohortByCode(db: DB, code: string) {
  return db
    .selectFrom('cohorts')
    .innerJoin('facilitators', 'facilitators.id', 'cohorts.facilitator_id')
    .leftJoin('organisations', 'organisations.id', 'facilitators.organisation_id')
    .select([
      'cohorts.id as cohortId',
      'cohorts.name as cohortName',
      'facilitators.id as facilitatorId',
      'facilitators.name as facilitatorName',
      'facilitators.kind as facilitatorKind',
      'facilitators.revoked_at as revokedAt',
      'organisations.name as organisation',
    ])
    .where('cohorts.join_code', '=', code)
    .executeTakeFirst();
}

// ------------------------------------------------------------------ links (consent)

export async function findLink(db: DB, coupleId: number) {
  return db
    .selectFrom('facilitator_links')
    .innerJoin('facilitators', 'facilitators.id', 'facilitator_links.facilitator_id')
    .innerJoin('cohorts', 'cohorts.id', 'facilitator_links.cohort_id')
    .leftJoin('organisations', 'organisations.id', 'facilitators.organisation_id')
    .select([
      'facilitator_links.facilitator_id as facilitatorId',
      'facilitator_links.cohort_id as cohortId',
      'facilitator_links.linked_at as linkedAt',
      'facilitators.name as facilitatorName',
      'facilitators.kind as facilitatorKind',
      'facilitators.revoked_at as revokedAt',
      'cohorts.name as cohortName',
      'organisations.name as organisation',
    ])
    .where('facilitator_links.couple_id', '=', coupleId)
    .executeTakeFirst();
}

/** Links the couple (replacing an earlier link: one facilitator at a time). */
export async function saveLink(db: DB, coupleId: number, facilitatorId: number, cohortId: number): Promise<void> {
  await db.deleteFrom('facilitator_links').where('couple_id', '=', coupleId).execute();
  await db
    .insertInto('facilitator_links')
    .values({ couple_id: coupleId, facilitator_id: facilitatorId, cohort_id: cohortId, linked_at: nowIso() })
    .execute();
}

export async function deleteLink(db: DB, coupleId: number): Promise<boolean> {
  const result = await db.deleteFrom('facilitator_links').where('couple_id', '=', coupleId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Ends the link of a couple in one of this facilitator's cohorts (the facilitator removes them);
 * false when the couple is not linked there (another facilitator's couple, or none).
 */
export async function deleteOwnLink(db: DB, facilitatorId: number, cohortId: number, coupleId: number) {
  const result = await db
    .deleteFrom('facilitator_links')
    .where('couple_id', '=', coupleId)
    .where('facilitator_id', '=', facilitatorId)
    .where('cohort_id', '=', cohortId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Keeps the facilitator's removal of the couple from the cohort (decision 0360); a second one changes nothing. */
export async function saveRemoval(db: DB, cohortId: number, coupleId: number): Promise<void> {
  await db
    .insertInto('cohort_removals')
    .values({ cohort_id: cohortId, couple_id: coupleId, removed_at: nowIso() })
    .onConflict((oc) => oc.columns(['cohort_id', 'couple_id']).doNothing())
    .execute();
}

/**
 * What the email to a couple removed from a cohort says (decision 0360): their names, whether they
 * took a seat of one of the cohort's packs (they keep it), and the addresses of their sign-ins.
 */
export async function findRemovalNoticeFacts(db: DB, cohortId: number, coupleId: number) {
  const couple = await db
    .selectFrom('couples')
    .select(['display_name as displayName', 'partner_name as partnerName'])
    .where('id', '=', coupleId)
    .executeTakeFirst();
  const seat = await db
    .selectFrom('seat_redemptions')
    .innerJoin('seat_packs', 'seat_packs.id', 'seat_redemptions.pack_id')
    .select('seat_redemptions.pack_id')
    .where('seat_redemptions.couple_id', '=', coupleId)
    .where('seat_packs.cohort_id', '=', cohortId)
    .executeTakeFirst();
  const accounts = await db
    .selectFrom('accounts')
    .select('email')
    .where('couple_id', '=', coupleId)
    .where('role', '=', 'couple')
    .where('email', 'is not', null)
    .orderBy('id')
    .execute();
  return couple
    ? { names: couple, keptSeat: seat !== undefined, emails: accounts.map((row) => row.email!) }
    : undefined;
}

/** Whether the couple was removed from the cohort by its facilitator (decision 0360). */
export async function isRemovedFrom(db: DB, cohortId: number, coupleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('cohort_removals')
    .select('couple_id')
    .where('cohort_id', '=', cohortId)
    .where('couple_id', '=', coupleId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The cohorts the couple was removed from, with who removed them (their "Download our data"). */
export async function listOwnRemovals(db: DB, coupleId: number) {
  return db
    .selectFrom('cohort_removals')
    .innerJoin('cohorts', 'cohorts.id', 'cohort_removals.cohort_id')
    .innerJoin('facilitators', 'facilitators.id', 'cohorts.facilitator_id')
    .select([
      'facilitators.name as facilitatorName',
      'cohorts.name as cohortName',
      'cohort_removals.removed_at as removedAt',
    ])
    .where('cohort_removals.couple_id', '=', coupleId)
    .orderBy('cohort_removals.removed_at')
    .execute();
}

/** Whether the couple is linked to this facilitator right now: THE check of every couple read. */
export async function isLinkedTo(db: DB, facilitatorId: number, coupleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('facilitator_links')
    .select('couple_id')
    .where('couple_id', '=', coupleId)
    .where('facilitator_id', '=', facilitatorId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The couples of one cohort of this facilitator, with the facts a facilitator may see. */
export async function listCohortCouples(db: DB, facilitatorId: number, cohortId: number) {
  return db
    .selectFrom('facilitator_links')
    .innerJoin('couples', 'couples.id', 'facilitator_links.couple_id')
    .select([
      'couples.id as coupleId',
      'couples.display_name as displayName',
      'couples.partner_name as partnerName',
      'couples.wedding_date as weddingDate',
      'couples.last_active_at as lastActiveAt',
      'couples.time_zone as timeZone',
      'couples.private_answers as privateAnswers',
      'facilitator_links.linked_at as linkedAt',
    ])
    .where('facilitator_links.facilitator_id', '=', facilitatorId)
    .where('facilitator_links.cohort_id', '=', cohortId)
    .orderBy('couples.display_name')
    .orderBy('couples.id')
    .execute();
}

/** Completed weeks with when and their rating, for couples already checked as linked. */
export async function listCompletions(db: DB, coupleIds: number[]) {
  if (coupleIds.length === 0) return [];
  return db
    .selectFrom('progress')
    .select(['couple_id as coupleId', 'week_number as weekNumber', 'completed_at as completedAt', 'rating'])
    .where('couple_id', 'in', coupleIds)
    .where('completed_at', 'is not', null)
    .orderBy('couple_id')
    .orderBy('week_number')
    .execute();
}

export async function listMentorShares(db: DB, coupleIds: number[]) {
  if (coupleIds.length === 0) return [];
  return db
    .selectFrom('mentor_shares')
    .select(['couple_id as coupleId', 'week_number as weekNumber', 'shared_at as sharedAt'])
    .where('couple_id', 'in', coupleIds)
    .orderBy('couple_id')
    .orderBy('week_number')
    .execute();
}

/** The addresses of a cohort's couples who have not unsubscribed from the app's emails. */
export async function listCohortRecipients(db: DB, facilitatorId: number, cohortId: number) {
  return db
    .selectFrom('facilitator_links')
    .innerJoin('couples', 'couples.id', 'facilitator_links.couple_id')
    .innerJoin('accounts', 'accounts.couple_id', 'couples.id')
    .select(['couples.id as coupleId', 'accounts.email as email'])
    .where('facilitator_links.facilitator_id', '=', facilitatorId)
    .where('facilitator_links.cohort_id', '=', cohortId)
    .where('couples.weekly_reminders', '=', 1)
    .where('accounts.email', 'is not', null)
    .where('accounts.role', '=', 'couple')
    .execute();
}

export async function findCoupleFacts(db: DB, coupleId: number) {
  return db
    .selectFrom('couples')
    .select(['private_answers as privateAnswers', 'access_level as accessLevel'])
    .where('id', '=', coupleId)
    .executeTakeFirst();
}

// ------------------------------------------------------------------ mentor shares

export async function saveMentorShare(db: DB, coupleId: number, weekNumber: number): Promise<void> {
  await db
    .insertInto('mentor_shares')
    .values({ couple_id: coupleId, week_number: weekNumber, shared_at: nowIso() })
    .onConflict((oc) => oc.columns(['couple_id', 'week_number']).doNothing())
    .execute();
}

export async function deleteMentorShare(db: DB, coupleId: number, weekNumber: number): Promise<void> {
  await db
    .deleteFrom('mentor_shares')
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .execute();
}

/** Every week the couple shared with a mentor: consent given to one facilitator ends with their link. */
export async function deleteMentorShares(db: DB, coupleId: number): Promise<void> {
  await db.deleteFrom('mentor_shares').where('couple_id', '=', coupleId).execute();
}

export async function isMentorShared(db: DB, coupleId: number, weekNumber: number): Promise<boolean> {
  const row = await db
    .selectFrom('mentor_shares')
    .select('week_number')
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listOwnMentorShares(db: DB, coupleId: number) {
  return db
    .selectFrom('mentor_shares')
    .select(['week_number as weekNumber', 'shared_at as sharedAt'])
    .where('couple_id', '=', coupleId)
    .orderBy('week_number')
    .execute();
}

// ------------------------------------------------------------------ seat packs

const packColumns = [
  'seat_packs.id as id',
  'seat_packs.facilitator_id as facilitatorId',
  'seat_packs.cohort_id as cohortId',
  'seat_packs.seats as seats',
  'seat_packs.seats_used as seatsUsed',
  'seat_packs.code as code',
  'seat_packs.channel as channel',
  'seat_packs.status as status',
  'seat_packs.amount as amount',
  'seat_packs.currency as currency',
  'seat_packs.order_id as orderId',
  'seat_packs.expires_on as expiresOn',
  'seat_packs.paid_at as paidAt',
  'seat_packs.payment_failed_at as paymentFailedAt',
  'seat_packs.refunded_at as refundedAt',
  'seat_packs.access_revoked as accessRevoked',
  'seat_packs.created_at as createdAt',
] as const;

export type NewPack = Pick<
  SeatPacksTable,
  | 'organisation_id'
  | 'facilitator_id'
  | 'cohort_id'
  | 'seats'
  | 'code'
  | 'channel'
  | 'status'
  | 'currency'
  | 'expires_on'
  | 'paid_at'
> & { amount: number };

export async function insertPack(db: DB, values: NewPack): Promise<number> {
  const row = await db
    .insertInto('seat_packs')
    .values({ ...values, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findPack(db: DB, packId: number) {
  return db.selectFrom('seat_packs').select(packColumns).where('id', '=', packId).executeTakeFirst();
}

export async function findPackByCode(db: DB, code: string) {
  return db
    .selectFrom('seat_packs')
    .innerJoin('facilitators', 'facilitators.id', 'seat_packs.facilitator_id')
    .innerJoin('cohorts', 'cohorts.id', 'seat_packs.cohort_id')
    .leftJoin('organisations', 'organisations.id', 'facilitators.organisation_id')
    .select(packColumns)
    .select([
      'facilitators.name as facilitatorName',
      'facilitators.kind as facilitatorKind',
      'facilitators.revoked_at as revokedAt',
      'cohorts.name as cohortName',
      'organisations.name as organisation',
    ])
    .where('seat_packs.code', '=', code)
    .executeTakeFirst();
}

/**
 * The facilitator's packs; a pending one only once its checkout was completed (a payment being
 * confirmed, or one that failed): a checkout left on Stripe's page names no payment (decision 0366).
 */
export async function listOwnPacks(db: DB, facilitatorId: number) {
  return db
    .selectFrom('seat_packs')
    .innerJoin('cohorts', 'cohorts.id', 'seat_packs.cohort_id')
    .select(packColumns)
    .select('cohorts.name as cohortName')
    .where('seat_packs.facilitator_id', '=', facilitatorId)
    .where((eb) => eb.or([eb('seat_packs.status', '!=', 'pending'), eb('seat_packs.order_id', 'is not', null)]))
    .orderBy('seat_packs.id', 'desc')
    .execute();
}

function packWithCohort(db: DB, packId: number) {
  return db
    .selectFrom('seat_packs')
    .innerJoin('cohorts', 'cohorts.id', 'seat_packs.cohort_id')
    .select(packColumns)
    .select('cohorts.name as cohortName')
    .where('seat_packs.id', '=', packId);
}

/** A pack, whatever its status, with its cohort's name. */
export async function findPackWithCohort(db: DB, packId: number) {
  return packWithCohort(db, packId).executeTakeFirst();
}

/** One of the facilitator's packs, whatever its status (a pending one too), with its cohort's name. */
export async function findOwnPack(db: DB, facilitatorId: number, packId: number) {
  return packWithCohort(db, packId).where('seat_packs.facilitator_id', '=', facilitatorId).executeTakeFirst();
}

export async function listAllPacks(db: DB) {
  return db
    .selectFrom('seat_packs')
    .innerJoin('facilitators', 'facilitators.id', 'seat_packs.facilitator_id')
    .leftJoin('organisations', 'organisations.id', 'seat_packs.organisation_id')
    .select(packColumns)
    .select(['facilitators.name as facilitatorName', 'organisations.name as organisation'])
    .orderBy('seat_packs.id', 'desc')
    .limit(500)
    .execute();
}

/**
 * Takes one seat of an active, unexpired pack: one conditional UPDATE, so concurrent redemptions
 * of the last seats each take a different one and the rest find none (decision 0263).
 */
export async function takeSeat(db: DB, packId: number, today: string): Promise<boolean> {
  const result = await db
    .updateTable('seat_packs')
    .set((eb) => ({ seats_used: eb('seats_used', '+', 1) }))
    .where('id', '=', packId)
    .where('status', '=', 'active')
    .where((eb) => eb('seats_used', '<', eb.ref('seats')))
    .where((eb) => eb.or([eb('expires_on', 'is', null), eb('expires_on', '>=', today)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function hasRedeemed(db: DB, packId: number, coupleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('seat_redemptions')
    .select('pack_id')
    .where('pack_id', '=', packId)
    .where('couple_id', '=', coupleId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRedemption(db: DB, packId: number, coupleId: number, upgraded: boolean): Promise<void> {
  await db
    .insertInto('seat_redemptions')
    .values({ pack_id: packId, couple_id: coupleId, upgraded: upgraded ? 1 : 0, redeemed_at: nowIso() })
    .execute();
}

export async function listOwnRedemptions(db: DB, coupleId: number) {
  return db
    .selectFrom('seat_redemptions')
    .select(['pack_id as packId', 'redeemed_at as redeemedAt', 'upgraded'])
    .where('couple_id', '=', coupleId)
    .orderBy('pack_id')
    .execute();
}

/** Couples a seat of this pack upgraded from trial to full access. */
export async function listUpgradedCouples(db: DB, packId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('seat_redemptions')
    .select('couple_id')
    .where('pack_id', '=', packId)
    .where('upgraded', '=', 1)
    .execute();
  return rows.map((row) => row.couple_id);
}

/**
 * The couple's seats of active packs (other than `exceptPackId`, when given) now carry their full
 * access (decision 0333): a later refund of one of those packs with "end their access" counts them
 * as upgraded by it.
 */
export async function markSeatsUpgrading(db: DB, coupleId: number, exceptPackId?: number): Promise<void> {
  let query = db.updateTable('seat_redemptions').set({ upgraded: 1 }).where('couple_id', '=', coupleId);
  if (exceptPackId !== undefined) query = query.where('pack_id', '!=', exceptPackId);
  await query
    .where('pack_id', 'in', (eb) => eb.selectFrom('seat_packs').select('id').where('status', '=', 'active'))
    .execute();
}

export async function setAccessLevel(db: DB, coupleIds: number[], level: 'trial' | 'full'): Promise<void> {
  if (coupleIds.length === 0) return;
  await db.updateTable('couples').set({ access_level: level }).where('id', 'in', coupleIds).execute();
}

export async function activatePack(
  db: DB,
  packId: number,
  paid: { orderId: string; amount: number; currency: string },
): Promise<boolean> {
  const result = await db
    .updateTable('seat_packs')
    // Paid: a failure Stripe reported earlier is over (the webhook asked Stripe first, decision 0323).
    .set({
      status: 'active',
      order_id: paid.orderId,
      amount: paid.amount,
      currency: paid.currency,
      paid_at: nowIso(),
      payment_failed_at: null,
    })
    .where('id', '=', packId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A pending pack whose delayed payment Stripe reported failed (decision 0352): it stays pending,
 * giving no seat, marked failed with the payment that failed; nothing for any other pack.
 */
export async function markPackPaymentFailed(db: DB, packId: number, orderId: string): Promise<void> {
  await db
    .updateTable('seat_packs')
    .set({ payment_failed_at: nowIso(), order_id: orderId })
    .where('id', '=', packId)
    .where('status', '=', 'pending')
    .where('payment_failed_at', 'is', null)
    .execute();
}

/** A pending pack's payment under way (decision 0366): its id, when the pack names none yet. */
export async function holdPackForPayment(db: DB, packId: number, orderId: string): Promise<void> {
  await db
    .updateTable('seat_packs')
    .set({ order_id: orderId })
    .where('id', '=', packId)
    .where('status', '=', 'pending')
    .where('order_id', 'is', null)
    .execute();
}

export async function markPackRefunded(db: DB, packId: number, revokeAccess: boolean): Promise<boolean> {
  const result = await db
    .updateTable('seat_packs')
    .set({ status: 'refunded', refunded_at: nowIso(), access_revoked: revokeAccess ? 1 : 0 })
    .where('id', '=', packId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findPackByOrder(db: DB, orderId: string) {
  return db.selectFrom('seat_packs').select(packColumns).where('order_id', '=', orderId).executeTakeFirst();
}

export async function setPackExpiry(db: DB, packId: number, expiresOn: string | null): Promise<boolean> {
  const result = await db
    .updateTable('seat_packs')
    .set({ expires_on: expiresOn })
    .where('id', '=', packId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revenue by channel: course orders (card, coupon, by hand) and active seat packs (card, granted). */
export async function revenueByChannel(db: DB) {
  const orders = await db
    .selectFrom('orders')
    .select((eb) => [
      sql<string>`coalesce(provider, 'manual')`.as('channel'),
      'currency',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('amount').as('cents'),
    ])
    .where('status', '=', 'completed')
    .groupBy([sql`coalesce(provider, 'manual')`, 'currency'])
    .execute();
  const packs = await db
    .selectFrom('seat_packs')
    .select((eb) => [
      'channel',
      'currency',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('amount').as('cents'),
      eb.fn.sum<number>('seats').as('seats'),
      eb.fn.sum<number>('seats_used').as('seatsUsed'),
    ])
    .where('status', '=', 'active')
    .groupBy(['channel', 'currency'])
    .execute();
  return { orders, packs };
}

/**
 * Does the couple hold a seat a facilitator paid for that they keep (decision 0264): from a pack
 * still active, or refunded without ending the redeemed couples' access? `exceptPackId`: a pack
 * whose seat does not count (the one being refunded).
 */
export async function holdsKeptSeat(db: DB, coupleId: number, exceptPackId?: number): Promise<boolean> {
  let query = db
    .selectFrom('seat_redemptions')
    .innerJoin('seat_packs', 'seat_packs.id', 'seat_redemptions.pack_id')
    .select('seat_redemptions.pack_id')
    .where('seat_redemptions.couple_id', '=', coupleId);
  if (exceptPackId !== undefined) query = query.where('seat_redemptions.pack_id', '!=', exceptPackId);
  const row = await query
    .where((eb) =>
      eb.or([
        eb('seat_packs.status', '=', 'active'),
        eb.and([eb('seat_packs.status', '=', 'refunded'), eb('seat_packs.access_revoked', '=', 0)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A seat the couple keeps, as the back office's couple page names it: whose pack, and when. */
export interface KeptSeatRow {
  packId: number;
  facilitator: string;
  organisation: string | null;
  packRefunded: boolean;
  redeemedAt: string;
}

/** The seats the couple keeps (see holdsKeptSeat), oldest first, with the pack's facilitator. */
export async function listKeptSeats(db: DB, coupleId: number): Promise<KeptSeatRow[]> {
  const rows = await db
    .selectFrom('seat_redemptions')
    .innerJoin('seat_packs', 'seat_packs.id', 'seat_redemptions.pack_id')
    .innerJoin('facilitators', 'facilitators.id', 'seat_packs.facilitator_id')
    .leftJoin('organisations', 'organisations.id', 'seat_packs.organisation_id')
    .select([
      'seat_redemptions.pack_id as packId',
      'facilitators.name as facilitator',
      'organisations.name as organisation',
      'seat_packs.status as status',
      'seat_redemptions.redeemed_at as redeemedAt',
    ])
    .where('seat_redemptions.couple_id', '=', coupleId)
    // Kept, as holdsKeptSeat counts it: a pack still active, or refunded without ending their access.
    .where((eb) =>
      eb.or([
        eb('seat_packs.status', '=', 'active'),
        eb.and([eb('seat_packs.status', '=', 'refunded'), eb('seat_packs.access_revoked', '=', 0)]),
      ]),
    )
    .orderBy('seat_redemptions.redeemed_at')
    .orderBy('seat_redemptions.pack_id')
    .execute();
  return rows.map(({ status, ...row }) => ({
    ...row,
    organisation: row.organisation ?? null,
    packRefunded: status === 'refunded',
  }));
}
