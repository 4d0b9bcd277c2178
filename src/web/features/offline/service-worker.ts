import { languageReady, translate } from '../../i18n/i18n';
import { META_CACHE, OFFLINE_PAGES, PAGES_CACHE, UPDATED_KEY } from '../../sw/offline-data';

/**
 * Registers the service worker (src/web/sw/sw.ts) and handles a new build's worker (decision 0265).
 * Loaded on demand once the page is interactive (main.tsx), never for the landing page or the admin
 * area.
 *
 * Updates: the browser checks /sw.js on each visit (it is never cached, src/server/http/pages.ts).
 * A new build's worker installs in the background and waits; the next page load, whose HTML and
 * chunks came from the network (the frame is network-first), tells it to take over (or the browser
 * already has, when no page used the old one). The new worker leaves a note when it takes over, and
 * the first page to find it says "updated". An open page is never switched to another build's
 * worker mid-visit: only a worker that was already waiting when this page began loading
 * (`waitingAtStart`, read by main.tsx before the page's own scripts ran) is told to take over; one
 * that installs during the visit waits for the next.
 */
export async function startServiceWorker(
  waitingAtStart: Promise<ServiceWorker | null> = Promise.resolve(null),
): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    void announceUpdate();
    void keepThisPage();
  });
  // A browser (or a test) may refuse service workers: the app then works online as it always has.
  const registration = await container
    .register('/sw.js', { scope: '/', updateViaCache: 'none' })
    .catch(() => undefined);
  if (!registration) return;
  // A worker of a new build found on an earlier visit: this page is already that build's.
  const waiting = registration.waiting;
  if (waiting && hadController && waiting === (await waitingAtStart)) waiting.postMessage({ type: 'SKIP_WAITING' });
  if (hadController) {
    void announceUpdate();
    void keepThisPage();
  }
}

/** Asks the worker to keep this page's frame for offline use when it does not hold it yet. */
async function keepThisPage(): Promise<void> {
  const path = window.location.pathname;
  const controller = navigator.serviceWorker.controller;
  if (!controller || !OFFLINE_PAGES.has(path)) return;
  const cache = await caches.open(PAGES_CACHE);
  if (!(await cache.match(path, { ignoreVary: true, ignoreSearch: true })))
    controller.postMessage({ type: 'KEEP_PAGE', path });
}

/**
 * The "updated" notice, once, when the worker of a new build has left its note; the notifications
 * code is loaded only when there is one to show.
 */
async function announceUpdate(): Promise<void> {
  // The worker may take over before the router has activated the page's language: the note is
  // taken only once the notice can be said.
  await languageReady();
  const meta = await caches.open(META_CACHE);
  if (!(await meta.delete(UPDATED_KEY))) return;
  const { notify } = await import('../../components/notifications');
  notify.success(translate('offline.updated.title'), translate('offline.updated.text'));
}
