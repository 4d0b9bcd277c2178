import type { Migration } from 'kysely/migration';
import * as initialSchema from './2026-11-21T0000-initial-schema';
import * as completedWeeksIndex from './2026-11-22T0000-completed-weeks-index';
import * as accountEmailProof from './2026-11-23T0000-account-email-proof';
import * as mail from './2026-11-23T1200-mail';

/**
 * Every migration, in order. Landed migrations are frozen: add a new file and a line here.
 * A static list (rather than reading the folder) keeps migrations working under any bundler or runner.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0000-initial-schema': initialSchema,
  '2026-11-22T0000-completed-weeks-index': completedWeeksIndex,
  '2026-11-23T0000-account-email-proof': accountEmailProof,
  '2026-11-23T1200-mail': mail,
};
