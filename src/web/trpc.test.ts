import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPC_MAX_BATCH_SIZE } from '../shared/constants';
import { stubTrpcFetch } from './test/trpc-fetch-stub';
import { trpcClient } from './trpc';

afterEach(() => vi.unstubAllGlobals());

describe('the tRPC client', () => {
  it('never puts more procedures in one request than the server accepts (it splits the batch)', async () => {
    const server = stubTrpcFetch({ 'auth.check': () => ({ data: { authenticated: false } }) });
    const calls = TRPC_MAX_BATCH_SIZE + 5;
    const answers = await Promise.all(Array.from({ length: calls }, () => trpcClient.auth.check.query()));
    expect(answers).toHaveLength(calls);
    expect(server.calls).toHaveLength(calls);
    const batchSizes = server.fetch.mock.calls.map(([resource]) => {
      const url = new URL(String(resource), 'http://localhost');
      return decodeURIComponent(url.pathname.slice('/api/trpc/'.length)).split(',').length;
    });
    expect(batchSizes.length).toBeGreaterThan(1);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(TRPC_MAX_BATCH_SIZE);
  });

  it("tells the server the page's language, so what it makes for the page is in that language (decision 0390)", async () => {
    const server = stubTrpcFetch({ 'auth.check': () => ({ data: { authenticated: false } }) });
    const previous = i18n.locale;
    i18n.activate('es');
    try {
      await trpcClient.auth.check.query();
    } finally {
      i18n.activate(previous || 'en');
    }
    const [, init] = server.fetch.mock.calls[0]!;
    expect(new Headers(init?.headers).get('accept-language')).toBe('es');
  });
});
