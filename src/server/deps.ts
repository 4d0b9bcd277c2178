import type { Config } from './config';
import type { DatabaseHandle, DB } from './db/client';
import { createSessionResolver, type SessionResolver } from './features/auth/sessions';
import { createRateLimits, type RateLimits } from './rate-limiter';

/** What services need: the configuration, the database, the session lookup and the rate limits. */
export interface AppDeps {
  config: Config;
  db: DB;
  sessions: SessionResolver;
  rateLimits: RateLimits;
}

/** The one way deps are built: by buildApp for the server, by runCli for the commands. */
export function createDeps(config: Config, { db, changes }: DatabaseHandle): AppDeps {
  return { config, db, sessions: createSessionResolver(db, changes), rateLimits: createRateLimits(config) };
}
