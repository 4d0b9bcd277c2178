import { type Kysely, sql } from 'kysely';

/**
 * Coupons and gifts (issue 39, decisions 0240-0242):
 * - coupons: the seller's codes (percent or fixed amount in cents, optional expiry, usage cap and
 *   first-purchase restriction, active flag); `uses_taken` counts reserved and used uses, raised
 *   by one conditional UPDATE so a cap holds under concurrency on both databases;
 * - coupon_uses: one row per checkout that applied a code: reserved at checkout creation with the
 *   amount to be charged, used when the order completes, released when the session expires;
 * - gifts: a course bought for another couple: the buyer, the couple's names and email, the
 *   message, when to send it, the redeem code, the outbox row of the gift email, and when it was
 *   paid and redeemed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('max_uses', 'integer')
    .addColumn('first_purchase_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('uses_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('coupon_uses')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('reserved', 'used', 'released')`))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reserved_until', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_uses_coupon').on('coupon_uses').columns(['coupon_id', 'status']).execute();
  await db.schema.createIndex('coupon_uses_order').on('coupon_uses').column('order_id').execute();
  await db.schema
    .createTable('gifts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('buyer_token', 'text', (c) => c.notNull().unique())
    .addColumn('redeem_code', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text', (c) => c.notNull())
    .addColumn('couple_names', 'text', (c) => c.notNull())
    .addColumn('couple_email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('send_at', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('order_id', 'text')
    .addColumn('email_id', 'integer')
    .addColumn('paid_at', 'text')
    .addColumn('redeemed_at', 'text')
    .addColumn('couple_id', 'integer', (c) => c.references('couples.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gifts_order').on('gifts').column('order_id').execute();
  await db.schema.createIndex('gifts_paid').on('gifts').columns(['paid_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gifts').execute();
  await db.schema.dropTable('coupon_uses').execute();
  await db.schema.dropTable('coupons').execute();
}
