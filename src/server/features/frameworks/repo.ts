import type { Kysely } from 'kysely';
import type { Framework as SharedFramework } from '../../../shared/frameworks-schemas';
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

/** Inserts week N's framework or replaces the one it has (the row keeps its id). */
export function upsertFramework(
  db: Db,
  row: {
    weekNumber: number;
    title: string;
    description: string;
    fileName: string;
    fileSize: number;
    uploadedAt: string;
  },
): Promise<Framework> {
  const values = {
    title: row.title,
    description: row.description,
    file_name: row.fileName,
    file_size: row.fileSize,
    uploaded_at: row.uploadedAt,
  };
  return db
    .insertInto('frameworks')
    .values({ week_number: row.weekNumber, ...values })
    .onConflict((conflict) => conflict.column('week_number').doUpdateSet(values))
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirstOrThrow();
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
