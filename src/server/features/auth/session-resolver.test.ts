import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OTHER_CONNECTIONS_CHECK_MS, openDatabase, type SqliteHandle } from '../../db/client';
import { createCouple, createTestApp, sessionCookie, type CoupleFixture, type TestApp } from '../../test/harness';
import { createSessionResolver, deleteSessionByToken, type SessionResolver } from './sessions';

let t: TestApp;
let handle: SqliteHandle;
let resolver: SessionResolver;
let couple: CoupleFixture;
let token: string;
let others: SqliteHandle[] = [];

beforeEach(async () => {
  t = await createTestApp();
  // A connection of our own on the app's file, so the raw handle below is the resolver's own;
  // it reads data_version on every check, so other connections' commits show at once.
  handle = openDatabase(t.config.databaseFile, { otherConnectionsCheckMs: 0 });
  resolver = createSessionResolver(handle.db, handle.changes);
  couple = await createCouple(t.deps, { accessLevel: 'trial' });
  token = (await sessionCookie(t.deps, couple.accountId)).slice('sid='.length);
});

afterEach(async () => {
  vi.useRealTimers();
  for (const other of others) await other.db.destroy();
  others = [];
  await handle.db.destroy();
  await t.close();
});

/**
 * Changes the couple's access level on the resolver's own connection WITHOUT going through Kysely:
 * neither change counter sees it, so whatever the resolver answers next shows whether it read the
 * database again (it would see 'full') or answered from memory (still 'trial').
 */
function untrackedUpgrade(): void {
  handle.sqlite.prepare(`update couples set access_level = 'full' where id = ?`).run(couple.coupleId);
}

/** Another process's connection to the same file, like the order command or the admin reset script. */
function otherProcess(): SqliteHandle {
  const other = openDatabase(t.config.databaseFile);
  others.push(other);
  return other;
}

describe('the session resolver', () => {
  it('answers a known session from memory while nothing was written', async () => {
    expect(await resolver.resolve(token)).toMatchObject({
      kind: 'couple',
      coupleId: couple.coupleId,
      accessLevel: 'trial',
    });
    untrackedUpgrade();
    expect(await resolver.resolve(token)).toMatchObject({ accessLevel: 'trial' });
  });

  it('reads again after this process writes anything, so a logout ends the session at once', async () => {
    const stranger = await createCouple(t.deps);
    expect(await resolver.resolve(token)).toMatchObject({ kind: 'couple' });
    untrackedUpgrade();
    expect(await resolver.resolve(token)).toMatchObject({ accessLevel: 'trial' });
    await handle.db.updateTable('couples').set({ partner_name: 'Sam' }).where('id', '=', stranger.coupleId).execute();
    expect(await resolver.resolve(token)).toMatchObject({ accessLevel: 'full' });

    await deleteSessionByToken(handle.db, token);
    expect(await resolver.resolve(token)).toEqual({ kind: 'anonymous' });
  });

  it("reads again after another process commits: the order command's upgrade, a deleted session", async () => {
    expect(await resolver.resolve(token)).toMatchObject({ accessLevel: 'trial' });
    const other = otherProcess();
    await other.db.updateTable('couples').set({ access_level: 'full' }).where('id', '=', couple.coupleId).execute();
    expect(await resolver.resolve(token)).toMatchObject({ accessLevel: 'full' });

    await other.db.deleteFrom('sessions').where('account_id', '=', couple.accountId).execute();
    expect(await resolver.resolve(token)).toEqual({ kind: 'anonymous' });
  });

  it("sees another process's commit within OTHER_CONNECTIONS_CHECK_MS when data_version is read that often", async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const throttled = openDatabase(t.config.databaseFile);
    others.push(throttled);
    const remembering = createSessionResolver(throttled.db, throttled.changes);
    expect(await remembering.resolve(token)).toMatchObject({ accessLevel: 'trial' });
    await otherProcess().db.deleteFrom('sessions').where('account_id', '=', couple.accountId).execute();
    // Until the interval has passed, data_version is not read again: the remembered answer stands.
    vi.advanceTimersByTime(OTHER_CONNECTIONS_CHECK_MS - 1);
    expect(await remembering.resolve(token)).toMatchObject({ accessLevel: 'trial' });
    vi.advanceTimersByTime(1);
    expect(await remembering.resolve(token)).toEqual({ kind: 'anonymous' });
  });

  it('stops answering a remembered session the moment it expires', async () => {
    const expiresAt = ((await resolver.resolve(token)) as { expiresAt: number }).expiresAt;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expiresAt - 1);
    expect(await resolver.resolve(token)).toMatchObject({ kind: 'couple' });
    vi.setSystemTime(expiresAt);
    expect(await resolver.resolve(token)).toEqual({ kind: 'anonymous' });
  });

  it('never remembers unknown, forged or missing tokens', async () => {
    const later = 'a'.repeat(43);
    expect(await resolver.resolve(later)).toEqual({ kind: 'anonymous' });
    expect(await resolver.resolve(undefined)).toEqual({ kind: 'anonymous' });
    expect(await resolver.resolve('x'.repeat(201))).toEqual({ kind: 'anonymous' });
    // The token becomes valid behind the resolver's back (untracked): it must be looked up again.
    const { createHash } = await import('node:crypto');
    handle.sqlite
      .prepare('insert into sessions (token_hash, account_id, expires_at, created_at) values (?, ?, ?, ?)')
      .run(
        createHash('sha256').update(later).digest('hex'),
        couple.accountId,
        Date.now() + 60_000,
        '2026-01-01T00:00:00.000Z',
      );
    expect(await resolver.resolve(later)).toMatchObject({ kind: 'couple', coupleId: couple.coupleId });
  });

  it('remembers at most its size, forgetting the oldest first', async () => {
    const small = createSessionResolver(handle.db, handle.changes, 2);
    const second = await createCouple(t.deps);
    const third = await createCouple(t.deps);
    const tokens = await Promise.all(
      [second, third].map(async (c) => (await sessionCookie(t.deps, c.accountId)).slice('sid='.length)),
    );
    await small.resolve(token);
    for (const other of tokens) await small.resolve(other);
    untrackedUpgrade();
    // The first session was pushed out by the two later ones, so it is read again and upgraded.
    expect(await small.resolve(token)).toMatchObject({ accessLevel: 'full' });
  });
});

describe('the change counters', () => {
  it('move on writes through Kysely and on commits of other connections, not on reads', async () => {
    const mark = handle.changes.mark();
    await handle.db.selectFrom('couples').selectAll().execute();
    expect(handle.changes.unchangedSince(mark)).toBe(true);

    await handle.db
      .updateTable('couples')
      .set({ partner_name: 'Sam' })
      .where('id', '=', couple.coupleId)
      .returning('id')
      .execute();
    expect(handle.changes.unchangedSince(mark)).toBe(false);

    const afterOwnWrite = handle.changes.mark();
    await otherProcess()
      .db.updateTable('couples')
      .set({ partner_name: 'Alex' })
      .where('id', '=', couple.coupleId)
      .execute();
    expect(handle.changes.unchangedSince(afterOwnWrite)).toBe(false);
  });
});
