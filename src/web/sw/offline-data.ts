/*
 * What the service worker keeps of a couple's data for offline reading (decision 0266), as plain
 * functions (no service-worker globals), tested in offline-data.test.ts.
 *
 * The app asks tRPC queries in batches (`GET /api/trpc/a,b?batch=1&input={"0":...,"1":...}`), and
 * which queries share a batch depends on timing. So a batch's answer is split and each procedure's
 * answer is kept under a key of its own (procedure + input), and an offline batch is put together
 * again from those keys. Only the procedures named in OFFLINE_PROCEDURES are kept, and only their
 * successful answers: a refusal (a sealed partner's answers are refused with 403 before anything is
 * read) is an error item and is never stored. Nothing under /api/admin or an admin procedure is
 * named, so nothing of the admin area is ever kept.
 */
import { PARTNERS, type Partner } from '../../shared/constants';

/** The cache holding the signed-in couple's data; emptied on every sign-in and sign-out. */
export const DATA_CACHE = 'vows-offline-data-v1';
/** The page frames (HTML) the app opens from offline: the couple's pages only. */
export const PAGES_CACHE = 'vows-offline-pages-v1';
/**
 * The worker's own notes: UPDATE_PENDING while a new build's worker waits (there was an older one),
 * UPDATED once it has taken over, until a page has said so (decision 0265).
 */
export const META_CACHE = 'vows-offline-meta-v1';
export const UPDATE_PENDING_KEY = '/__offline/update-pending';
export const UPDATED_KEY = '/__offline/updated';
/** Which couple filled DATA_CACHE (the id auth.session answered), kept in the cache itself. */
export const OWNER_KEY = '/__offline/owner';

/**
 * The queries a couple's dashboard and current week need, kept for offline reading. Anything else
 * is never stored (an unnamed procedure answers offline as "unavailable").
 */
export const OFFLINE_PROCEDURES: ReadonlySet<string> = new Set([
  'auth.session',
  'auth.check',
  'publicConfig.get',
  'profile.get',
  'progress.progression',
  'progress.list',
  'progress.access',
  'progress.streak',
  'frameworks.withAccess',
  'workbook.content',
  'workbook.answers',
  'workbook.summary',
  'partners.weekShare',
  'partners.settings',
  'plan.overview',
]);

/** The couple pages whose frame is kept for opening offline. */
export const OFFLINE_PAGES: ReadonlySet<string> = new Set(['/dashboard']);

/** A week's PDF, as the dashboard downloads it. */
export const PDF_PATH = /^\/api\/download-framework\/([1-9]|[1-4][0-9]|5[0-2])$/;

export interface BatchCall {
  procedure: string;
  /** The call's input as JSON text ('' for none): part of its key. */
  input: string;
  /** The key it is kept under in DATA_CACHE. */
  key: string;
}

/** The calls of a tRPC GET (batched or not), or null for anything else. */
export function trpcCalls(url: URL): BatchCall[] | null {
  if (!url.pathname.startsWith('/api/trpc/')) return null;
  const procedures = decodeURIComponent(url.pathname.slice('/api/trpc/'.length)).split(',');
  if (procedures.some((procedure) => !/^[A-Za-z0-9_.]+$/.test(procedure))) return null;
  const batched = url.searchParams.get('batch') === '1';
  let inputs: Record<string, unknown> = {};
  const raw = url.searchParams.get('input');
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw);
      inputs = batched ? ((parsed ?? {}) as Record<string, unknown>) : { 0: parsed };
    } catch {
      return null;
    }
  }
  return procedures.map((procedure, index) => {
    const value = inputs[String(index)];
    const input = value === undefined ? '' : canonicalJson(value);
    return { procedure, input, key: `/__offline/trpc/${procedure}?input=${encodeURIComponent(input)}` };
  });
}

/** JSON with object keys sorted, so the same input always gives the same key. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The items of a batch answer worth keeping: those of named procedures that succeeded. `answer` is
 * the parsed body (an array for a batch, one item otherwise).
 */
export function keepableItems(calls: readonly BatchCall[], answer: unknown): { call: BatchCall; item: unknown }[] {
  const items = Array.isArray(answer) ? answer : [answer];
  if (items.length !== calls.length) return [];
  return calls.flatMap((call, index) => {
    const item = items[index];
    const succeeded = !!item && typeof item === 'object' && 'result' in item && !('error' in item);
    return succeeded && OFFLINE_PROCEDURES.has(call.procedure) ? [{ call, item }] : [];
  });
}

/** The couple id in an auth.session answer item, or null (signed out, or not that procedure). */
export function sessionOwner(call: BatchCall, item: unknown): number | null {
  if (call.procedure !== 'auth.session') return null;
  const data = (item as { result?: { data?: { customerId?: unknown } } }).result?.data;
  return typeof data?.customerId === 'number' ? data.customerId : null;
}

/** The item an offline batch answers for a call nothing was kept for: an error of that call alone. */
export function unavailableItem(procedure: string): unknown {
  return {
    error: {
      message: 'You are offline and this was not saved on this device.',
      code: -32603,
      data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: procedure, offline: true },
    },
  };
}

/**
 * The body of an offline answer from the kept items (undefined where none was kept), in the
 * request's shape: an array for a batch. Its status is 200 when every item was kept, 207 (tRPC's
 * status for a batch with some errors) otherwise, so each query succeeds or fails on its own.
 */
export function offlineAnswer(
  calls: readonly BatchCall[],
  kept: readonly unknown[],
  batched: boolean,
): { status: number; body: string } {
  const items = calls.map((call, index) => kept[index] ?? unavailableItem(call.procedure));
  const complete = kept.every((item) => item !== undefined);
  if (!batched) return { status: complete ? 200 : 503, body: JSON.stringify(items[0]) };
  return { status: complete ? 200 : 207, body: JSON.stringify(items) };
}

/** A tRPC query batch's address, as the app's client (httpBatchLink) asks it. */
export function batchPath(calls: readonly { procedure: string; input: unknown }[]): string {
  const inputs = Object.fromEntries(calls.map((call, index) => [String(index), call.input]));
  const procedures = calls.map((call) => call.procedure).join(',');
  return `/api/trpc/${procedures}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
}

/**
 * The data of one item of a tRPC answer, or undefined for an error item (a locked week, a refusal).
 */
export function itemData(item: unknown): unknown {
  if (!item || typeof item !== 'object' || 'error' in item) return undefined;
  return (item as { result?: { data?: unknown } }).result?.data;
}

/**
 * Whose answers to a week may be kept, from its `partners.weekShare` answer: with private answers
 * on and the week not yet revealed, only this sign-in's own partner (the other's are sealed,
 * docs/product.md#sealed-answers); both otherwise. Nothing for an answer of another shape.
 */
export function readablePartners(share: unknown): { partners: Partner[]; sealed: boolean } {
  const { privateAnswers, revealed, you } = (share ?? {}) as {
    privateAnswers?: unknown;
    revealed?: unknown;
    you?: unknown;
  };
  if (typeof privateAnswers !== 'boolean' || typeof revealed !== 'boolean') return { partners: [], sealed: true };
  const sealed = privateAnswers && !revealed;
  if (!sealed) return { partners: [...PARTNERS], sealed };
  return { partners: PARTNERS.filter((partner) => partner === you), sealed };
}
