import { sql } from 'kysely';
import type { DB } from './client';
import { isPostgres } from './dialect';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

/**
 * Every table of the app, parents before children (foreign keys point backwards only), so rows
 * can be copied in this order with every constraint checked. copyDatabase refuses to run when the
 * source holds a table this list lacks, so a new table cannot be left behind silently.
 */
export const TABLES_IN_COPY_ORDER: readonly (keyof Database)[] = [
  'couples',
  'accounts',
  'sessions',
  'orders',
  'frameworks',
  'progress',
  'workbook_responses',
  'week_summaries',
  'week_contents',
  'week_content_versions',
  'contact_messages',
  'admin_audit_log',
  'site_pages',
  'admin_second_factor',
  'admin_recovery_codes',
  'outbound_emails',
  'reminders_sent',
  'payment_events',
  'payment_failure_notices',
  'partner_invites',
  'week_shares',
  'rate_limit_windows',
  'instance_checks',
  'device_tokens',
  'sign_in_failures',
  'sign_in_lockouts',
  'coupons',
  'coupon_uses',
  'gifts',
  'inventory_topics',
  'inventory_rounds',
  'inventory_answers',
  'core_weeks',
  'couple_plans',
  'couple_pauses',
  'course_time',
  'course_beats',
  'offline_time',
  'certificate_names',
  'certificate_provider',
  'certificates',
  'organisations',
  'facilitators',
  'facilitator_sessions',
  'cohorts',
  'seat_packs',
  'facilitator_links',
  'seat_redemptions',
  'mentor_shares',
  'cohort_removals',
  'push_subscriptions',
  'push_messages',
];

/** Tables whose `id` a sequence hands out on PostgreSQL: moved past the copied ids afterwards. */
const TABLES_WITH_SERIAL_ID = new Set<string>([
  'couples',
  'accounts',
  'sessions',
  'frameworks',
  'week_content_versions',
  'contact_messages',
  'admin_audit_log',
  'admin_recovery_codes',
  'outbound_emails',
  'partner_invites',
  'sign_in_lockouts',
  'coupons',
  'coupon_uses',
  'gifts',
  'inventory_rounds',
  'offline_time',
  'certificates',
  'organisations',
  'facilitators',
  'facilitator_sessions',
  'cohorts',
  'seat_packs',
  'push_subscriptions',
  'push_messages',
]);

const BATCH = 500;

export interface CopyReport {
  table: keyof Database;
  rows: number;
}

/**
 * `npm run db:copy` (docs/postgresql-and-s3.md): copies every row of `source` into `target`,
 * both brought to the latest schema first. The target must hold no rows yet. Runs in one
 * transaction on the target, so a failure leaves it empty; every table's count is checked after.
 */
export async function copyDatabase(
  source: DB,
  target: DB,
  onTable: (report: CopyReport) => void = () => {},
): Promise<CopyReport[]> {
  await migrateToLatest(source);
  await migrateToLatest(target);
  const known = new Set<string>(TABLES_IN_COPY_ORDER);
  const unknown = (await source.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !known.has(name) && !name.startsWith('kysely_') && !name.startsWith('sqlite_'));
  if (unknown.length > 0) throw new Error(`Tables db:copy does not know: ${unknown.join(', ')}`);

  for (const table of TABLES_IN_COPY_ORDER) {
    const row = await target.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
    if (row) throw new Error(`The target database is not empty (${table} has rows). Copy into a new, empty database.`);
  }

  return target.transaction().execute(async (trx) => {
    const reports: CopyReport[] = [];
    for (const table of TABLES_IN_COPY_ORDER) {
      let copied = 0;
      // The source is not written meanwhile (the app is stopped first), so paging through its
      // scan order reads every row once.
      for (let offset = 0; ; offset += BATCH) {
        const rows = (await source.selectFrom(table).selectAll().limit(BATCH).offset(offset).execute()) as Record<
          string,
          unknown
        >[];
        if (rows.length === 0) break;
        await trx
          .insertInto(table)
          .values(rows as never)
          .execute();
        copied += rows.length;
        if (rows.length < BATCH) break;
      }
      if (isPostgres(trx) && TABLES_WITH_SERIAL_ID.has(table)) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
          trx,
        );
      }
      const counted = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(counted.n) !== copied) {
        throw new Error(`${table}: ${copied} rows read but ${counted.n} found after copying; nothing was copied.`);
      }
      const report = { table, rows: copied };
      reports.push(report);
      onTable(report);
    }
    return reports;
  });
}
