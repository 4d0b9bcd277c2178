import type { OperationNode } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_OPENING, type PageRead, weekReads } from '../../../scripts/lib/dashboard-requests';
import { readOnce, withRequestReads } from '../deps/request-reads';
import { bundledContentLibrary } from '../features/workbook/content-library';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../test/harness';

/**
 * The reads of one request are shared by its procedures (decision 0321): opening a week as the
 * dashboard does, no tRPC batch sends the same query twice (both partners' answers need the week's
 * content, the status and the hours both add up the course time, the progression and the
 * frameworks' locks both need the unlock rule's inputs, the progress records and the plan, both
 * partners' answers and the summary need the week's responses and summary, one read since decision
 * 0378). And nothing is kept past the request: the seller's edit is read by the next one.
 */
const t = useTestApp();

/** The table a query names first (for a readable failure). */
function tableOf(node: OperationNode): string {
  return /"kind":"TableNode","table":\{[^}]*?"name":"(\w+)"/.exec(JSON.stringify(node))?.[1] ?? node.kind;
}

/** Runs `send` with the app's database counting its queries, each as its whole query (values too). */
async function queriesOf(send: () => Promise<void>): Promise<OperationNode[]> {
  const queries: OperationNode[] = [];
  const db = t.deps.db;
  // The app's deps are this object (createContext reads them per request).
  t.deps.db = db.withPlugin({
    transformQuery: (args) => {
      queries.push(args.node);
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  try {
    await send();
  } finally {
    t.deps.db = db;
  }
  return queries;
}

/** The queries sent more than once, by table. */
function repeated(queries: OperationNode[]): string[] {
  const seen = new Map<string, number>();
  for (const query of queries) {
    const key = JSON.stringify(query);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return queries.filter((query) => seen.get(JSON.stringify(query))! > 1).map(tableOf);
}

async function openCouple() {
  const couple = await createCouple(t.deps);
  return sessionCookie(t.deps, couple.accountId);
}

async function send(read: PageRead, cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: read.path, headers: { cookie } });
  expect(response.statusCode, read.name).toBe(200);
  const items = response.json() as { result?: { data: unknown } }[];
  expect(
    items.filter((item) => !('result' in item)),
    read.name,
  ).toEqual([]);
  return items.map((item) => item.result!.data);
}

describe('a batch of the dashboard', () => {
  it('sends each of its queries once', async () => {
    const cookie = await openCouple();
    const batches = [...DASHBOARD_OPENING, ...weekReads(1)].filter((read) => read.procedures.length > 0);
    expect(batches.map((read) => read.name)).toContain('week: answers');
    const repeats: Record<string, string[]> = {};
    for (const read of batches) {
      repeats[read.name] = repeated(await queriesOf(() => send(read, cookie).then(() => undefined)));
    }
    expect(repeats).toEqual(Object.fromEntries(batches.map((read) => [read.name, []])));
  });

  it('reads the week content again on the next request, as the seller last saved it', async () => {
    const cookie = await openCouple();
    const weekRead = (name: string) => weekReads(1).find((read) => read.name === name)!;
    const contentReads = async (read: PageRead) =>
      (await queriesOf(() => send(read, cookie).then(() => undefined))).filter(
        (query) => tableOf(query) === 'week_contents',
      ).length;
    expect(await contentReads(weekRead('week: answers'))).toBe(1);
    expect(await contentReads(weekRead('week: answers'))).toBe(1);

    const title = 'Edited between two requests';
    expect((await send(weekRead('week: content'), cookie))[0]).not.toMatchObject({ title });
    const edited = { ...structuredClone(bundledContentLibrary().ownContent(1)!), title };
    await (await callerFor(t, await adminCookie(t.deps))).courseContent.save({ weekNumber: 1, content: edited });
    expect((await send(weekRead('week: content'), cookie))[0]).toMatchObject({ title });
  });
});

/**
 * The SQL statements the app sends while `send` runs, on any connection of its database, begin and
 * commit included: on PostgreSQL as `pg` sends them (but the listening connection's check, `select
 * 1`), on SQLite where Kysely hands each to the connection.
 */
async function statementsOf(send: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const connection = await t.deps.db.getExecutor().provideConnection(async (connection) => connection);
  const [target, method] = t.config.databaseUrl
    ? [pg.Client.prototype as unknown as Record<string, (...args: unknown[]) => unknown>, 'query']
    : [Object.getPrototypeOf(connection) as Record<string, (...args: unknown[]) => unknown>, 'executeQuery'];
  const original = target[method]!;
  target[method] = function (this: unknown, ...args: unknown[]) {
    const sql = typeof args[0] === 'string' ? args[0] : (args[0] as { sql?: string; text?: string });
    const text = typeof sql === 'string' ? sql : (sql.sql ?? sql.text ?? '');
    if (text !== 'select 1') statements.push(text);
    return original.apply(this, args);
  };
  try {
    await send();
  } finally {
    target[method] = original;
  }
  return statements;
}

/**
 * What each request of a week opening costs the database, in statements: on PostgreSQL each is a
 * round trip whose socket write the server's main thread pays, and the load test there is limited
 * by that thread (docs/benchmarks.md). A change that adds a statement to one of the page's reads
 * fails here; one that removes one lowers the count (decisions 0371, 0373, 0374, 0378 and 0381).
 * Counted once the session and what every couple reads alike (the week, the pages, the frameworks)
 * are remembered by the process, as for a couple who is already on the page: a request whose
 * session is not remembered adds its lookup (one statement), and after a change to the content each
 * of its reads runs once more.
 */
const STATEMENTS_PER_READ: Record<string, number> = {
  'dashboard: page (HTML)': 1,
  'dashboard: session': 0,
  'dashboard: data': 1,
  'week: content': 2,
  'week: answers': 1,
  'week: course time': 1,
};

describe('a week opening', () => {
  it('sends the pinned number of SQL statements per request', async () => {
    const cookie = await openCouple();
    const reads = [...DASHBOARD_OPENING, ...weekReads(1)];
    const request = async (read: PageRead) => {
      const response = await t.app.inject({ method: 'GET', url: read.path, headers: { cookie } });
      expect(response.statusCode, read.name).toBe(200);
    };
    for (const read of reads) await request(read);
    // Up to three passes: a background job's write (any write, on SQLite) or a late notice of the
    // start-up's own writes (PostgreSQL) may clear what the process remembers during one.
    let sent: Record<string, string[]> = {};
    let counts: Record<string, number> = {};
    for (let pass = 0; pass < 3 && JSON.stringify(counts) !== JSON.stringify(STATEMENTS_PER_READ); pass += 1) {
      sent = {};
      for (const read of reads) sent[read.name] = await statementsOf(() => request(read));
      counts = Object.fromEntries(Object.entries(sent).map(([name, statements]) => [name, statements.length]));
    }
    expect(counts, JSON.stringify(sent, null, 2)).toEqual(STATEMENTS_PER_READ);
  });
});

/**
 * With private answers on, the sealing rule asks whether both partners shared the week for the other
 * partner's answers and again for the summary: the batch reads it once (decision 0321), besides the
 * week's answers and summary (decision 0378).
 */
describe("a sealed partner's answers batch", () => {
  it('reads whether the week is shared once', async () => {
    const couple = await createCouple(t.deps);
    const cookie = await sessionCookie(t.deps, couple.accountId);
    const caller = await callerFor(t, cookie);
    const answers = { reflectionAnswers: { 'w01-q1': 'a thought' } };
    await caller.workbook.saveAnswers({ weekNumber: 1, partner: 'partner1', ...answers });
    await caller.workbook.saveAnswers({ weekNumber: 1, partner: 'partner2', ...answers });
    await caller.workbook.generateSummary({ weekNumber: 1 });
    await caller.partners.setPrivateAnswers({ on: true });
    const read = weekReads(1).find((batch) => batch.name === 'week: answers')!;
    const request = async () => {
      const res = await t.app.inject({ method: 'GET', url: read.path, headers: { cookie } });
      // The original sign-in reads as partner1 with private answers on: partner2's and the summary are
      // sealed (a batch with refusals answers 207).
      expect(res.statusCode).toBe(207);
      const codes = (res.json() as { error?: { data?: { code?: string } } }[]).map((item) => item.error?.data?.code);
      expect(codes).toEqual([undefined, 'FORBIDDEN', 'FORBIDDEN']);
    };
    await request();
    let sent: string[] = [];
    for (let pass = 0; pass < 3 && sent.length !== 2; pass += 1) sent = await statementsOf(request);
    expect(sent.filter((statement) => statement.includes('week_shares'))).toHaveLength(1);
    expect(sent, JSON.stringify(sent, null, 2)).toHaveLength(2);
  });
});

/**
 * A week's saves and its framework download as the load test sends them (its REST routes), in this
 * order, pinned as the reads are. On PostgreSQL: the unlock rule's one read (the progress records
 * and the plan, decision 0374), then the save, or the download's upload row; the workbook's save
 * also reads the stored answers (with the week's summary, in the same statement: decision 0378).
 * Both keep to the language the session carries (decision 0371): the answers are marked with it
 * and the printable written in it, with no query of the account. On SQLite any write makes the
 * process forget what it remembers (the session, the week's content, the weeks' change times), so
 * there each request here reads some of it again.
 */
const STATEMENTS_PER_REQUEST = {
  postgres: { 'workbook save': 3, 'progress notes+rating': 2, 'complete week': 2, 'download framework': 2 },
  sqlite: { 'workbook save': 4, 'progress notes+rating': 3, 'complete week': 3, 'download framework': 4 },
};

function statementsPerSave(): Record<string, number> {
  return STATEMENTS_PER_REQUEST[t.config.databaseUrl ? 'postgres' : 'sqlite'];
}

describe("a week's saves", () => {
  it('send the pinned number of SQL statements per request', async () => {
    const couple = await createCouple(t.deps);
    const cookie = await sessionCookie(t.deps, couple.accountId);
    const answers = {
      reflectionAnswers: ['a thought', 'another'],
      discussionNotes: 'notes',
      activityResponse: '',
      weeklyCommitment: 'commit',
      conversationCards: ['card'],
    };
    const saves: Record<string, [string, object | undefined]> = {
      'workbook save': [`/api/workbook-responses/${couple.coupleId}/1/partner1`, answers],
      'progress notes+rating': [`/api/progress/${couple.coupleId}/1`, { notes: 'week 1', rating: 4 }],
      'complete week': [`/api/progress/${couple.coupleId}/1/complete`, undefined],
      'download framework': ['/api/download-framework/1', undefined],
    };
    const post = async (name: string) => {
      const [url, payload] = saves[name]!;
      const response = await t.app.inject({
        method: payload === undefined && name === 'download framework' ? 'GET' : 'POST',
        url,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    };
    for (const name of Object.keys(saves)) await post(name);
    let sent: Record<string, string[]> = {};
    let counts: Record<string, number> = {};
    for (let pass = 0; pass < 3 && JSON.stringify(counts) !== JSON.stringify(statementsPerSave()); pass += 1) {
      sent = {};
      for (const name of Object.keys(saves)) sent[name] = await statementsOf(() => post(name));
      counts = Object.fromEntries(Object.entries(sent).map(([name, statements]) => [name, statements.length]));
    }
    expect(counts, JSON.stringify(sent, null, 2)).toEqual(statementsPerSave());
  });
});

describe('readOnce', () => {
  it('reads once per key in a request that shares its reads, also while the read is under way', async () => {
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { reads };
    };
    const request = withRequestReads(t.deps);
    const [first, second] = await Promise.all([readOnce(request, 'a', read), readOnce(request, 'a', read)]);
    expect(second).toBe(first);
    expect(await readOnce(request, 'b', read)).toEqual({ reads: 2 });
    // Another request, the process's own deps, a transaction inside the request: each reads afresh.
    expect(await readOnce(withRequestReads(t.deps), 'a', read)).toEqual({ reads: 3 });
    expect(await readOnce(t.deps, 'a', read)).toEqual({ reads: 4 });
    await t.deps.db.transaction().execute(async (trx) => {
      expect(await readOnce({ ...request, db: trx }, 'a', read)).toEqual({ reads: 5 });
    });
  });
});
