import { describe, expect, it } from 'vitest';
import { migrations } from '../../../../db/migrations/index';
import { migrateToLatest } from '../../db/migrate';
import { databaseBefore } from '../../test/migrations';

/*
 * A session's notes: a couple a facilitator removed before `cohort_removals` existed (decision 0360)
 * could join that cohort again, although each removal had been an audit line since the first day.
 */
const MIGRATION = '2026-11-28T0371-cohort-removals-from-the-audit-log';

describe(`migration ${MIGRATION}`, () => {
  it('keeps each removal of the audit log, dated by its newest line, unless the couple is back in that cohort', async () => {
    const { db } = await databaseBefore(MIGRATION);
    const at = '2026-11-01T00:00:00.000Z';
    const id = async (query: { executeTakeFirstOrThrow: () => Promise<{ id: number }> }) =>
      (await query.executeTakeFirstOrThrow()).id;
    const facilitator = await id(
      db
        .insertInto('facilitators')
        .values({ name: 'Pastor Lane', email: 'lane@example.com', kind: 'pastor', created_at: at })
        .returning('id'),
    );
    const cohort = (name: string) =>
      id(
        db
          .insertInto('cohorts')
          .values({ facilitator_id: facilitator, name, join_code: `JOIN-${name}`, created_at: at })
          .returning('id'),
      );
    const couple = () => id(db.insertInto('couples').values({ access_level: 'full', created_at: at }).returning('id'));
    const [spring, autumn] = [await cohort('spring'), await cohort('autumn')];
    const [removed, removedTwice, back, removedFromBoth] = [
      await couple(),
      await couple(),
      await couple(),
      await couple(),
    ];
    const line = (action: string, target: string, createdAt: string) =>
      db
        .insertInto('admin_audit_log')
        .values({
          actor_account_id: null,
          actor_username: `Pastor Lane (facilitator ${facilitator})`,
          action,
          target,
          address: null,
          created_at: createdAt,
        })
        .execute();
    await line('facilitator.remove-couple', `couple ${removed} from cohort ${spring}`, '2026-11-27T10:00:00.000Z');
    await line('facilitator.remove-couple', `couple ${removedTwice} from cohort ${spring}`, '2026-11-27T11:00:00.000Z');
    await line('facilitator.remove-couple', `couple ${removedTwice} from cohort ${spring}`, '2026-11-27T12:00:00.000Z');
    await line('facilitator.remove-couple', `couple ${back} from cohort ${spring}`, '2026-11-27T13:00:00.000Z');
    await line(
      'facilitator.remove-couple',
      `couple ${removedFromBoth} from cohort ${spring}`,
      '2026-11-27T14:00:00.000Z',
    );
    await line(
      'facilitator.remove-couple',
      `couple ${removedFromBoth} from cohort ${autumn}`,
      '2026-11-27T15:00:00.000Z',
    );
    // Gone since: a couple that no longer exists, and a line that names no removal.
    await line('facilitator.remove-couple', `couple 9999 from cohort ${spring}`, '2026-11-27T16:00:00.000Z');
    await line('facilitator.create-cohort', `cohort ${autumn}`, '2026-11-27T09:00:00.000Z');
    // The couple who joined again before the fix stays in the cohort.
    await db
      .insertInto('facilitator_links')
      .values({
        couple_id: back,
        facilitator_id: facilitator,
        cohort_id: spring,
        linked_at: '2026-11-27T13:30:00.000Z',
      })
      .execute();

    await migrateToLatest(db, migrations);
    const rows = await db
      .selectFrom('cohort_removals')
      .select(['cohort_id', 'couple_id', 'removed_at'])
      .orderBy('couple_id')
      .orderBy('cohort_id')
      .execute();
    expect(rows).toEqual([
      { cohort_id: spring, couple_id: removed, removed_at: '2026-11-27T10:00:00.000Z' },
      { cohort_id: spring, couple_id: removedTwice, removed_at: '2026-11-27T12:00:00.000Z' },
      { cohort_id: spring, couple_id: removedFromBoth, removed_at: '2026-11-27T14:00:00.000Z' },
      { cohort_id: autumn, couple_id: removedFromBoth, removed_at: '2026-11-27T15:00:00.000Z' },
    ]);
  });
});
