import type { Kysely } from 'kysely';
import type { Framework as SharedFramework } from '../../../shared/frameworks-schemas';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A framework as every caller may see it (never the file name on disk): the shared schema's type. */
export type Framework = SharedFramework;

const PUBLIC_COLUMNS = [
  'id',
  'week_number as weekNumber',
  'title',
  'description',
  'file_size as fileSize',
  'uploaded_at as uploadedAt',
] as const;

export function listFrameworks(db: Db): Promise<Framework[]> {
  return db.selectFrom('frameworks').select(PUBLIC_COLUMNS).orderBy('week_number').execute();
}

/** The stored file of a week, for downloads and replacement. */
export function findFrameworkFile(db: Db, weekNumber: number) {
  return db
    .selectFrom('frameworks')
    .select(['file_name as fileName', 'file_size as fileSize'])
    .where('week_number', '=', weekNumber)
    .executeTakeFirst();
}

/** Every stored file name, in week order. */
export async function listFrameworkFiles(db: Db): Promise<{ weekNumber: number; fileName: string }[]> {
  return db
    .selectFrom('frameworks')
    .select(['week_number as weekNumber', 'file_name as fileName'])
    .orderBy('week_number')
    .execute();
}

/**
 * Inserts week N's framework or replaces the one it has (the row keeps its id), in the caller's
 * transaction, and answers the file the row named before (undefined when the week had none). Two
 * uploads of one week at once: on PostgreSQL the second insert waits for the first to commit, then
 * finds its row and locks it before reading the file it replaces, so the first upload's file is
 * the one the second removes; SQLite runs one transaction at a time. A row deleted between the two
 * steps is inserted again.
 */
export async function replaceFramework(
  trx: Db,
  row: {
    weekNumber: number;
    title: string;
    description: string;
    fileName: string;
    fileSize: number;
    uploadedAt: string;
  },
): Promise<{ framework: Framework; previousFileName: string | undefined }> {
  const values = {
    title: row.title,
    description: row.description,
    file_name: row.fileName,
    file_size: row.fileSize,
    uploaded_at: row.uploadedAt,
  };
  for (;;) {
    const inserted = await trx
      .insertInto('frameworks')
      .values({ week_number: row.weekNumber, ...values })
      .onConflict((conflict) => conflict.column('week_number').doNothing())
      .returning(PUBLIC_COLUMNS)
      .executeTakeFirst();
    if (inserted) return { framework: inserted, previousFileName: undefined };
    const previous = await trx
      .selectFrom('frameworks')
      .select('file_name')
      .where('week_number', '=', row.weekNumber)
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
    if (!previous) continue;
    const framework = await trx
      .updateTable('frameworks')
      .set(values)
      .where('week_number', '=', row.weekNumber)
      .returning(PUBLIC_COLUMNS)
      .executeTakeFirstOrThrow();
    return { framework, previousFileName: previous.file_name };
  }
}

/** Deletes week N's row; answers the file it pointed to, or undefined when there was none. */
export async function deleteFramework(db: Db, weekNumber: number): Promise<string | undefined> {
  const row = await db
    .deleteFrom('frameworks')
    .where('week_number', '=', weekNumber)
    .returning('file_name as fileName')
    .executeTakeFirst();
  return row?.fileName;
}
