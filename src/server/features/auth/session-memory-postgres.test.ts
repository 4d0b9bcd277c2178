import fs from 'node:fs';
import path from 'node:path';
import type { RootOperationNode } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { mayChangeSessions } from '../../db/postgres';
import { createCouple, createTestApp, makeTempDir, sessionCookie, testConfig, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/postgres';
import { VAPID_KEYS_FILE } from '../push/vapid-keys';
import { ACCESS_CODE_KEY_FILE } from './access-code-key';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function connect(t: TestApp): Promise<pg.Client> {
  const client = new pg.Client(t.config.databaseUrl);
  await client.connect();
  closers.push(() => client.end());
  return client;
}

// The session memory on PostgreSQL (decision 0181): only on the server-pg project.
describe.runIf(onPostgres())('the session memory on PostgreSQL', () => {
  it('answers a known session from memory, and forgets it once another connection changes what it was read from', async () => {
    const t = await createTestApp();
    closers.push(() => t.close());
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const token = (await sessionCookie(t.deps, couple.accountId)).slice('sid='.length);
    expect(await t.deps.sessions.resolve(token)).toMatchObject({ kind: 'couple', accessLevel: 'trial' });

    const other = await connect(t);
    // A change PostgreSQL sends no notice of (its trigger off): the remembered answer stands, which
    // shows the answer came from memory and not from the database. (The notices of the set-up's own
    // writes arrive a moment later and clear the memory once: hence the retries. Each try starts with
    // the app's own write, which it counts, so its first read is from the database: a full level
    // read just after the last notice would otherwise be trusted and answer every later try.)
    await other.query('alter table couples disable trigger couples_auth_change');
    const setLevel = (level: string) =>
      other.query('update couples set access_level = $1 where id = $2', [level, couple.coupleId]);
    await expect
      .poll(
        async () => {
          await t.deps.db
            .updateTable('couples')
            .set({ access_level: 'trial' })
            .where('id', '=', couple.coupleId)
            .execute();
          await t.deps.sessions.resolve(token);
          await setLevel('full');
          return ((await t.deps.sessions.resolve(token)) as { accessLevel?: string }).accessLevel;
        },
        { timeout: 5000, interval: 20 },
      )
      .toBe('trial');

    // With the notice, the next requests read the database again.
    await other.query('alter table couples enable trigger couples_auth_change');
    await other.query(`update couples set access_level = 'full' where id = $1`, [couple.coupleId]);
    await expect
      .poll(async () => ((await t.deps.sessions.resolve(token)) as { accessLevel?: string }).accessLevel, {
        timeout: 5000,
        interval: 20,
      })
      .toBe('full');

    // A session ended by another connection stops working too.
    await other.query('delete from sessions where account_id = $1', [couple.accountId]);
    await expect
      .poll(async () => (await t.deps.sessions.resolve(token)).kind, { timeout: 5000, interval: 20 })
      .toBe('anonymous');
  });

  /**
   * A test app with a trial couple signed in, `level()` its session's access level as the app
   * resolves it, and `setLevel()` a change made by another connection with couples' notices off
   * (so only the memory's own rules decide what the app answers). `other` is that connection.
   */
  async function appWithCouplesNoticesOff() {
    const t = await createTestApp();
    closers.push(() => t.close());
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const token = (await sessionCookie(t.deps, couple.accountId)).slice('sid='.length);
    const level = async () => ((await t.deps.sessions.resolve(token)) as { accessLevel?: string }).accessLevel;
    expect(await level()).toBe('trial');
    const other = await connect(t);
    await other.query('alter table couples disable trigger couples_auth_change');
    closers.push(() => other.query('alter table couples enable trigger couples_auth_change'));
    const setLevel = (value: string) =>
      other.query('update couples set access_level = $1 where id = $2', [value, couple.coupleId]);
    /**
     * The level read after the couple is read as trial and then made full without a notice (with
     * `between` run before the last read): 'trial' while the memory answers, 'full' once it does not.
     * The app itself makes the couple trial, a write it counts, so the first read is always from the
     * database: were it another connection's silent change, a full level the memory already trusted
     * would answer both reads and this would never come out 'trial' again.
     */
    const afterSilentChange = async (between: () => Promise<unknown> = async () => {}) => {
      await t.deps.db.updateTable('couples').set({ access_level: 'trial' }).where('id', '=', couple.coupleId).execute();
      await level();
      await setLevel('full');
      await between();
      return level();
    };
    return { t, couple, other, level, setLevel, afterSilentChange };
  }

  it("keeps trusting what it remembers across a load balancer's /readyz probes", async () => {
    const { t, afterSilentChange } = await appWithCouplesNoticesOff();
    const probe = async () => expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    // A change without a notice between the remembered answer and the next request, with a probe
    // in between: the memory still answers (the probe is a read, not a write).
    await expect.poll(() => afterSilentChange(probe), { timeout: 5000, interval: 20 }).toBe('trial');
  });

  it('keeps trusting what it remembers across the writes a couple makes that no session is read from', async () => {
    const { t, afterSilentChange } = await appWithCouplesNoticesOff();
    const couple = await createCouple(t.deps);
    const cookie = await sessionCookie(t.deps, couple.accountId);
    const send = async (method: 'POST' | 'PUT', url: string, payload: object) =>
      expect((await t.app.inject({ method, url, headers: { cookie }, payload })).statusCode, url).toBe(200);
    // The load test's writes (scripts/loadtest.ts): answers, notes and rating, a completed week, the
    // profile (a couples row, but none of the columns a session reads; decision 0372).
    const writes = async () => {
      const answers = { reflectionAnswers: ['yes'], discussionNotes: '', activityResponse: '', weeklyCommitment: '' };
      await send('POST', `/api/workbook-responses/${couple.coupleId}/1/partner1`, {
        ...answers,
        conversationCards: [],
      });
      await send('POST', `/api/progress/${couple.coupleId}/1`, { notes: 'We talked.', rating: 4 });
      await send('POST', `/api/progress/${couple.coupleId}/1/complete`, {});
      await send('PUT', `/api/profile/${couple.coupleId}`, {
        userDisplayName: 'Ana',
        partnerName: 'Bo',
        weddingDate: null,
      });
    };
    await expect.poll(() => afterSilentChange(writes), { timeout: 5000, interval: 20 }).toBe('trial');
    // A change to what a session is read from, even another couple's, is still counted.
    const setsLevel = () =>
      t.deps.db.updateTable('couples').set({ access_level: 'full' }).where('id', '=', couple.coupleId).execute();
    expect(await afterSilentChange(setsLevel)).toBe('full');
  });

  it("counts a transaction's commit as a change only when the transaction may have changed a session", async () => {
    const { t, couple, level, afterSilentChange } = await appWithCouplesNoticesOff();
    // A transaction that writes elsewhere (as an upload writes its row and its audit line): still remembered.
    const elsewhere = () =>
      t.deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('progress').set({ notes: '' }).where('couple_id', '=', couple.coupleId).execute();
      });
    await expect.poll(() => afterSilentChange(elsewhere), { timeout: 5000, interval: 20 }).toBe('trial');
    // A session read while a transaction's upgrade is not committed yet is read again after the commit.
    await t.deps.db.updateTable('couples').set({ access_level: 'trial' }).where('id', '=', couple.coupleId).execute();
    await t.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('couples').set({ access_level: 'full' }).where('id', '=', couple.coupleId).execute();
      expect(await level()).toBe('trial');
    });
    expect(await level()).toBe('full');
  });

  it('notifies a change to couples only when it names a column a session reads, or adds or removes a row', async () => {
    const t = await createTestApp();
    closers.push(() => t.close());
    const couple = await createCouple(t.deps);
    const other = await connect(t);
    const notices: string[] = [];
    other.on('notification', (notice) => notices.push(notice.channel));
    await other.query('listen vows_auth_changes');
    /** The notices `change` sends: a marker that always notifies (a statement on sessions) follows it. */
    const noticesOf = async (change: string) => {
      notices.length = 0;
      await other.query(change);
      await other.query('delete from sessions where false');
      await expect.poll(() => notices.length, { timeout: 5000, interval: 10 }).toBeGreaterThan(0);
      // Delivered in commit order: the marker's notice is the last.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return notices.length - 1;
    };
    const id = couple.coupleId;
    // A profile save: none (retried, in case one of the app's own background writes lands within).
    const profile = `update couples set display_name = 'Ana', partner_name = 'Bo', wedding_date = null, time_zone = 'UTC' where id = ${id}`;
    await expect.poll(() => noticesOf(profile), { timeout: 5000, interval: 20 }).toBe(0);
    expect(await noticesOf(`update couples set access_level = 'trial' where id = ${id}`)).toBeGreaterThanOrEqual(1);
    expect(await noticesOf(`update couples set private_answers = 1 where id = ${id}`)).toBeGreaterThanOrEqual(1);
    const added = `insert into couples (display_name, partner_name, access_level, created_at) values ('A', 'B', 'trial', 'now')`;
    expect(await noticesOf(added)).toBeGreaterThanOrEqual(1);
    expect(
      await noticesOf(`delete from couples where display_name = 'A' and partner_name = 'B'`),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts as a change any query that may change what a session is read from', async () => {
    const t = await createTestApp();
    closers.push(() => t.close());
    const db = t.deps.db;
    const counts = (query: { toOperationNode(): RootOperationNode }) => mayChangeSessions(query.toOperationNode());
    expect(counts(db.selectFrom('sessions').selectAll())).toBe(false);
    expect(counts(db.updateTable('progress').set({ notes: '' }).where('couple_id', '=', 1))).toBe(false);
    expect(counts(db.updateTable('couples').set({ display_name: 'Ana' }).where('id', '=', 1))).toBe(false);
    expect(counts(db.updateTable('couples').set({ access_level: 'full' }).where('id', '=', 1))).toBe(true);
    expect(counts(db.updateTable('couples').set({ display_name: 'Ana', private_answers: 1 }))).toBe(true);
    expect(counts(db.updateTable('accounts').set({ locale: 'es' }))).toBe(true);
    expect(counts(db.deleteFrom('sessions'))).toBe(true);
    expect(counts(db.insertInto('couples').values({ display_name: 'A', partner_name: 'B', created_at: '' }))).toBe(
      true,
    );
    // A session table named anywhere in the write, or a write Kysely cannot see into.
    expect(
      counts(db.deleteFrom('progress').where('couple_id', 'in', db.selectFrom('accounts').select('couple_id'))),
    ).toBe(true);
    expect(counts(sql`update progress set notes = ''`)).toBe(true);
  });

  it("honours a sign-out in one app process on the other's next requests", async () => {
    const a = await createTestApp();
    closers.push(() => a.close());
    const dataDir = makeTempDir();
    fs.copyFileSync(path.join(a.config.dataDir, ACCESS_CODE_KEY_FILE), path.join(dataDir, ACCESS_CODE_KEY_FILE));
    fs.copyFileSync(path.join(a.config.dataDir, VAPID_KEYS_FILE), path.join(dataDir, VAPID_KEYS_FILE));
    const b = await buildApp(testConfig({ DATA_DIR: dataDir, DATABASE_URL: a.config.databaseUrl! }), {
      logger: false,
      print: () => {},
    });
    closers.push(async () => {
      await b.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const couple = await createCouple(a.deps);
    const cookie = await sessionCookie(a.deps, couple.accountId);
    const onB = () => b.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect((await onB()).statusCode).toBe(200);
    expect((await onB()).statusCode).toBe(200); // now remembered by B

    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    await expect.poll(async () => (await onB()).statusCode, { timeout: 5000, interval: 20 }).toBe(401);
  });

  /**
   * A test app whose listening connection another connection ends, with couples' notices off. The
   * memory answers before (a trial level remembered while the database says full), so only the lost
   * connection can make the app read the database again. `listener` is the ended connection's pid.
   */
  async function appLosingItsListener() {
    const app = await appWithCouplesNoticesOff();
    const { other, afterSilentChange } = app;
    await expect.poll(() => afterSilentChange(), { timeout: 5000, interval: 20 }).toBe('trial');
    const ended = await other.query<{ pid: number }>(
      "select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen %'",
    );
    expect(ended.rowCount).toBe(1);
    return { ...app, listener: ended.rows[0]!.pid };
  }

  it('forgets what it remembers when its listening connection is lost', async () => {
    const { level } = await appLosingItsListener();
    // No notice of the change to full: the lost connection alone makes the app read the database again.
    await expect.poll(level, { timeout: 5000, interval: 20 }).toBe('full');
  });

  it('remembers again once it listens again', async () => {
    const { level, afterSilentChange } = await appLosingItsListener();
    await expect.poll(level, { timeout: 5000, interval: 20 }).toBe('full');
    // Listening again (a second later), it answers from memory again.
    await expect.poll(() => afterSilentChange(), { timeout: 15_000, interval: 50 }).toBe('trial');
  }, 40_000);

  // What failed in CI (2 of 3 fresh-clone runs, at 5 s and at 15 s alike): a full level read once
  // the listener was back is rightly trusted, and the check then made the couple trial without a
  // notice, so it got 'full' from memory forever. It happened when the reconnection landed between
  // the check's two reads (more likely the slower each query, as in CI), or before the first read
  // after the loss; the latter is forced here by waiting for the new listener before that read. The
  // check now makes the couple trial by the app's own (counted) write: see afterSilentChange.
  it('remembers again when it already listens again at its first read after the loss', async () => {
    const { other, level, afterSilentChange, listener } = await appLosingItsListener();
    const listening = async () =>
      (
        await other.query(
          "select pid from pg_stat_activity where datname = current_database() and query like 'listen %' and state = 'idle' and pid <> $1",
          [listener],
        )
      ).rowCount;
    await expect.poll(listening, { timeout: 15_000, interval: 50 }).toBe(1);
    expect(await level()).toBe('full');
    await expect.poll(() => afterSilentChange(), { timeout: 15_000, interval: 50 }).toBe('trial');
  }, 40_000);
});
