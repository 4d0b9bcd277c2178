import { sql } from 'kysely';
import type { AppDeps } from '../../deps/app-deps';

/** How long each readiness check may take before it counts as failed. */
export const READINESS_TIMEOUT_MS = 2_000;

export type ReadinessCheck = 'database' | 'file store';

export interface Readiness {
  ready: boolean;
  /** The checks that failed, with their causes (for the log only, never for the answer). */
  failures: { check: ReadinessCheck; cause: unknown }[];
}

/**
 * Runs `work` with an abort signal, failing once `timeoutMs` has passed even when `work` ignores
 * the signal: a hung dependency gives a failed check, never a hung probe.
 */
async function withinTime(work: (signal: AbortSignal) => Promise<unknown>, timeoutMs: number): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`no answer within ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this process can serve requests (docs/product.md#several-app-processes): the database
 * answers a query and the file store answers (local disk: the PDF folder is a readable, writable
 * folder; S3: one listing of the prefix), each within `timeoutMs`, checked at the same time.
 */
export async function checkReadiness(deps: AppDeps, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  const checks: [ReadinessCheck, (signal: AbortSignal) => Promise<unknown>][] = [
    // A select built by Kysely, not raw SQL: on PostgreSQL raw SQL counts as a possible write and
    // would clear the session memory on every probe (decision 0181).
    ['database', () => deps.db.selectNoFrom(sql<number>`1`.as('one')).execute()],
    ['file store', (signal) => deps.files.check(signal)],
  ];
  const outcomes = await Promise.allSettled(checks.map(([, work]) => withinTime(work, timeoutMs)));
  const failures = outcomes.flatMap((outcome, index) =>
    outcome.status === 'rejected' ? [{ check: checks[index]![0], cause: outcome.reason as unknown }] : [],
  );
  return { ready: failures.length === 0, failures };
}
