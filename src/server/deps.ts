import type { Config } from './config';
import type { DB } from './db/client';

/** What services need: the configuration and the database. Built once in buildApp. */
export interface AppDeps {
  config: Config;
  db: DB;
}
