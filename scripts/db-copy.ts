import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../src/server/db/client';
import { copyDatabase } from '../src/server/db/copy';

/**
 * `npm run db:copy -- --from sqlite:./data/app.sqlite --to postgres://user:pass@host/db`: moves an
 * install to PostgreSQL with every row, checked by counts (docs/postgresql-and-s3.md). Stop
 * the app first; the target must be a new, empty database. Nothing is changed in the source.
 */
function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function open(address: string): Promise<DatabaseHandle> {
  if (address.startsWith('sqlite:')) return openDatabase(path.resolve(address.slice('sqlite:'.length)));
  if (/^postgres(ql)?:\/\//.test(address)) {
    const { openPostgres } = await import('../src/server/db/postgres');
    return await openPostgres(address, { poolSize: 2 });
  }
  throw new Error(`${address}: give sqlite:<file> or a postgres:// address`);
}

const from = option('from');
const to = option('to');
if (!from || !to) {
  console.error('Usage: npm run db:copy -- --from sqlite:./data/app.sqlite --to postgres://user:pass@host:5432/db');
  process.exit(1);
}
const handles: DatabaseHandle[] = [];
try {
  const source = await open(from);
  handles.push(source);
  const target = await open(to);
  handles.push(target);
  let total = 0;
  await copyDatabase(source.db, target.db, ({ table, rows }) => {
    total += rows;
    console.log(`  ${table}: ${rows} rows`);
  });
  console.log(`Copied ${total} rows; every table's count matches. Set DATABASE_URL to the target and start the app.`);
} catch (error) {
  console.error(`db:copy failed, nothing was copied: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  for (const handle of handles) await handle.db.destroy();
}
