/**
 * What a couple's browser asks the server for when it opens a week on the dashboard
 * (`/dashboard?tab=current&week=N`), as the page sends it: the page itself, then its tRPC reads in
 * the batches and the order the page groups them. `npm run loadtest` replays them for each visit
 * (scripts/loadtest.ts), so its latencies are the ones a couple waits for; e2e/dashboard.spec.ts
 * fails when the page's reads and this list part. Left out: the active-time heartbeat (a write the
 * page sends every 30 s while a week is open, decision 0245).
 */
import { batchPath } from '../../src/web/sw/offline-data';

export interface PageRead {
  /** The load test's name for this request. */
  name: string;
  path: string;
  /** The tRPC procedures of a batch (none for the page's HTML). */
  procedures: string[];
}

/** A batch of the page's reads: procedures, with their input when they take one. */
function read(name: string, procedures: [string, unknown?][]): PageRead {
  const calls = procedures.map(([procedure, input]) => ({ procedure, input }));
  return { name, path: batchPath(calls), procedures: calls.map((call) => call.procedure) };
}

/** The page and the reads before the week is known: who is signed in, then the dashboard's data. */
export const DASHBOARD_OPENING: readonly PageRead[] = [
  { name: 'dashboard: page (HTML)', path: '/dashboard', procedures: [] },
  read('dashboard: session', [['auth.session'], ['auth.check']]),
  read('dashboard: data', [
    ['progress.progression'],
    ['progress.list'],
    ['progress.access'],
    ['frameworks.withAccess'],
    ['partners.notices'],
    ['sitePages.listPublished'],
  ]),
];

/** The week's reads, once the page knows which week it shows. */
export function weekReads(weekNumber: number): PageRead[] {
  const week = { weekNumber };
  return [
    read('week: content', [
      ['workbook.content', week],
      ['partners.weekShare', week],
    ]),
    read('week: answers', [
      ['workbook.answers', { weekNumber, partner: 'partner1' }],
      ['workbook.answers', { weekNumber, partner: 'partner2' }],
      ['workbook.summary', week],
    ]),
    read('week: course time', [['certificates.status'], ['certificates.hours']]),
  ];
}
