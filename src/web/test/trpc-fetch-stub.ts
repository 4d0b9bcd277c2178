import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { vi } from 'vitest';
import { DEFAULT_CORE_WEEKS } from '../../shared/plan';
import type { PublicConfig } from '../public-config';

/**
 * What a stubbed procedure answers: its data; an error as the server's error formatter shapes it
 * (`code` defaults to the tRPC code of `httpStatus`); or 'network-failure', which fails the whole
 * request like an unreachable server.
 */
export type StubAnswer =
  | { data: unknown }
  | {
      error: {
        message: string;
        httpStatus: number;
        code?: TRPC_ERROR_CODE_KEY;
        /** Extra fields of the error's data, as a service's AppError adds them (e.g. `current` on a 409). */
        extra?: Record<string, unknown>;
      };
    }
  | 'network-failure';
export type StubHandler = (input: unknown) => StubAnswer | Promise<StubAnswer>;

export interface TrpcFetchStub {
  /** Every procedure call, in order, with its input. */
  calls: { path: string; input: unknown }[];
  fetch: ReturnType<typeof vi.fn>;
  /** Replaces or adds a procedure's handler (e.g. to fail the second attempt). */
  on: (path: string, handler: StubHandler) => void;
}

/** The tRPC error code the server uses for each HTTP status (src/shared/errors.ts). */
const CODE_OF_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
};

/** `publicConfig.get`'s answer unless a test says otherwise: no demo, a 4-week trial, $49.00 and no card payments. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  demoMode: false,
  trialAccessCode: null,
  demoEmail: null,
  demoAccessCode: null,
  trialWeeks: 4,
  cardPayments: false,
  priceCents: 4900,
  currency: 'usd',
  advertisedPrice: { price: '$49', perWeek: 'less than $1 a week' },
};

/** `auth.check`'s answer to a visitor who is not signed in (a page's header asks, alongside the configuration). */
export const ANONYMOUS: StubAnswer = { data: { authenticated: false, isAdmin: false, role: null, userId: null } };

/**
 * Calls every page's layout makes whatever the test is about, answered unless a test says
 * otherwise: the footer asks which public pages are published (none), and the admin sections'
 * navigation asks how many messages are unread (none).
 */
const NO_PLAN_OVERVIEW = {
  coupleId: 1,
  timeZone: 'UTC',
  today: '2026-11-24',
  weddingDate: null,
  proposal: {
    kind: 'no-date',
    pace: 1,
    corePath: false,
    coreWeeks: [],
    start: '2026-11-24',
    finish: null,
    sessions: [],
    beforeFinish: 0,
  },
  accepted: null,
  standing: null,
  paused: null,
  hasCalendarFeed: false,
};

const EVERY_PAGE_HANDLERS: Record<string, StubHandler> = {
  'sitePages.listPublished': () => ({ data: { slugs: [] } }),
  'contact.countUnread': () => ({ data: { unread: 0 } }),
  // The dashboard's course hours and certificate (features/certificates): nothing counted, none offered.
  'certificates.hours': () => ({
    data: {
      weeks: [],
      totals: { partner1: 0, partner2: 0, together: 0 },
      offlineEntries: [],
      caps: { onlinePerWeekMinutes: 180, offlinePerWeekMinutes: 120 },
    },
  }),
  'certificates.status': () => ({
    data: {
      offeredStates: [],
      legalNames: { partner1: null, partner2: null },
      editableNames: ['partner1', 'partner2'],
      certificates: [],
    },
  }),
  'certificates.heartbeat': () => ({ data: { creditedSeconds: 0, weekMinutes: 0 } }),
  // The trial notice asks whom to fill in on the pricing form, and the price (the defaults here).
  'payments.buyer': () => ({ data: { email: 'couple@example.com', firstName: 'Robin' } }),
  'publicConfig.get': () => ({ data: DEFAULT_PUBLIC_CONFIG }),
  // The dashboard's plan card (docs/product.md#paced-plan): a couple with no date and no plan yet.
  'plan.overview': () => ({ data: NO_PLAN_OVERVIEW }),
  'plan.preview': () => ({ data: NO_PLAN_OVERVIEW }),
  // The back office's couples on a break (none) and the content editor's core weeks (the default).
  'adminPlan.pausedCouples': () => ({ data: [] }),
  'adminPlan.coreWeeks': () => ({ data: { coreWeeks: [...DEFAULT_CORE_WEEKS] } }),
  // The dashboard's partner notices (none) and a week's sharing state: the shared device without
  // private answers, as every couple has until they turn them on (docs/product.md#sealed-answers).
  'partners.notices': () => ({ data: [] }),
  'partners.weekShare': (input) => ({
    data: {
      weekNumber: (input as { weekNumber: number }).weekNumber,
      privateAnswers: false,
      you: null,
      shared: { partner1: null, partner2: null },
      revealed: false,
    },
  }),
};

/**
 * Replaces `fetch` for web component tests: requests to /api/trpc are answered by `handlers`
 * (keyed by procedure path, e.g. `contact.send`), in the wire format of tRPC's batch link, so the
 * real tRPC client, TanStack Query and `errorMessage` run unchanged. A procedure without a handler
 * fails the test loudly. Other URLs go to `other`, or fail like a network error. Restore with
 * `vi.unstubAllGlobals()`.
 */
export function stubTrpcFetch(
  handlers: Record<string, StubHandler>,
  other?: (url: URL, init?: RequestInit) => Response | Promise<Response>,
): TrpcFetchStub {
  const table = new Map(Object.entries({ ...EVERY_PAGE_HANDLERS, ...handlers }));
  const calls: TrpcFetchStub['calls'] = [];
  const fetchMock = vi.fn(async (resource: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(resource instanceof Request ? resource.url : String(resource), 'http://localhost');
    if (!url.pathname.startsWith('/api/trpc/')) {
      if (other) return other(url, init);
      throw new TypeError('Failed to fetch');
    }
    const paths = decodeURIComponent(url.pathname.slice('/api/trpc/'.length)).split(',');
    const rawInputs = init?.method === 'POST' ? String(init.body ?? '{}') : (url.searchParams.get('input') ?? '{}');
    const inputs = JSON.parse(rawInputs) as Record<string, unknown>;
    const answers = await Promise.all(
      paths.map(async (path, index) => {
        const input = inputs[String(index)];
        calls.push({ path, input });
        const handler = table.get(path);
        if (!handler) throw new Error(`No stub for tRPC procedure ${path}`);
        const answer = await handler(input);
        if (answer === 'network-failure') throw new TypeError('Failed to fetch');
        return { path, answer };
      }),
    );

    const results = answers.map(({ path, answer }) => {
      if ('data' in answer) return { status: 200, body: { result: { data: answer.data } } };
      const { message, httpStatus } = answer.error;
      const code = answer.error.code ?? CODE_OF_STATUS[httpStatus] ?? 'INTERNAL_SERVER_ERROR';
      return {
        status: httpStatus,
        body: {
          error: {
            message,
            code: TRPC_ERROR_CODES_BY_KEY[code],
            data: { code, httpStatus, path, ...answer.error.extra },
          },
        },
      };
    });
    // As tRPC's batch answer: one status when all calls share it, 207 when they differ.
    const statuses = results.map((result) => result.status);
    const status = statuses.every((value) => value === statuses[0]) ? statuses[0]! : 207;
    return new Response(JSON.stringify(results.map((result) => result.body)), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetch: fetchMock, on: (path, handler) => void table.set(path, handler) };
}

/** A promise with its resolve function exposed, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
