import type { DB } from './client';

/**
 * The value every process agrees on for `name` (instance_checks, decision 0179): `value` when
 * this call is the first to record one, else the one recorded before.
 */
export async function agreedInstanceValue(db: DB, name: string, value: string): Promise<string> {
  await db
    .insertInto('instance_checks')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('instance_checks').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
