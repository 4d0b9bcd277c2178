import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubTrpcFetch } from '../test/trpc-fetch-stub';
import { trpcClient } from '../trpc';
import { errorMessage } from './api-error';
import { createGuardedFetch, MUTATION_TIMEOUT_MS, NOT_SAVED_MESSAGES, NotSavedError } from './network';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A fetch that never answers until its signal aborts (a server holding its answer back). */
function silentServer() {
  return vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

describe('createGuardedFetch', () => {
  it('gives a change up as not saved after 15 s without an answer, and aborts the request', async () => {
    vi.useFakeTimers();
    const server = silentServer();
    const guarded = createGuardedFetch(server);
    const answer = guarded('/api/trpc/progress.update?batch=1', { method: 'POST', body: '{}' });
    const settled = answer.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(MUTATION_TIMEOUT_MS - 1);
    expect(server.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await settled;
    expect(error).toBeInstanceOf(NotSavedError);
    expect((error as NotSavedError).reason).toBe('timeout');
    expect(server.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });

  it('counts a body that stalls after the headers as no answer', async () => {
    vi.useFakeTimers();
    const stalled = new ReadableStream({ start() {} });
    const guarded = createGuardedFetch(async () => new Response(stalled, { status: 200 }));
    const settled = guarded('/api/trpc/x', { method: 'POST' }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(MUTATION_TIMEOUT_MS);
    expect(await settled).toBeInstanceOf(NotSavedError);
  });

  it('refuses a change at once while the browser is offline, sending nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = vi.fn(async () => new Response('[]'));
    const guarded = createGuardedFetch(server);
    await expect(guarded('/api/trpc/x', { method: 'POST' })).rejects.toMatchObject({ reason: 'offline' });
    expect(server).not.toHaveBeenCalled();
  });

  it('passes queries (GET) through untouched, with no time limit', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const response = new Response('ok');
    const server = vi.fn(async () => response);
    const guarded = createGuardedFetch(server);
    expect(await guarded('/api/trpc/auth.check', { method: 'GET' })).toBe(response);
  });

  it('answers the server response unchanged when it comes in time', async () => {
    const guarded = createGuardedFetch(async () => new Response('{"a":1}', { status: 409, headers: { 'x-y': 'z' } }));
    const response = await guarded('/api/trpc/x', { method: 'POST' });
    expect(response.status).toBe(409);
    expect(response.headers.get('x-y')).toBe('z');
    expect(await response.text()).toBe('{"a":1}');
  });
});

describe('the tRPC client on a broken network', () => {
  it("rejects a mutation with the page's not-saved sentence while offline", async () => {
    stubTrpcFetch({ 'progress.update': () => ({ data: {} }) });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const failure = await trpcClient.progress.update.mutate({ weekNumber: 1, notes: 'x' }).catch((e: unknown) => e);
    expect(errorMessage(failure, 'fallback')).toBe(NOT_SAVED_MESSAGES.offline);
  });
});

describe('the query client', () => {
  it('asks again, when the network comes back, for what failed meanwhile, and for nothing that loaded', async () => {
    const { createQueryClient } = await import('../query-client');
    const { onlineManager, QueryObserver } = await import('@tanstack/react-query');
    const client = createQueryClient();
    let failing = true;
    const calls = { failed: 0, loaded: 0 };
    const failed = new QueryObserver(client, {
      queryKey: ['failed'],
      queryFn: async () => {
        calls.failed += 1;
        if (failing) throw new Error('offline');
        return 'names';
      },
    });
    const loaded = new QueryObserver(client, { queryKey: ['loaded'], queryFn: async () => ++calls.loaded });
    client.mount(); // as the app's QueryClientProvider does
    const unsubscribe = [failed.subscribe(() => {}), loaded.subscribe(() => {})];
    try {
      await vi.waitFor(() => expect(failed.getCurrentResult().isError).toBe(true));
      await vi.waitFor(() => expect(loaded.getCurrentResult().data).toBe(1));
      onlineManager.setOnline(false);
      failing = false;
      onlineManager.setOnline(true);
      await vi.waitFor(() => expect(failed.getCurrentResult().data).toBe('names'));
      expect(calls).toEqual({ failed: 2, loaded: 1 });
    } finally {
      for (const stop of unsubscribe) stop();
      client.unmount();
      onlineManager.setOnline(true);
    }
  });

  it('runs a mutation while offline (refused with a message) instead of pausing it until the network returns', async () => {
    const { createQueryClient } = await import('../query-client');
    const { onlineManager } = await import('@tanstack/react-query');
    const client = createQueryClient();
    onlineManager.setOnline(false);
    try {
      const mutation = client.getMutationCache().build(client, {
        mutationFn: async () => {
          throw new NotSavedError('offline');
        },
      });
      await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(NotSavedError);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
