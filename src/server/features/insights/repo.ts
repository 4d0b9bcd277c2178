import { sql } from 'kysely';
import type { DB } from '../../db/client';
import { isPostgres } from '../../db/dialect';

/*
 * The SQL of the admin overview (docs/product.md#admin-overview). Every query counts or averages;
 * none returns a couple's answers, notes, summaries or names. Each reads an index range
 * (the 2026-11-23T1500 migration), never a per-couple table row by row.
 */

/**
 * How long after a couple's creation an order still counts as the one that created the account:
 * a completed order recorded for a new email creates the couple and the order in one transaction,
 * milliseconds apart. Such a couple never was on trial.
 */
const CREATED_BY_ORDER_WITHIN_SECONDS = 60;

/** `couples.created_at` plus CREATED_BY_ORDER_WITHIN_SECONDS, as the same ISO-8601 text. */
function createdByOrderDeadline(db: DB) {
  const created = sql.ref('couples.created_at');
  return isPostgres(db)
    ? sql<string>`to_char((cast(${created} as timestamptz) + make_interval(secs => ${CREATED_BY_ORDER_WITHIN_SECONDS})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${created}, ${`+${CREATED_BY_ORDER_WITHIN_SECONDS} seconds`})`;
}

/**
 * Couples created at or after `since` that started on trial: every new couple except one a
 * completed order created (an order of its own recorded within a minute of the account). SQLite's
 * date arithmetic, in this one place.
 */
function trialsSince(db: DB, since: string) {
  return db
    .selectFrom('couples')
    .where('couples.created_at', '>=', since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('orders')
            .select(sql`1`.as('one'))
            .whereRef('orders.couple_id', '=', 'couples.id')
            .where('orders.created_at', '<=', createdByOrderDeadline(db)),
        ),
      ),
    );
}

export async function countTrialsStarted(db: DB, since: string): Promise<number> {
  const row = await trialsSince(db, since)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Of the trials started since `since`: how many, and how many have a completed order now. */
export async function countTrialConversions(db: DB, since: string): Promise<{ trials: number; paid: number }> {
  const row = await trialsSince(db, since)
    .select((eb) => [
      eb.fn.countAll<number>().as('trials'),
      eb.fn
        .sum<number | null>(
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('orders')
                  .select(sql`1`.as('one'))
                  .whereRef('orders.couple_id', '=', 'couples.id')
                  .where('orders.status', '=', 'completed'),
              ),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('paid'),
    ])
    .executeTakeFirstOrThrow();
  return { trials: Number(row.trials), paid: Number(row.paid ?? 0) };
}

export interface OrderTotals {
  completed: number;
  completedCents: number;
  refunded: number;
  refundedCents: number;
}

/** Orders recorded since `since` that were paid: still completed, or refunded since. */
export async function sumPaidOrders(db: DB, since: string): Promise<OrderTotals> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('amount').as('cents')])
    .where('created_at', '>=', since)
    .where('status', 'in', ['completed', 'refunded'])
    .groupBy('status')
    .execute();
  const of = (status: string) => rows.find((row) => row.status === status);
  return {
    completed: Number(of('completed')?.count ?? 0),
    completedCents: Number(of('completed')?.cents ?? 0),
    refunded: Number(of('refunded')?.count ?? 0),
    refundedCents: Number(of('refunded')?.cents ?? 0),
  };
}

/**
 * Couples active since `since`: a progress change (a week completed, rated or noted), a workbook
 * answer saved, or a sign-in of one of the couple's accounts. Each part reads its date index
 * (UNION ALL: a plain UNION made SQLite merge the parts in couple order, reading whole tables).
 */
export async function countActiveCouples(db: DB, since: string): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('progress')
        .select('couple_id')
        .where('updated_at', '>=', since)
        .unionAll(db.selectFrom('workbook_responses').select('couple_id').where('updated_at', '>=', since))
        .unionAll(
          db
            .selectFrom('sessions')
            .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
            .select(sql<number>`accounts.couple_id`.as('couple_id'))
            .where('sessions.created_at', '>=', since)
            .where('accounts.couple_id', 'is not', null),
        )
        .as('active'),
    )
    .select((eb) => eb.fn.count<number>('active.couple_id').distinct().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface WeekCompletions {
  weekNumber: number;
  completed: number;
  ratings: number;
  averageRating: number | null;
}

/** For each week with any completion: how many couples completed it, and their ratings' mean. */
export async function listWeekCompletions(db: DB): Promise<WeekCompletions[]> {
  const rows = await db
    .selectFrom('progress')
    .select((eb) => [
      'week_number as weekNumber',
      eb.fn.countAll<number>().as('completed'),
      eb.fn.count<number>('rating').as('ratings'),
      eb.fn.avg<number | null>('rating').as('averageRating'),
    ])
    .where('completed_at', 'is not', null)
    .where('week_number', '>=', 1)
    .where('week_number', '<=', 52)
    .groupBy('week_number')
    .orderBy('week_number')
    .execute();
  return rows.map((row) => ({
    weekNumber: row.weekNumber,
    completed: Number(row.completed),
    ratings: Number(row.ratings),
    averageRating: row.averageRating === null ? null : Number(row.averageRating),
  }));
}

/** Whether any couple exists (the overview's empty state); reads one end of the primary key. */
export async function anyCouple(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom('couples')
    .select((eb) => eb.fn.max('id').as('newest'))
    .executeTakeFirstOrThrow();
  return row.newest !== null;
}
