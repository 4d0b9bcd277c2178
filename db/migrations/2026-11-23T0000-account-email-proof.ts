import { type Kysely, sql } from 'kysely';

/**
 * Records whether an account's email was proven (decision 0091). Anyone can start a trial with any
 * email and the public trial code, so such an email proves nothing; a completed order proves it,
 * because the order's new personal code is delivered to the buyer.
 *
 * Existing data: an account is proven from its latest completed order carrying its email (orders
 * of this version issued the account's current code then); trial accounts without one stay
 * unproven. Sessions that began before that order end: under the rule this version brings (a new
 * code ends every session), the order would have ended them, and one may be a stranger's who
 * started the trial with the buyer's email.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('email_verified_at', 'text').execute();
  await sql`
    update accounts set email_verified_at = (
      select max(orders.created_at) from orders
      where orders.couple_id = accounts.couple_id and orders.email = accounts.email and orders.status = 'completed'
    )
    where role = 'couple' and email is not null
  `.execute(db);
  await sql`
    delete from sessions where exists (
      select 1 from accounts
      where accounts.id = sessions.account_id
        and accounts.email_verified_at is not null
        and sessions.created_at < accounts.email_verified_at
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('email_verified_at').execute();
}
