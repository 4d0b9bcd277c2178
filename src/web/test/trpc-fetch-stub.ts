import { vi } from 'vitest';

/** What a stubbed procedure answers: its data, or an error as the server's error formatter shapes it. */
export type StubAnswer =
  | { data: unknown }
  | { error: { message: string; code: string; httpStatus: number } };
export type StubHandler = (input: unknown) => StubAnswer | Promise<StubAnswer>;

export interface TrpcFetchStub {
  /** Every procedure call, in order, with its input. */
  calls: { path: string; input: unknown }[];
  fetch: ReturnType<typeof vi.fn>;
}

/**
 * Replaces `fetch` for web component tests: requests to /api/trpc are answered by `handlers`
 * (keyed by procedure path, e.g. `contact.send`), in the wire format of tRPC's batch link, so the
 * real tRPC client, TanStack Query and `errorMessage` run unchanged. Other URLs go to `other`, or
 * fail like a network error. Restore with `vi.unstubAllGlobals()`.
 */
export function stubTrpcFetch(
  handlers: Record<string, StubHandler>,
  other?: (url: URL, init?: RequestInit) => Response | Promise<Response>,
): TrpcFetchStub {
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
    const results = await Promise.all(
      paths.map(async (path, index) => {
        const input = inputs[String(index)];
        calls.push({ path, input });
        const handler = handlers[path];
        if (!handler) throw new Error(`No stub for tRPC procedure ${path}`);
        const answer = await handler(input);
        if ('error' in answer) {
          const { message, code, httpStatus } = answer.error;
          return { error: { message, code: -32000, data: { code, httpStatus, path } } };
        }
        return { result: { data: answer.data } };
      }),
    );
    const first = results[0];
    const status = results.length === 1 && first?.error ? first.error.data.httpStatus : 200;
    return new Response(JSON.stringify(results), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetch: fetchMock };
}

/** A promise with its resolve function exposed, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
