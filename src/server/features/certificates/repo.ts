import { sql } from 'kysely';
import type { Partner } from '../../../shared/constants';
import type { DB } from '../../db/client';
import type { CertificatesTable, TimeOwner } from '../../db/schema';

/*
 * All SQL of course hours and certificates (issue 37). Every couple query filters by the
 * couple's id; the back office's lists read certificates newest first by their primary key.
 */

// ---------------------------------------------------------------------------------------------
// Course time (heartbeats)
// ---------------------------------------------------------------------------------------------

export interface CourseTimeRow {
  activeSeconds: number;
}

export async function findCourseTime(
  db: DB,
  coupleId: number,
  weekNumber: number,
  who: TimeOwner,
): Promise<CourseTimeRow | undefined> {
  return db
    .selectFrom('course_time')
    .select(['active_seconds as activeSeconds'])
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .where('who', '=', who)
    .executeTakeFirst();
}

/** A week's seconds for an owner (already capped); the heartbeats themselves are course_beats' (decision 0329). */
export async function saveCourseTime(
  db: DB,
  values: { coupleId: number; weekNumber: number; who: TimeOwner; activeSeconds: number; now: string },
): Promise<void> {
  const changes = { active_seconds: values.activeSeconds, updated_at: values.now };
  await db
    .insertInto('course_time')
    .values({ couple_id: values.coupleId, week_number: values.weekNumber, who: values.who, ...changes })
    .onConflict((conflict) => conflict.columns(['couple_id', 'week_number', 'who']).doUpdateSet(changes))
    .execute();
}

/** Each partner's last accepted heartbeat, whatever the week (decision 0329); absent before the first. */
export async function findBeats(db: DB, coupleId: number): Promise<Partial<Record<Partner, number>>> {
  const rows = await db
    .selectFrom('course_beats')
    .select(['partner', 'last_beat_at as lastBeatAt'])
    .where('couple_id', '=', coupleId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.partner, Number(row.lastBeatAt)]));
}

/**
 * Moves a partner's last accepted heartbeat to `beatAt`, only if it still is `previousBeatAt`
 * (undefined: there was none): two heartbeats at once never both credit the same stretch. False
 * when another heartbeat moved it first.
 */
export async function moveBeat(
  db: DB,
  values: { coupleId: number; partner: Partner; previousBeatAt: number | undefined; beatAt: number },
): Promise<boolean> {
  if (values.previousBeatAt === undefined) {
    const result = await db
      .insertInto('course_beats')
      .values({ couple_id: values.coupleId, partner: values.partner, last_beat_at: values.beatAt })
      .onConflict((conflict) => conflict.columns(['couple_id', 'partner']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const result = await db
    .updateTable('course_beats')
    .set({ last_beat_at: values.beatAt })
    .where('couple_id', '=', values.coupleId)
    .where('partner', '=', values.partner)
    .where('last_beat_at', '=', values.previousBeatAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listCourseTime(db: DB, coupleId: number) {
  return db
    .selectFrom('course_time')
    .select(['week_number as weekNumber', 'who', 'active_seconds as activeSeconds', 'updated_at as updatedAt'])
    .where('couple_id', '=', coupleId)
    .orderBy('week_number')
    .execute();
}

/**
 * The couple's time in one query (the course hours add both up, decision 0321's batch): each
 * week's online seconds per owner (`id` and `createdAt` null) and each offline entry (its minutes
 * as `amount`), by week then entry.
 */
export async function listTime(db: DB, coupleId: number) {
  return db
    .selectFrom('course_time')
    .select([
      sql<number | null>`null`.as('id'),
      'week_number as weekNumber',
      'who',
      'active_seconds as amount',
      sql<string | null>`null`.as('createdAt'),
    ])
    .where('couple_id', '=', coupleId)
    .unionAll(
      db
        .selectFrom('offline_time')
        .select(['id', 'week_number as weekNumber', 'who', 'minutes as amount', 'created_at as createdAt'])
        .where('couple_id', '=', coupleId),
    )
    .orderBy('weekNumber')
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Offline time
// ---------------------------------------------------------------------------------------------

/** A week's offline minutes per owner. */
export async function weekOfflineMinutes(
  db: DB,
  coupleId: number,
  weekNumber: number,
): Promise<Record<TimeOwner, number>> {
  const rows = await db
    .selectFrom('offline_time')
    .select((eb) => ['who', eb.fn.sum<number>('minutes').as('minutes')])
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .groupBy('who')
    .execute();
  const minutes = { partner1: 0, partner2: 0, together: 0 };
  for (const row of rows) minutes[row.who] = Number(row.minutes);
  return minutes;
}

export async function insertOfflineTime(
  db: DB,
  values: { coupleId: number; weekNumber: number; who: TimeOwner; minutes: number; now: string },
) {
  return db
    .insertInto('offline_time')
    .values({
      couple_id: values.coupleId,
      week_number: values.weekNumber,
      who: values.who,
      minutes: values.minutes,
      created_at: values.now,
    })
    .returning(['id', 'week_number as weekNumber', 'who', 'minutes', 'created_at as createdAt'])
    .executeTakeFirstOrThrow();
}

export async function listOfflineTime(db: DB, coupleId: number) {
  return db
    .selectFrom('offline_time')
    .select(['id', 'week_number as weekNumber', 'who', 'minutes', 'created_at as createdAt'])
    .where('couple_id', '=', coupleId)
    .orderBy('week_number')
    .orderBy('id')
    .execute();
}

export async function deleteOfflineTime(db: DB, coupleId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('offline_time')
    .where('couple_id', '=', coupleId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Legal names
// ---------------------------------------------------------------------------------------------

export async function listLegalNames(db: DB, coupleId: number) {
  return db
    .selectFrom('certificate_names')
    .select(['partner', 'legal_name as legalName', 'updated_at as updatedAt'])
    .where('couple_id', '=', coupleId)
    .execute();
}

export async function saveLegalName(db: DB, coupleId: number, partner: Partner, legalName: string, now: string) {
  await db
    .insertInto('certificate_names')
    .values({ couple_id: coupleId, partner, legal_name: legalName, updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(['couple_id', 'partner']).doUpdateSet({ legal_name: legalName, updated_at: now }),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Provider settings
// ---------------------------------------------------------------------------------------------

export async function findProvider(db: DB) {
  return db
    .selectFrom('certificate_provider')
    .select([
      'provider_name as providerName',
      'credentials',
      'contact',
      'course_name as courseName',
      'delivery_method as deliveryMethod',
      'offered_states as offeredStates',
      'registrations',
      'signature_type as signatureType',
      'updated_at as updatedAt',
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
}

export async function findSignature(db: DB) {
  return db
    .selectFrom('certificate_provider')
    .select(['signature_image as image', 'signature_type as type'])
    .where('id', '=', 1)
    .executeTakeFirst();
}

export async function saveProvider(
  db: DB,
  values: {
    providerName: string;
    credentials: string;
    contact: string;
    courseName: string;
    deliveryMethod: string;
    offeredStates: string;
    registrations: string;
    now: string;
  },
) {
  const row = {
    provider_name: values.providerName,
    credentials: values.credentials,
    contact: values.contact,
    course_name: values.courseName,
    delivery_method: values.deliveryMethod,
    offered_states: values.offeredStates,
    registrations: values.registrations,
    updated_at: values.now,
  };
  await db
    .insertInto('certificate_provider')
    .values({ id: 1, ...row })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
    .execute();
}

/** Stores the signature; false when there are no provider settings yet to attach it to. */
export async function saveSignature(db: DB, image: string | null, type: string | null, now: string) {
  const result = await db
    .updateTable('certificate_provider')
    .set({ signature_image: image, signature_type: type, updated_at: now })
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Certificates
// ---------------------------------------------------------------------------------------------

export type CertificateRecord = Omit<CertificatesTable, 'id'> & { id: number };

export async function insertCertificate(db: DB, values: Omit<CertificateRecord, 'id'>): Promise<CertificateRecord> {
  return db.insertInto('certificates').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function listCoupleCertificates(db: DB, coupleId: number): Promise<CertificateRecord[]> {
  return db.selectFrom('certificates').selectAll().where('couple_id', '=', coupleId).orderBy('id', 'desc').execute();
}

/**
 * The couple's legal names and certificates (newest first) in one query, as the certificate status
 * shows them: one row per certificate, or one without when there is none.
 */
export async function findNamesAndCertificates(
  db: DB,
  coupleId: number,
): Promise<{ names: Record<Partner, string | null>; certificates: CertificateRecord[] }> {
  const rows = await db
    .selectFrom('couples')
    .leftJoin('certificate_names as first', (join) =>
      join.onRef('first.couple_id', '=', 'couples.id').on('first.partner', '=', 'partner1'),
    )
    .leftJoin('certificate_names as second', (join) =>
      join.onRef('second.couple_id', '=', 'couples.id').on('second.partner', '=', 'partner2'),
    )
    .leftJoin('certificates', 'certificates.couple_id', 'couples.id')
    .selectAll('certificates')
    .select(['first.legal_name as partner1Name', 'second.legal_name as partner2Name'])
    .where('couples.id', '=', coupleId)
    .orderBy('certificates.id', 'desc')
    .execute();
  return {
    names: { partner1: rows[0]?.partner1Name ?? null, partner2: rows[0]?.partner2Name ?? null },
    certificates: rows.flatMap(({ partner1Name: _first, partner2Name: _second, ...row }) =>
      row.id === null ? [] : [row as CertificateRecord],
    ),
  };
}

export async function findCoupleCertificate(
  db: DB,
  coupleId: number,
  id: number,
): Promise<CertificateRecord | undefined> {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('couple_id', '=', coupleId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findCertificateByCode(db: DB, code: string): Promise<CertificateRecord | undefined> {
  return db.selectFrom('certificates').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findCertificate(db: DB, id: number): Promise<CertificateRecord | undefined> {
  return db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Revokes a certificate that is not revoked yet; false when it was. */
export async function revokeCertificate(db: DB, id: number, reason: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes the couples' certificates that are still valid, with one reason; the ones it revoked. */
export async function revokeValidCertificatesOf(
  db: DB,
  coupleIds: readonly number[],
  reason: string,
  now: string,
): Promise<{ code: string; state: string }[]> {
  if (coupleIds.length === 0) return [];
  return db
    .updateTable('certificates')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('couple_id', 'in', coupleIds)
    .where('revoked_at', 'is', null)
    .returning(['code', 'state'])
    .execute();
}

function nameSearch(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function adminQuery(db: DB, search: string) {
  let query = db.selectFrom('certificates');
  if (search !== '') query = query.where(sql<boolean>`search_names like ${nameSearch(search)} escape '\\'`);
  return query;
}

const ADMIN_COLUMNS = [
  'id',
  'code',
  'state',
  'first_legal_name as firstLegalName',
  'second_legal_name as secondLegalName',
  'completion_date as completionDate',
  'intended_marriage_date as intendedMarriageDate',
  'issued_at as issuedAt',
  'revoked_at as revokedAt',
  'revoked_reason as revokedReason',
] as const;

export async function listCertificates(db: DB, search: string, page: { limit: number; offset: number }) {
  return adminQuery(db, search)
    .select(ADMIN_COLUMNS)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countCertificates(db: DB, search: string): Promise<number> {
  const row = await adminQuery(db, search)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every certificate matching `search`, newest first, a page at a time (the CSV export). */
export async function* allCertificates(db: DB, search: string, pageSize = 500): AsyncGenerator<CertificateRecord> {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await adminQuery(db, search)
      .selectAll()
      .where('id', '<', before)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .execute();
    yield* rows;
    if (rows.length < pageSize) return;
    before = rows[rows.length - 1]!.id;
  }
}

/** On account deletion the provider keeps its record: the link to the couple goes. */
export async function detachCertificates(db: DB, coupleId: number): Promise<number> {
  const result = await db
    .updateTable('certificates')
    .set({ couple_id: null })
    .where('couple_id', '=', coupleId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
