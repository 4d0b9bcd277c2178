import type { Config } from './config';
import type { DB } from './db/client';
import type { RateLimits } from './rate-limiter';

/** What services need: the configuration, the database and the rate limits. Built once in buildApp. */
export interface AppDeps {
  config: Config;
  db: DB;
  rateLimits: RateLimits;
}
