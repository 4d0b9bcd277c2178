import { hash } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../db/client';
import { compileValueOnce } from '../../db/compile-once';
import { statementName } from '../../db/postgres';
import { createCouple, createTestApp, sessionCookie } from '../../test/harness';
import { onPostgres } from '../../test/postgres';
import { resolveSession, sessionQuery } from './sessions';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface PreparedRow {
  name: string;
  statement: string;
  runs: number;
}

/** The named statements of the connection `db` runs on, with how often each ran. */
async function preparedOn(db: DB): Promise<PreparedRow[]> {
  const { rows } = await sql<PreparedRow>`
    select name, statement, generic_plans + custom_plans as runs from pg_prepared_statements order by name
  `.execute(db);
  return rows;
}

// The hot reads as named prepared statements (decision 0185): only on the server-pg project.
describe.runIf(onPostgres())('the session lookup on PostgreSQL', () => {
  it('runs as a named statement, parsed once per connection and run again, with the same answer', async () => {
    const t = await createTestApp();
    closers.push(() => t.close());
    const { db } = t.deps;
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const token = (await sessionCookie(t.deps, couple.accountId)).slice('sid='.length);
    const text = sessionQuery(db, 'any').compile().sql;
    const name = statementName(text);

    // The first lookup compiles the query and registers its text.
    const expected = await resolveSession(db, token);
    expect(expected).toMatchObject({ kind: 'couple', accountId: couple.accountId, accessLevel: 'trial' });

    await db.connection().execute(async (connection) => {
      const one = connection as DB;
      const before = (await preparedOn(one)).find((row) => row.name === name)?.runs ?? 0;
      // Run twice on this one connection: a second Parse under the same name would fail
      // ("prepared statement already exists"), so two more runs of one statement show it was
      // parsed once and run again.
      expect(await resolveSession(one, token)).toEqual(expected);
      expect(await resolveSession(one, token)).toEqual(expected);
      const prepared = await preparedOn(one);
      expect(prepared.find((row) => row.name === name)).toEqual({ name, statement: text, runs: before + 2 });

      // The same query as an unnamed statement (a text nobody registered) answers the same rows,
      // and is not kept: only registered texts are.
      const [named] = (await one.executeQuery(sessionQuery(one, hashOf(token)).compile())).rows;
      const [unnamed] = (await one.executeQuery(CompiledQuery.raw(`${text}\n`, [hashOf(token)]))).rows;
      expect(named).toBeDefined();
      expect(unnamed).toEqual(named);
      const after = await preparedOn(one);
      expect(after.every((row) => row.name.startsWith('vw_') && row.statement !== `${text}\n`)).toBe(true);
      expect(after.length).toBe(prepared.length);
    });
  });
});

describe.runIf(onPostgres())('compileOnce on PostgreSQL', () => {
  it("runs on the pool without Kysely's executor, and inside a transaction through Kysely", async () => {
    const t = await createTestApp();
    closers.push(() => t.close());
    const { db } = t.deps;
    const couple = await createCouple(t.deps);
    const displayName = compileValueOnce((database: DB, id: number) =>
      database.selectFrom('couples').select('display_name').where('id', '=', id),
    );
    const throughKysely = vi.spyOn(db, 'executeQuery');
    const before = await displayName(db, couple.coupleId);
    expect(typeof before).toBe('string');
    expect(await displayName(db, -1)).toBeUndefined();
    expect(throughKysely).not.toHaveBeenCalled();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('couples')
        .set({ display_name: 'Not committed yet' })
        .where('id', '=', couple.coupleId)
        .execute();
      expect(await displayName(trx as unknown as DB, couple.coupleId)).toBe('Not committed yet');
      // Outside the transaction, on another connection: the committed name.
      expect(await displayName(db, couple.coupleId)).toBe(before);
    });
    expect(await displayName(db, couple.coupleId)).toBe('Not committed yet');
  });
});

/** The token's hash as the sessions table holds it (features/auth/sessions.ts). */
function hashOf(token: string): string {
  return hash('sha256', token);
}
