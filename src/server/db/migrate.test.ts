import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../db/migrations/index';
import { makeTempDir } from '../test/harness';
import { openDatabase, type DatabaseHandle } from './client';
import { MigrationError, migrateToLatest } from './migrate';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.db.destroy();
  handle = undefined;
});

function open() {
  handle = openDatabase(path.join(makeTempDir(), 'app.sqlite'));
  return handle;
}

describe('migrations', () => {
  it('are listed in name order, the order the migrator runs them in', () => {
    // A migration added with a name that sorts before one a database has already run is refused
    // at start ("corrupted migrations"): a new one must sort after every existing one.
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    const folder = path.join(import.meta.dirname, '../../../db/migrations');
    const files = fs.readdirSync(folder).filter((file) => file.endsWith('.ts') && file !== 'index.ts');
    expect(files.map((file) => path.basename(file, '.ts')).sort()).toEqual(names);
  });

  it('creates the whole data model with WAL and foreign keys on', async () => {
    const { db, sqlite } = open();
    await migrateToLatest(db);
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name).sort()).toEqual([
      'accounts',
      'admin_audit_log',
      'admin_recovery_codes',
      'admin_second_factor',
      'certificate_names',
      'certificate_provider',
      'certificates',
      'cohort_removals',
      'cohorts',
      'contact_messages',
      'core_weeks',
      'couple_pauses',
      'couple_plans',
      'couples',
      'coupon_uses',
      'coupons',
      'course_beats',
      'course_time',
      'device_tokens',
      'facilitator_links',
      'facilitator_sessions',
      'facilitators',
      'frameworks',
      'gifts',
      'instance_checks',
      'inventory_answers',
      'inventory_rounds',
      'inventory_topics',
      'mentor_shares',
      'offline_time',
      'orders',
      'organisations',
      'outbound_emails',
      'partner_invites',
      'payment_events',
      'payment_failure_notices',
      'progress',
      'push_messages',
      'push_subscriptions',
      'rate_limit_windows',
      'reminders_sent',
      'seat_packs',
      'seat_redemptions',
      'sessions',
      'sign_in_failures',
      'sign_in_lockouts',
      'site_pages',
      'week_content_versions',
      'week_contents',
      'week_shares',
      'week_summaries',
      'workbook_responses',
    ]);
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('secure_delete', { simple: true })).toBe(1);
  });

  it('rolls a failing migration back completely and says which one failed', async () => {
    const { db } = open();
    await migrateToLatest(db);
    const failing = {
      ...migrations,
      '2099-01-01T0000-broken': {
        async up(trx: typeof db) {
          await trx.schema.createTable('half_done').addColumn('id', 'integer').execute();
          await sql`this is not sql`.execute(trx);
        },
      },
    };
    await expect(migrateToLatest(db, failing as never)).rejects.toThrow(MigrationError);
    await expect(migrateToLatest(db, failing as never)).rejects.toThrow(/2099-01-01T0000-broken/);
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).not.toContain('half_done');
  });

  it('enforces the couple/admin shape of accounts', async () => {
    const { db } = open();
    await migrateToLatest(db);
    const now = new Date().toISOString();
    await expect(
      db
        .insertInto('accounts')
        .values({
          role: 'couple',
          couple_id: null,
          username: 'x',
          email: null,
          password_hash: null,
          access_code_hash: null,
          created_at: now,
        })
        .execute(),
    ).rejects.toThrow(/CHECK/);
  });
});

describe('snapshot before migrating', () => {
  it('snapshots an existing database before pending migrations, not a new one', async () => {
    const { db } = open();
    let snapshots = 0;
    await migrateToLatest(db, migrations, async () => {
      snapshots += 1;
    });
    expect(snapshots).toBe(0);
    const next = {
      ...migrations,
      '2099-01-01T0000-add-column': {
        async up(trx: typeof db) {
          await trx.schema.alterTable('couples').addColumn('nickname', 'text').execute();
        },
      },
    };
    await migrateToLatest(db, next as never, async () => {
      snapshots += 1;
    });
    expect(snapshots).toBe(1);
    await migrateToLatest(db, next as never, async () => {
      snapshots += 1;
    });
    expect(snapshots).toBe(1);
  });
});
