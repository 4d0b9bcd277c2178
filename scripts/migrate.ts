import { runCli } from './cli';

/**
 * `npm run db:migrate`: brings the database (the SQLite file in DATA_DIR, or PostgreSQL when
 * DATABASE_URL is set) to the latest schema (the server does this at start too).
 */
await runCli(async ({ config }) => {
  const where = config.databaseUrl
    ? `The PostgreSQL database at ${new URL(config.databaseUrl).host}`
    : `Database ${config.databaseFile}`;
  console.log(`${where} is up to date.`);
});
