import { QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderWithProviders } from '../../test/render';
import { createQueryClient } from '../../trpc';

/*
 * A stand-in for the server at the fetch level: the real tRPC client, links and TanStack Query run,
 * and only `fetch` answers, with tRPC's batch wire format. No mock of our own modules.
 */

type Handler = (input: never) => unknown;

/** Throw from a handler to answer a tRPC error (what the server's error formatter sends). */
export class FakeTrpcError extends Error {
  constructor(
    readonly code: 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'INTERNAL_SERVER_ERROR',
    message: string,
  ) {
    super(message);
  }
}

const JSON_RPC_CODES = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  INTERNAL_SERVER_ERROR: -32603,
} as const;
const HTTP_STATUS = { BAD_REQUEST: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, INTERNAL_SERVER_ERROR: 500 };

export interface FakeCall {
  path: string;
  input: unknown;
}

/**
 * Replaces global fetch with a fake tRPC server whose procedures are `handlers` (by path, e.g.
 * 'workbook.get'). Returns the calls it received. Restore with `vi.unstubAllGlobals()`.
 */
export function stubTrpcServer(handlers: Record<string, Handler>): { calls: FakeCall[]; fetch: ReturnType<typeof vi.fn> } {
  const calls: FakeCall[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const parsed = new URL(String(url), 'http://localhost');
    const paths = decodeURIComponent(parsed.pathname.replace(/^\/api\/trpc\//, '')).split(',');
    const inputs = JSON.parse(
      init?.method === 'POST' ? String(init.body ?? '{}') : (parsed.searchParams.get('input') ?? '{}'),
    ) as Record<string, unknown>;
    const results = await Promise.all(
      paths.map(async (path, index) => {
        const input = inputs[String(index)];
        calls.push({ path, input });
        const handler = handlers[path];
        if (!handler) throw new Error(`The fake tRPC server has no procedure ${path}`);
        try {
          return { result: { data: await handler(input as never) } };
        } catch (error) {
          if (!(error instanceof FakeTrpcError)) throw error;
          return {
            error: {
              message: error.message,
              code: JSON_RPC_CODES[error.code],
              data: { code: error.code, httpStatus: HTTP_STATUS[error.code], path },
            },
          };
        }
      }),
    );
    const status = results.every((item) => 'result' in item) ? 200 : 207;
    return new Response(JSON.stringify(results), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}

/** Renders `ui` with the app's providers and a fresh query client (the app's defaults). */
export function renderWithQueryClient(ui: ReactNode) {
  const queryClient = createQueryClient();
  const withClient = (node: ReactNode) => <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>;
  const view = renderWithProviders(withClient(ui));
  return { queryClient, ...view, rerender: (node: ReactNode) => view.rerender(withClient(node)) };
}
