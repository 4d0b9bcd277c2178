/// <reference lib="webworker" />
/*
 * The service worker (decisions 0265 and 0266), built by vite-plugin-pwa's injectManifest from this
 * file into dist/web/sw.js, served from the site root so its scope is the whole site.
 *
 * - The build's JS, CSS and icons are precached by revision (Workbox precaching): the couple's app
 *   shell opens with no network. The admin area's chunks are left out (vite.config.ts).
 * - The couple's page frame (/dashboard) is network-first: online it is always the current build's
 *   HTML; offline the last one is shown, kept only while the precache still holds every chunk it
 *   names, so old HTML never runs with new chunks (or the reverse).
 * - The couple's own data for offline reading: only the tRPC queries named in OFFLINE_PROCEDURES
 *   and the weeks' PDFs, only successful answers, only for the couple whose session filled the
 *   cache (offline-data.ts). A sealed partner's answers are refused by the server (403), so they
 *   can never be stored. The page empties the cache on every sign-in and sign-out.
 * - A new build installs in the background and waits; the next page load tells it to take over
 *   (SKIP_WAITING), or it takes over once no page uses the old one; either way it leaves a note the
 *   page reads to say "updated" (src/web/features/offline/service-worker.ts).
 * - Push reminders (decision 0271): a push shows its notification; a click on it opens or focuses
 *   the page it names (push.ts).
 */
import { cleanupOutdatedCaches, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching';
import {
  type BatchCall,
  batchPath,
  DATA_CACHE,
  itemData,
  keepableItems,
  META_CACHE,
  OFFLINE_PAGES,
  OFFLINE_PROCEDURES,
  offlineAnswer,
  OWNER_KEY,
  PAGES_CACHE,
  PDF_PATH,
  readablePartners,
  sessionOwner,
  trpcCalls,
  UPDATE_PENDING_KEY,
  UPDATED_KEY,
} from './offline-data';
import { frameLanguage, isPersonalFrame } from '../../shared/onboarding-page';
import { registerPushHandlers } from './push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerPushHandlers(self);

/** How long a page frame waits for the network before the kept one is shown. */
const PAGE_NETWORK_TIMEOUT_MS = 4000;

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; weeks?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'KEEP_PAGE' && typeof (data as { path?: unknown }).path === 'string') {
    const path = (data as { path: string }).path;
    if (OFFLINE_PAGES.has(path)) event.waitUntil(keepPage(path));
  }
  if (data?.type === 'KEEP_WEEKS' && Array.isArray(data.weeks)) {
    event.waitUntil(keepWeeks(data.weeks.filter((week): week is number => Number.isInteger(week))));
  }
});

// A worker installed while another was active is an update: noted now, announced once it takes over.
self.addEventListener('install', (event) => {
  if (self.registration.active) {
    event.waitUntil(caches.open(META_CACHE).then((meta) => meta.put(UPDATE_PENDING_KEY, new Response('1'))));
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // The note comes before the claim, so the page that sees the new controller finds it.
      const meta = await caches.open(META_CACHE);
      if (await meta.delete(UPDATE_PENDING_KEY)) await meta.put(UPDATED_KEY, new Response(String(Date.now())));
      await Promise.all([self.clients.claim(), dropPagesOfOtherBuilds()]);
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The admin area and its API are never kept: not even looked at.
  if (url.pathname.startsWith('/admin') || url.pathname.startsWith('/api/admin')) return;
  if (request.mode === 'navigate') {
    if (OFFLINE_PAGES.has(url.pathname)) event.respondWith(pageFrame(request, url));
    return;
  }
  const calls = trpcCalls(url);
  if (calls) {
    if (calls.some((call) => OFFLINE_PROCEDURES.has(call.procedure))) {
      event.respondWith(fromAdminPage(event).then((admin) => (admin ? fetch(request) : query(request, url, calls))));
    }
    return;
  }
  if (PDF_PATH.test(url.pathname)) event.respondWith(pdf(request, url));
});

/** Whether the request comes from a page of the admin area (whose answers are never kept). */
async function fromAdminPage(event: FetchEvent): Promise<boolean> {
  const client = event.clientId ? await self.clients.get(event.clientId) : undefined;
  return client ? new URL(client.url).pathname.startsWith('/admin') : false;
}

/** A couple page's frame: the network's, kept; the kept one when the network fails or is slow. */
async function pageFrame(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(PAGES_CACHE);
  const network = fetch(request).then(async (response) => {
    if (response.status === 200) await keepFrame(cache, url.pathname, response.clone());
    return response;
  });
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), PAGE_NETWORK_TIMEOUT_MS));
  try {
    const first = await Promise.race([network, timeout]);
    if (first) return first;
    return (await cache.match(url.pathname, { ignoreVary: true })) ?? (await network);
  } catch (error) {
    const kept = await cache.match(url.pathname, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

/**
 * Keeps a page frame, only when every script and stylesheet it names is in this worker's precache
 * (a frame of this build): a newer build's frame fetched while this worker still runs is not kept
 * in place of the one that matches the chunks it holds.
 */
async function keepFrame(cache: Cache, path: string, response: Response): Promise<void> {
  const html = await response.clone().text();
  if (!isThisBuild(html)) return;
  if (isPersonalFrame(html)) {
    // A couple's page greets them and carries their profile (decisions 0273, 0279): the frame kept
    // for offline is the one everybody gets, asked without cookies, in the same language, once per
    // build (a kept frame is of this build: dropPagesOfOtherBuilds), so a navigation waits for that
    // second request only the first time.
    if (!(await cache.match(path, { ignoreVary: true }))) await keepAnonymousFrame(cache, path, frameLanguage(html));
    return;
  }
  await cache.put(path, response);
}

async function keepAnonymousFrame(cache: Cache, path: string, language: string): Promise<void> {
  const response = await fetch(path, { credentials: 'omit', headers: { 'Accept-Language': language } });
  if (response.status !== 200) return;
  const html = await response.clone().text();
  if (isThisBuild(html) && !isPersonalFrame(html)) await cache.put(path, response);
}

async function keepPage(path: string): Promise<void> {
  try {
    const response = await fetch(path, { credentials: 'same-origin' });
    if (response.status === 200) await keepFrame(await caches.open(PAGES_CACHE), path, response);
  } catch {
    // Offline: kept on the next visit.
  }
}

/** Whether every script and stylesheet a page names is in this worker's precache. */
function isThisBuild(html: string): boolean {
  const assets = [...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((match) => match[0]);
  return assets.every((asset) => getCacheKeyForURL(asset) !== undefined);
}

/**
 * A tRPC query batch: from the network, keeping the named procedures' successful answers; offline,
 * put together from what was kept (a call with nothing kept fails on its own).
 */
async function query(request: Request, url: URL, calls: BatchCall[]): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const answer = await keptAnswer(url, calls);
    if (answer) return answer;
    throw error;
  }
  await keep(calls, response.clone()).catch(() => undefined);
  return response;
}

async function keep(calls: BatchCall[], response: Response): Promise<void> {
  if (!response.headers.get('content-type')?.includes('application/json')) return;
  await keepAnswer(calls, await response.json());
}

/** Keeps the keepable items of a parsed tRPC answer (`keep`). */
async function keepAnswer(calls: BatchCall[], answer: unknown): Promise<void> {
  const items = keepableItems(calls, answer);
  const cache = await caches.open(DATA_CACHE);
  // The session answer decides whose cache this is: another couple's, or nobody's, empties it.
  const sessionCall = calls.findIndex((call) => call.procedure === 'auth.session');
  if (sessionCall >= 0) {
    const item = Array.isArray(answer) ? answer[sessionCall] : answer;
    const owner = sessionOwner(calls[sessionCall]!, item);
    const kept = await cache.match(OWNER_KEY);
    const previous = kept ? Number(await kept.text()) : null;
    if (owner === null || owner !== previous) {
      await caches.delete(DATA_CACHE);
      if (owner === null) return;
      const fresh = await caches.open(DATA_CACHE);
      await fresh.put(OWNER_KEY, new Response(String(owner)));
      await putItems(fresh, items);
      return;
    }
  } else if (!(await cache.match(OWNER_KEY))) {
    // No session seen since the last sign-in or sign-out: nothing is kept.
    return;
  }
  await putItems(cache, items);
}

async function putItems(cache: Cache, items: { call: BatchCall; item: unknown }[]): Promise<void> {
  await Promise.all(
    items.map(({ call, item }) =>
      cache.put(call.key, new Response(JSON.stringify(item), { headers: { 'content-type': 'application/json' } })),
    ),
  );
}

async function keptAnswer(url: URL, calls: BatchCall[]): Promise<Response | undefined> {
  const cache = await caches.open(DATA_CACHE);
  if (!(await cache.match(OWNER_KEY))) return undefined;
  const kept = await Promise.all(
    calls.map(async (call) => {
      if (!OFFLINE_PROCEDURES.has(call.procedure)) return undefined;
      const match = await cache.match(call.key);
      return match ? ((await match.json()) as unknown) : undefined;
    }),
  );
  if (kept.every((item) => item === undefined)) return undefined;
  const { status, body } = offlineAnswer(calls, kept, url.searchParams.get('batch') === '1');
  return new Response(body, { status, headers: { 'content-type': 'application/json' } });
}

/** A week's PDF: the network's (kept for the signed-in couple); the kept one offline. */
async function pdf(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(DATA_CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 200 && (await cache.match(OWNER_KEY))) await cache.put(url.pathname, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(url.pathname);
    if (kept) return kept;
    throw error;
  }
}

/**
 * Keeps the weeks the page names (its current and next week) for offline reading, and the couple's
 * profile: each week's
 * content and share state, the answers this sign-in may read (readablePartners: never a sealed
 * partner's), its summary once revealed, and its PDF. Asked by the dashboard once it has settled
 * (keep-weeks-offline.tsx); done here so the page's main thread never reads two weeks of JSON.
 */
async function keepWeeks(weeks: number[]): Promise<void> {
  const cache = await caches.open(DATA_CACHE);
  if (!(await cache.match(OWNER_KEY))) return;
  // The couple's names too: a dashboard opened as a page reads them from its HTML (decision 0279)
  // and never asks profile.get, which the page opened offline needs. Asked on each visit: fresh.
  await fetchAndKeep([{ procedure: 'profile.get', input: undefined }]).catch(() => undefined);
  const kept = weeks.filter((week) => PDF_PATH.test(`/api/download-framework/${week}`)).slice(0, 2);
  for (const weekNumber of kept) {
    try {
      const [share] = await fetchAndKeep([
        { procedure: 'partners.weekShare', input: { weekNumber } },
        { procedure: 'workbook.content', input: { weekNumber } },
      ]);
      const { partners, sealed } = readablePartners(itemData(share));
      const reads: { procedure: string; input: unknown }[] = partners.map((partner) => ({
        procedure: 'workbook.answers',
        input: { weekNumber, partner },
      }));
      if (!sealed) reads.push({ procedure: 'workbook.summary', input: { weekNumber } });
      if (reads.length > 0) await fetchAndKeep(reads);
    } catch {
      // A lost connection: kept on the next visit.
    }
  }
  await keepPdfs(kept);
}

/** Asks a tRPC query batch the way the page would, keeps what may be kept, answers its items. */
async function fetchAndKeep(reads: { procedure: string; input: unknown }[]): Promise<unknown[]> {
  const url = new URL(batchPath(reads), self.location.origin);
  const calls = trpcCalls(url);
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!calls || !response.headers.get('content-type')?.includes('application/json')) return [];
  const answer: unknown = await response.json();
  await keepAnswer(calls, answer);
  return Array.isArray(answer) ? answer : [];
}

/** Fetches and keeps the PDFs of the given weeks that are not kept yet. */
async function keepPdfs(weeks: number[]): Promise<void> {
  const cache = await caches.open(DATA_CACHE);
  for (const week of weeks) {
    const path = `/api/download-framework/${week}`;
    if (await cache.match(path)) continue;
    try {
      const response = await fetch(path, { credentials: 'same-origin' });
      if (response.status === 200) await cache.put(path, response);
    } catch {
      // Offline or refused: tried again on the next visit.
    }
  }
}

/**
 * Drops kept page frames that name a script or stylesheet the precache no longer holds (a frame of
 * an older build): offline, a frame only ever runs with the chunks it was built with.
 */
async function dropPagesOfOtherBuilds(): Promise<void> {
  const cache = await caches.open(PAGES_CACHE);
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!isThisBuild(response ? await response.text() : '')) await cache.delete(request);
  }
}
