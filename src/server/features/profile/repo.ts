import type { Profile } from '../../../shared/profile-schemas';
import type { DB } from '../../db/client';

/** The couple's profile columns, renamed to the API's field names. */
export async function findProfile(db: DB, coupleId: number): Promise<Profile | undefined> {
  return db
    .selectFrom('couples')
    .select(['display_name as userDisplayName', 'partner_name as partnerName', 'wedding_date as weddingDate'])
    .where('id', '=', coupleId)
    .executeTakeFirst();
}

/** Replaces the profile in one statement and answers what was stored. */
export async function saveProfile(db: DB, coupleId: number, profile: Profile): Promise<Profile | undefined> {
  return db
    .updateTable('couples')
    .set({
      display_name: profile.userDisplayName,
      partner_name: profile.partnerName,
      wedding_date: profile.weddingDate,
    })
    .where('id', '=', coupleId)
    .returning(['display_name as userDisplayName', 'partner_name as partnerName', 'wedding_date as weddingDate'])
    .executeTakeFirst();
}

/**
 * The first name on the couple's most recent completed order, or undefined (no order, a trial or a
 * registered account). Uses the orders_couple index.
 */
export async function findBuyerFirstName(db: DB, coupleId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('first_name as firstName')
    .where('couple_id', '=', coupleId)
    .where('status', '=', 'completed')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.firstName.trim() || undefined;
}
