import { vi } from 'vitest';

/** What a mocked procedure answers: data, or a server error with its HTTP status. */
export type MockAnswer = { data: unknown } | { error: { status: number; message: string } } | 'network-failure';
type Handler = (input: unknown) => MockAnswer;

export interface TrpcMock {
  /** Every call made, in order: procedure path and input. */
  calls: { path: string; input: unknown }[];
  /** Replaces or adds a procedure's handler. */
  on: (path: string, handler: Handler) => void;
}

const TRPC_CODES: Record<number, [number, string]> = {
  400: [-32600, 'BAD_REQUEST'],
  401: [-32001, 'UNAUTHORIZED'],
  403: [-32003, 'FORBIDDEN'],
  409: [-32009, 'CONFLICT'],
  429: [-32029, 'TOO_MANY_REQUESTS'],
  500: [-32603, 'INTERNAL_SERVER_ERROR'],
};

/**
 * Stands in for the server at /api/trpc (the httpBatchLink wire format) by stubbing `fetch`, so
 * component tests drive the real tRPC client. Unknown procedures fail the test loudly.
 */
export function mockTrpc(handlers: Record<string, Handler>): TrpcMock {
  const table = new Map(Object.entries(handlers));
  const calls: TrpcMock['calls'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const href = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
      const parsed = new URL(href, 'http://localhost');
      const paths = decodeURIComponent(parsed.pathname.replace(/^\/api\/trpc\//, '')).split(',');
      const inputs: Record<string, unknown> =
        init?.method === 'POST'
          ? JSON.parse(String(init.body ?? '{}'))
          : JSON.parse(parsed.searchParams.get('input') ?? '{}');
      const answers = paths.map((path, index) => {
        const input = inputs[String(index)];
        calls.push({ path, input });
        const handler = table.get(path);
        if (!handler) throw new Error(`mockTrpc: no handler for ${path}`);
        return { path, answer: handler(input) };
      });
      if (answers.some(({ answer }) => answer === 'network-failure')) throw new TypeError('Failed to fetch');
      const body = answers.map(({ path, answer }) => {
        if (answer === 'network-failure') return null;
        if ('data' in answer) return { result: { data: answer.data } };
        const [code, name] = TRPC_CODES[answer.error.status] ?? [-32603, 'INTERNAL_SERVER_ERROR'];
        return {
          error: { message: answer.error.message, code, data: { code: name, httpStatus: answer.error.status, path } },
        };
      });
      const statuses = answers.map(({ answer }) =>
        answer !== 'network-failure' && 'error' in answer ? answer.error.status : 200,
      );
      const status = statuses.every((s) => s === statuses[0]) ? statuses[0]! : 207;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, on: (path, handler) => table.set(path, handler) };
}

export const ANONYMOUS_CHECK = { authenticated: false, isAdmin: false, role: null, userId: null };
export const COUPLE_CHECK = { authenticated: true, isAdmin: false, role: 'couple', userId: 7 };
export const ADMIN_CHECK = { authenticated: true, isAdmin: true, role: 'admin', userId: null };

export const PUBLIC_CONFIG = {
  demoMode: true,
  trialAccessCode: 'TRIAL-FROM-SERVER',
  demoEmail: 'showcase@example.org',
  demoAccessCode: 'SHOWCASE-1',
  trialWeeks: 3,
};
