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
