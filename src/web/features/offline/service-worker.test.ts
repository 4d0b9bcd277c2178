import { afterEach, describe, expect, it, vi } from 'vitest';
import { startServiceWorker } from './service-worker';

/** A navigator.serviceWorker whose register() answers `registered`. */
function stubContainer(registered: () => Promise<unknown>) {
  const container = { controller: null, addEventListener: vi.fn(), register: vi.fn(registered) };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return container;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('startServiceWorker', () => {
  it('registers /sw.js for the whole site, never served from the HTTP cache', async () => {
    const container = stubContainer(async () => ({ waiting: null }));
    await startServiceWorker();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('leaves the app as it is when the browser refuses the worker or gives no registration', async () => {
    stubContainer(async () => {
      throw new DOMException('Service workers are disabled', 'SecurityError');
    });
    await expect(startServiceWorker()).resolves.toBeUndefined();
    // Playwright's serviceWorkers: 'block' (and some privacy modes) answer with no registration.
    stubContainer(async () => undefined);
    await expect(startServiceWorker()).resolves.toBeUndefined();
  });
});

describe('a new build’s waiting worker', () => {
  function stubWithWaiting(waiting: { postMessage: ReturnType<typeof vi.fn> }) {
    const container = {
      controller: {},
      addEventListener: vi.fn(),
      register: vi.fn(async () => ({ waiting })),
    };
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    vi.stubGlobal('caches', { open: async () => ({ delete: async () => false, match: async () => undefined }) });
  }
  afterEach(() => vi.unstubAllGlobals());

  it('takes over when it was already waiting as the page began loading (found on an earlier visit)', async () => {
    const waiting = { postMessage: vi.fn() };
    stubWithWaiting(waiting);
    await startServiceWorker(Promise.resolve(waiting as unknown as ServiceWorker));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('waits for the next visit when it installed during this one (this page is the older build)', async () => {
    const waiting = { postMessage: vi.fn() };
    stubWithWaiting(waiting);
    await startServiceWorker(Promise.resolve(null));
    expect(waiting.postMessage).not.toHaveBeenCalled();
    await startServiceWorker(Promise.resolve({ postMessage: vi.fn() } as unknown as ServiceWorker));
    expect(waiting.postMessage).not.toHaveBeenCalled();
  });
});
