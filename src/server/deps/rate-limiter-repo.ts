import { sql } from 'kysely';
import type { DB } from '../db/client';

/**
 * Counts one attempt in the key's window (a new window when there is none or it has ended), in one
 * statement, unless the window's budget is used up: then nothing changes. Answers whether it was
 * counted and when the window ends.
 */
export async function countAttempt(
  db: DB,
  attempt: { limiter: string; keyHash: string; max: number; now: number; windowMs: number },
): Promise<{ counted: boolean; count: number; resetAt: number }> {
  const { limiter, keyHash, max, now, windowMs } = attempt;
  const ended = sql<boolean>`rate_limit_windows.reset_at <= ${now}`;
  const counted = await db
    .insertInto('rate_limit_windows')
    .values({ limiter, key_hash: keyHash, count: 1, reset_at: now + windowMs })
    .onConflict((conflict) =>
      conflict
        .columns(['limiter', 'key_hash'])
        .doUpdateSet({
          count: sql<number>`case when ${ended} then 1 else rate_limit_windows.count + 1 end`,
          reset_at: sql<number>`case when ${ended} then excluded.reset_at else rate_limit_windows.reset_at end`,
        })
        .where((eb) => eb.or([ended, eb('rate_limit_windows.count', '<', max)])),
    )
    .returning(['reset_at', 'count'])
    .executeTakeFirst();
  if (counted) return { counted: true, count: Number(counted.count), resetAt: counted.reset_at };
  const window = await db
    .selectFrom('rate_limit_windows')
    .select('reset_at')
    .where('limiter', '=', limiter)
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return { counted: false, count: max, resetAt: window?.reset_at ?? now + windowMs };
}

/** Gives a counted attempt back, only while the window it was counted in lasts. */
export async function giveBackAttempt(db: DB, slot: { limiter: string; keyHash: string; resetAt: number }) {
  await db
    .updateTable('rate_limit_windows')
    .set({ count: sql<number>`count - 1` })
    .where('limiter', '=', slot.limiter)
    .where('key_hash', '=', slot.keyHash)
    .where('reset_at', '=', slot.resetAt)
    .where('count', '>', 0)
    .execute();
}

export async function removeEndedWindows(db: DB, now: number): Promise<void> {
  await db.deleteFrom('rate_limit_windows').where('reset_at', '<=', now).execute();
}

/** Ends the key's window of one limiter (an administrator's password reset lifts its sign-in limit). */
export async function removeWindow(db: DB, window: { limiter: string; keyHash: string }): Promise<void> {
  await db
    .deleteFrom('rate_limit_windows')
    .where('limiter', '=', window.limiter)
    .where('key_hash', '=', window.keyHash)
    .execute();
}
