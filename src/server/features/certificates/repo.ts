import { sql } from 'kysely';
import type { Partner } from '../../../shared/constants';
import type { DB } from '../../db/client';
import type { CertificatesTable, TimeOwner } from '../../db/schema';

/*
 * All SQL of course hours and certificates (issue 37). Every couple query filters by the
 * couple's id; the back office's lists read certificates newest first by their primary key.
 */

// ------------------------------------------------------------------------ Course time (heartbeats)

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

/** What certificateView shows of a certificate (the couple's status answers these columns). */
export type CertificateSummary = Pick<
  CertificateRecord,
  | 'id'
  | 'code'
  | 'state'
  | 'first_legal_name'
  | 'second_legal_name'
  | 'intended_marriage_date'
  | 'completion_date'
  | 'issued_at'
  | 'revoked_at'
>;

/** A week's online seconds for an owner, or an offline entry (its minutes as `amount`). */
export interface TimeRow {
  /** The offline entry's id; null for a week's online seconds. */
  id: number | null;
  weekNumber: number;
  who: TimeOwner;
  amount: number;
  /** The offline entry's time; null for a week's online seconds. */
  createdAt: string | null;
}

/** What the course hours and the certificate status read of a couple, from findCourseRecord. */
export interface CourseRecord {
  /** Each week's online seconds per owner and each offline entry, by week then entry. */
  time: TimeRow[];
  /** The weeks the couple completed, ascending. */
  completedWeeks: number[];
  names: Record<Partner, string | null>;
  /** Newest first. */
  certificates: CertificateSummary[];
}

/**
 * The columns of findCourseRecord's union, each with the type its null has where a table has no
 * such column: PostgreSQL types a union's column from its branches, and an untyped null beside
 * another would be text.
 */
const COURSE_RECORD_COLUMNS = {
  kind: 'text',
  id: 'integer',
  weekNumber: 'integer',
  who: 'text',
  amount: 'integer',
  at: 'text',
  legalName: 'text',
  code: 'text',
  state: 'text',
  firstLegalName: 'text',
  secondLegalName: 'text',
  intendedMarriageDate: 'text',
  completionDate: 'text',
  revokedAt: 'text',
} as const;
type CourseRecordColumn = keyof typeof COURSE_RECORD_COLUMNS;

/** One row of findCourseRecord's union: `kind` tells which table it comes from, the rest is null. */
type CourseRecordRow = {
  kind: 'online' | 'offline' | 'completed' | 'name' | 'certificate';
  id: number | null;
  weekNumber: number | null;
  who: string | null;
  amount: number | null;
  at: string | null;
} & Record<Exclude<CourseRecordColumn, 'kind' | 'id' | 'weekNumber' | 'who' | 'amount' | 'at'>, string | null>;

/** A branch's select list: its own columns (table columns by name), a typed null for each other. */
function courseRecordColumns(kind: CourseRecordRow['kind'], own: Partial<Record<CourseRecordColumn, string>>) {
  return (Object.keys(COURSE_RECORD_COLUMNS) as CourseRecordColumn[]).map((column) => {
    if (column === 'kind') return sql.lit(kind).as(column);
    const name = own[column];
    return (name ? sql.ref(name) : sql`cast(null as ${sql.raw(COURSE_RECORD_COLUMNS[column])})`).as(column);
  });
}

/**
 * The couple's course hours and certificate status in one statement (decision 0381): each week's
 * online seconds per owner (course_time), each offline entry (offline_time), the completed weeks
 * (progress), both partners' legal names (certificate_names) and the couple's certificates, as a
 * `union all` whose rows say which table they come from. Plain SQL that SQLite and PostgreSQL both
 * run, as decisions 0374 and 0378's unions; no dialect's JSON helpers.
 */
export async function findCourseRecord(db: DB, coupleId: number): Promise<CourseRecord> {
  const rows = await db
    .selectFrom('course_time')
    .select(courseRecordColumns('online', { weekNumber: 'week_number', who: 'who', amount: 'active_seconds' }))
    .where('couple_id', '=', coupleId)
    .$castTo<CourseRecordRow>()
    .unionAll(
      db
        .selectFrom('offline_time')
        .select(
          courseRecordColumns('offline', {
            id: 'id',
            weekNumber: 'week_number',
            who: 'who',
            amount: 'minutes',
            at: 'created_at',
          }),
        )
        .where('couple_id', '=', coupleId)
        .$castTo<CourseRecordRow>(),
    )
    .unionAll(
      db
        .selectFrom('progress')
        .select(courseRecordColumns('completed', { weekNumber: 'week_number', at: 'completed_at' }))
        .where('couple_id', '=', coupleId)
        .where('completed_at', 'is not', null)
        .$castTo<CourseRecordRow>(),
    )
    .unionAll(
      db
        .selectFrom('certificate_names')
        .select(courseRecordColumns('name', { who: 'partner', legalName: 'legal_name' }))
        .where('couple_id', '=', coupleId)
        .$castTo<CourseRecordRow>(),
    )
    .unionAll(
      db
        .selectFrom('certificates')
        .select(
          courseRecordColumns('certificate', {
            id: 'id',
            at: 'issued_at',
            code: 'code',
            state: 'state',
            firstLegalName: 'first_legal_name',
            secondLegalName: 'second_legal_name',
            intendedMarriageDate: 'intended_marriage_date',
            completionDate: 'completion_date',
            revokedAt: 'revoked_at',
          }),
        )
        .where('couple_id', '=', coupleId)
        .$castTo<CourseRecordRow>(),
    )
    .execute();
  const record: CourseRecord = {
    time: [],
    completedWeeks: [],
    names: { partner1: null, partner2: null },
    certificates: [],
  };
  for (const row of rows) {
    if (row.kind === 'online' || row.kind === 'offline') {
      record.time.push({
        id: row.id,
        weekNumber: row.weekNumber!,
        who: row.who as TimeOwner,
        amount: row.amount!,
        createdAt: row.at,
      });
    } else if (row.kind === 'completed') {
      record.completedWeeks.push(row.weekNumber!);
    } else if (row.kind === 'name') {
      record.names[row.who as Partner] = row.legalName;
    } else {
      record.certificates.push({
        id: row.id!,
        code: row.code!,
        state: row.state!,
        first_legal_name: row.firstLegalName!,
        second_legal_name: row.secondLegalName!,
        intended_marriage_date: row.intendedMarriageDate!,
        completion_date: row.completionDate!,
        issued_at: row.at!,
        revoked_at: row.revokedAt,
      });
    }
  }
  // Week then entry (a week's online seconds first), ascending weeks, newest certificate first.
  record.time.sort((a, b) => a.weekNumber - b.weekNumber || (a.id ?? 0) - (b.id ?? 0));
  record.completedWeeks.sort((a, b) => a - b);
  record.certificates.sort((a, b) => b.id - a.id);
  return record;
}

// ------------------------------------------------------------------------------------ Offline time

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

// ------------------------------------------------------------------------------------- Legal names

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

// ------------------------------------------------------------------------------- Provider settings

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

// ------------------------------------------------------------------------------------ Certificates

export type CertificateRecord = Omit<CertificatesTable, 'id'> & { id: number };

export async function insertCertificate(db: DB, values: Omit<CertificateRecord, 'id'>): Promise<CertificateRecord> {
  return db.insertInto('certificates').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function listCoupleCertificates(db: DB, coupleId: number): Promise<CertificateRecord[]> {
  return db.selectFrom('certificates').selectAll().where('couple_id', '=', coupleId).orderBy('id', 'desc').execute();
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
