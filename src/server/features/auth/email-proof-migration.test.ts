import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../../db/migrations/index';
import { migrateToLatest } from '../../db/migrate';
import { useDatabaseBefore } from '../../test/harness';

const MIGRATION = '2026-11-23T0000-account-email-proof';

/** A database as the version before the migration left it. */
const previousVersion = useDatabaseBefore(MIGRATION);

describe(`migration ${MIGRATION}`, () => {
  it('proves emails by completed orders only, and ends the sessions older than that order', async () => {
    const { db } = await previousVersion();
    const insertCouple = async (email: string | null, username: string | null, createdAt: string) => {
      const couple = await sql<{
        id: number;
      }>`insert into couples (access_level, created_at) values ('trial', ${createdAt}) returning id`.execute(db);
      const coupleId = couple.rows[0]!.id;
      const account = await sql<{ id: number }>`
        insert into accounts (role, couple_id, username, email, access_code_hash, created_at)
        values ('couple', ${coupleId}, ${username}, ${email}, 'scrypt$old', ${createdAt}) returning id`.execute(db);
      return { coupleId, accountId: account.rows[0]!.id };
    };
    const order = (id: string, coupleId: number | null, email: string, status: string, createdAt: string) =>
      sql`insert into orders (id, couple_id, amount, first_name, last_name, email, status, created_at)
          values (${id}, ${coupleId}, 4900, 'A', 'B', ${email}, ${status}, ${createdAt})`.execute(db);
    const session = (tokenHash: string, accountId: number, createdAt: string) =>
      sql`insert into sessions (token_hash, account_id, expires_at, created_at) values (${tokenHash}, ${accountId}, ${Date.now() + 86_400_000}, ${createdAt})`.execute(
        db,
      );

    // A trial nobody bought: unproven, its session stays.
    const trial = await insertCouple('trial@example.com', null, '2026-01-01T00:00:00.000Z');
    await session('trial', trial.accountId, '2026-01-01T00:00:01.000Z');
    await order('pi_pendingTrial', trial.coupleId, 'trial@example.com', 'pending', '2026-01-02T00:00:00.000Z');
    // A trial claimed by someone, then bought by the email's owner: proven from the order; the
    // session from before the order ends, the buyer's from after it stays.
    const claimed = await insertCouple('owner@example.com', null, '2026-01-01T00:00:00.000Z');
    await session('claimer', claimed.accountId, '2026-01-01T00:00:01.000Z');
    await order('pi_first', claimed.coupleId, 'owner@example.com', 'completed', '2026-01-03T00:00:00.000Z');
    await order('pi_latest', claimed.coupleId, 'owner@example.com', 'completed', '2026-01-05T00:00:00.000Z');
    await session('between', claimed.accountId, '2026-01-04T00:00:00.000Z');
    await session('buyer', claimed.accountId, '2026-01-05T00:00:01.000Z');
    // A registered account whose order carried another email keeps its sessions and stays unproven.
    const registered = await insertCouple(null, 'robin', '2026-01-01T00:00:00.000Z');
    await order('pi_other', registered.coupleId, 'else@example.com', 'completed', '2026-01-03T00:00:00.000Z');
    await session('password', registered.accountId, '2026-01-02T00:00:00.000Z');

    await migrateToLatest(db);

    const proof = await db
      .selectFrom('accounts')
      .select(['email', 'username', 'email_verified_at'])
      .orderBy('id')
      .execute();
    expect(proof).toEqual([
      { email: 'trial@example.com', username: null, email_verified_at: null },
      { email: 'owner@example.com', username: null, email_verified_at: '2026-01-05T00:00:00.000Z' },
      { email: null, username: 'robin', email_verified_at: null },
    ]);
    const sessions = await db.selectFrom('sessions').select('token_hash').orderBy('token_hash').execute();
    expect(sessions.map((row) => row.token_hash)).toEqual(['buyer', 'password', 'trial']);
  });

  it('adds a column new accounts leave unproven, and can be reverted', async () => {
    const { db } = await previousVersion();
    await migrateToLatest(db);
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'accounts')!.columns;
    expect(columns.find((column) => column.name === 'email_verified_at')).toMatchObject({ isNullable: true });
    await migrations[MIGRATION]!.down!(db);
    const after = (await db.introspection.getTables()).find((table) => table.name === 'accounts')!.columns;
    expect(after.map((column) => column.name)).not.toContain('email_verified_at');
  });
});
