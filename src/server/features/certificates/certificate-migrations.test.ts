import { describe, expect, it } from 'vitest';
import { CERTIFICATE_NO_FULL_COURSE_REASON } from '../../../shared/certificate-schemas';
import { migrateToLatest } from '../../db/migrate';
import { databaseBefore } from '../../test/migrations';

/*
 * The certificates feature's data migrations, on SQLite and on PostgreSQL alike. Decision 0345:
 * before decision 0313 a trial couple could have a certificate issued, and before 0332 a refund
 * left one valid; /verify still called them valid. And course_time's `last_beat_at`, unread since
 * decision 0329 (course_beats), is dropped.
 */
const MIGRATION = '2026-11-27T1800-certificates-need-the-full-course';
const DROP_LAST_BEAT = '2026-11-27T1810-course-time-without-last-beat';

describe(`migration ${MIGRATION}`, () => {
  it('revokes the valid certificates of couples without the full course, and tells the seller in the audit log', async () => {
    const { db } = await databaseBefore(MIGRATION);
    const created = '2026-11-01T00:00:00.000Z';
    const couple = async (accessLevel: 'trial' | 'full') =>
      (
        await db
          .insertInto('couples')
          .values({ access_level: accessLevel, created_at: created })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const certificate = async (code: string, coupleId: number | null, revoked: string | null = null) =>
      db
        .insertInto('certificates')
        .values({
          code,
          couple_id: coupleId,
          state: 'FL',
          first_legal_name: 'Robin Lee',
          second_legal_name: 'Casey Lee',
          search_names: 'robin lee casey lee',
          intended_marriage_date: '2027-06-12',
          completion_date: '2026-11-10',
          first_minutes: 240,
          second_minutes: 240,
          together_minutes: 240,
          delivery_method: 'online',
          course_name: 'Vows & Weeks',
          provider_name: 'Grace Counseling LLC',
          provider_credentials: 'LMHC',
          provider_registration: 'FL-1',
          provider_contact: 'hello@grace.example',
          issued_at: created,
          revoked_at: revoked === null ? null : created,
          revoked_reason: revoked,
        })
        .execute();
    const trial = await couple('trial');
    const full = await couple('full');
    await certificate('FL-TRIAL-1', trial); // issued in the trial (before 0313), or left by a refund (before 0332)
    await certificate('FL-TRIAL-2', trial, 'Typed by the seller.'); // revoked by hand already: untouched
    await certificate('FL-FULL-1', full); // the couple has the full course: stands
    await certificate('FL-GONE-1', null); // a deleted couple's: left as it is

    await migrateToLatest(db);

    const rows = await db.selectFrom('certificates').select(['code', 'revoked_reason']).orderBy('code').execute();
    expect(rows).toEqual([
      { code: 'FL-FULL-1', revoked_reason: null },
      { code: 'FL-GONE-1', revoked_reason: null },
      { code: 'FL-TRIAL-1', revoked_reason: CERTIFICATE_NO_FULL_COURSE_REASON },
      { code: 'FL-TRIAL-2', revoked_reason: 'Typed by the seller.' },
    ]);
    const revokedAt = await db
      .selectFrom('certificates')
      .select('revoked_at')
      .where('code', '=', 'FL-TRIAL-1')
      .executeTakeFirstOrThrow();
    expect(Date.parse(revokedAt.revoked_at!)).toBeGreaterThan(Date.parse(created));
    const lines = await db.selectFrom('admin_audit_log').select(['actor_username', 'action', 'target']).execute();
    expect(lines).toEqual([
      {
        actor_username: 'system',
        action: 'certificates.revoke',
        target: 'FL-TRIAL-1 (FL): the couple does not have the full course',
      },
    ]);
  });
});

describe(`migration ${DROP_LAST_BEAT}`, () => {
  it('drops course_time.last_beat_at and keeps every week’s seconds', async () => {
    const { db } = await databaseBefore(DROP_LAST_BEAT);
    const coupleId = (
      await db
        .insertInto('couples')
        .values({ access_level: 'full', created_at: '2026-11-01T00:00:00.000Z' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const columns = async () =>
      (await db.introspection.getTables()).find((table) => table.name === 'course_time')!.columns.map((c) => c.name);
    expect(await columns()).toContain('last_beat_at');
    await db
      .insertInto('course_time')
      .values({
        couple_id: coupleId,
        week_number: 3,
        who: 'together',
        active_seconds: 900,
        last_beat_at: 1_700_000_000_000,
        updated_at: '2026-11-02T00:00:00.000Z',
      } as never)
      .execute();

    await migrateToLatest(db);

    expect(await columns()).not.toContain('last_beat_at');
    expect(await db.selectFrom('course_time').selectAll().execute()).toEqual([
      {
        couple_id: coupleId,
        week_number: 3,
        who: 'together',
        active_seconds: 900,
        updated_at: '2026-11-02T00:00:00.000Z',
      },
    ]);
  });
});
