import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_ICON, readPush, registerPushHandlers, sameSitePath } from './push';

const ORIGIN = 'https://vows.example.com';

type Listener = (event: unknown) => void;

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** The parts of a ServiceWorkerGlobalScope the handlers use, recording what they do. */
function fakeScope(windows: { url: string }[] = []) {
  const listeners = new Map<string, Listener>();
  const clients: FakeClient[] = windows.map(({ url }) => {
    const client: FakeClient = {
      url,
      focus: vi.fn(async () => client),
      navigate: vi.fn(async () => client),
    };
    return client;
  });
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async () => null),
    },
  };
  registerPushHandlers(scope as unknown as ServiceWorkerGlobalScope);
  /** Dispatches an event and waits for what it handed to waitUntil. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    expect(waits).toHaveLength(1);
    await Promise.all(waits);
  }
  return { scope, clients, dispatch };
}

const pushData = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
});

describe('push handlers of the service worker', () => {
  it("show the server's notification: title, body, tag, and the page to open", async () => {
    const { scope, dispatch } = fakeScope();
    await dispatch('push', {
      data: pushData({
        title: 'Week 3 is waiting for you',
        body: '“Money” is open whenever the two of you are ready.',
        url: '/dashboard?tab=current&week=3',
        tag: 'weekly-reminder',
      }),
    });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Week 3 is waiting for you', {
      body: '“Money” is open whenever the two of you are ready.',
      tag: 'weekly-reminder',
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      data: { url: '/dashboard?tab=current&week=3' },
    });
  });

  it('still show a notification for a push it cannot read (browsers require one), opening the dashboard', async () => {
    for (const data of [null, pushData('not json {'), pushData({ title: 42, url: 'https://evil.example/' })]) {
      const { scope, dispatch } = fakeScope();
      await dispatch('push', { data: data === null ? null : { json: () => data.json() } });
      expect(scope.registration.showNotification).toHaveBeenCalledWith(
        'Vows & Weeks',
        expect.objectContaining({ body: '', data: { url: '/dashboard' } }),
      );
    }
  });

  it('on a click, focus the window already on that page', async () => {
    const { scope, clients, dispatch } = fakeScope([
      { url: `${ORIGIN}/dashboard` },
      { url: `${ORIGIN}/dashboard?tab=current&week=3` },
    ]);
    const close = vi.fn();
    await dispatch('notificationclick', { notification: { close, data: { url: '/dashboard?tab=current&week=3' } } });
    expect(close).toHaveBeenCalled();
    expect(clients[1]!.focus).toHaveBeenCalled();
    expect(clients[0]!.focus).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a click, bring an open window of the app forward and take it to the page', async () => {
    const { scope, clients, dispatch } = fakeScope([{ url: `${ORIGIN}/profile` }]);
    await dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: '/dashboard?week=4' } } });
    expect(clients[0]!.focus).toHaveBeenCalled();
    expect(clients[0]!.navigate).toHaveBeenCalledWith(`${ORIGIN}/dashboard?week=4`);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a click with no window open, open one, only ever on this site', async () => {
    const { scope, dispatch } = fakeScope();
    await dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: '//evil.example/x' } } });
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
  });
});

describe('sameSitePath', () => {
  it('keeps paths of this site and turns anything else into the dashboard', () => {
    expect(sameSitePath('/dashboard?tab=current&week=2#notes', ORIGIN)).toBe('/dashboard?tab=current&week=2#notes');
    for (const other of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', 42, undefined, '']) {
      expect(sameSitePath(other, ORIGIN)).toBe('/dashboard');
    }
  });

  it('reads a payload without its optional tag', () => {
    expect(readPush(pushData({ title: 'T', body: 'B', url: '/dashboard' }), ORIGIN)).toEqual({
      title: 'T',
      body: 'B',
      url: '/dashboard',
      tag: undefined,
    });
  });
});
