import { runCli } from './cli';

/** `npm run db:migrate`: brings the database in DATA_DIR to the latest schema (the server does this at start too). */
await runCli(async ({ config }) => {
  console.log(`Database ${config.databaseFile} is up to date.`);
});
