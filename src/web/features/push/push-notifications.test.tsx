import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { dropFocusFromDisabledControls } from '../../test/focus-fixup';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { PushNotifications } from './push-notifications';
import { base64urlToBytes, describeDevice } from './push-support';

const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const KEYS = { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) };

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/**
 * A browser with push support: a PushManager whose subscribe() makes `endpoint`, the permission
 * answer given (`permission`), and the permission as the page opens (`permissionNow`, default).
 */
function stubPushBrowser(
  options: {
    permission?: NotificationPermission;
    permissionNow?: NotificationPermission;
    subscribed?: string;
    subscribeFails?: DOMException;
  } = {},
) {
  let subscription: { endpoint: string } | null = null;
  const makeSubscription = (endpoint: string) => ({
    endpoint,
    options: { applicationServerKey: base64urlToBytes(PUBLIC_KEY).buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
  });
  if (options.subscribed) subscription = makeSubscription(options.subscribed);
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      if (options.subscribeFails) throw options.subscribeFails;
      subscription = makeSubscription('https://push.example.net/send/new');
      return subscription;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(window, 'PushManager', { value: class {}, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    configurable: true,
  });
  const requestPermission = vi.fn(async () => options.permission ?? 'granted');
  vi.stubGlobal('Notification', { permission: options.permissionNow ?? 'default', requestPermission });
  return { pushManager, requestPermission };
}

describe('PushNotifications (Profile)', () => {
  it('is not there without push support, and asks the server nothing', async () => {
    const server = stubTrpcFetch({});
    renderRoute(PushNotifications);
    // The route renders (its page is there), and the panel is not.
    await waitFor(() => expect(document.body.querySelector('[data-mantine-color-scheme], main, div')).not.toBeNull());
    expect(screen.queryByRole('heading', { name: 'Reminders on this device' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
    expect(server.calls.filter((call) => call.path.startsWith('push.'))).toEqual([]);
  });

  it('is shown with push support', async () => {
    stubPushBrowser();
    stubTrpcFetch({ 'push.devices': () => ({ data: [] }) });
    renderRoute(PushNotifications);
    expect(await screen.findByRole('heading', { name: 'Reminders on this device' })).toBeInTheDocument();
  });

  it('asks for nothing on load, then on a click asks the browser, subscribes with the server key and saves it', async () => {
    const browser = stubPushBrowser();
    const devices: unknown[] = [];
    const server = stubTrpcFetch({
      'push.devices': () => ({ data: devices }),
      'push.publicKey': () => ({ data: { publicKey: PUBLIC_KEY } }),
      'push.subscribe': (input) => {
        const saved = {
          id: 1,
          label: (input as { deviceLabel: string }).deviceLabel,
          endpoint: 'https://push.example.net/send/new',
          createdAt: '2026-11-24T10:00:00.000Z',
        };
        devices.push(saved);
        return { data: saved };
      },
    });
    const user = userEvent.setup();
    renderRoute(PushNotifications);
    expect(await screen.findByText(/No device gets notifications yet/)).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(
      await screen.findByText('Notifications are on for this device.', { selector: '[role=status]' }),
    ).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [subscribeOptions] = browser.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(subscribeOptions.userVisibleOnly).toBe(true);
    expect(subscribeOptions.applicationServerKey).toEqual(base64urlToBytes(PUBLIC_KEY));
    expect(server.calls.find((call) => call.path === 'push.subscribe')?.input).toEqual({
      subscription: { endpoint: 'https://push.example.net/send/new', expirationTime: null, keys: KEYS },
      deviceLabel: expect.any(String),
    });
    const list = screen.getByRole('list');
    expect(within(list).getByText(/this device/)).toBeInTheDocument();
  });

  it('says how to unblock notifications when the browser refuses, and saves nothing', async () => {
    const browser = stubPushBrowser({ permission: 'denied' });
    const server = stubTrpcFetch({ 'push.devices': () => ({ data: [] }) });
    const user = userEvent.setup();
    renderRoute(PushNotifications);
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    // In answer to Turn on: an alert, read out as it appears.
    expect(await screen.findByRole('alert')).toHaveTextContent(/blocked for this site/);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.calls.map((call) => call.path)).not.toContain('push.subscribe');
  });

  // QA walk: Mantine's Alert is role=alert unless told, so a screen reader read the advice out as
  // Profile opened, as if something had just gone wrong.
  it('says notifications are blocked in a note when they were blocked before the page opened', async () => {
    stubPushBrowser({ permissionNow: 'denied', permission: 'denied' });
    stubTrpcFetch({ 'push.devices': () => ({ data: [] }) });
    renderRoute(PushNotifications);
    expect(await screen.findByRole('note')).toHaveTextContent(/blocked for this site/);
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  // QA walk: in a browser with the Push API but no push service, the failure said "try again".
  it.each([
    ['en', 'This browser can’t receive notifications here: it has no push service it can use', /try again/i],
    ['es', 'Este navegador no puede recibir notificaciones aquí: no tiene un servicio', /inténtalo de nuevo/i],
  ] as const)(
    'says the browser cannot receive notifications when it cannot subscribe, and stops offering it (%s)',
    async (locale, says, never) => {
      i18n.activate(locale);
      const browser = stubPushBrowser({
        subscribeFails: new DOMException('Registration failed - permission denied', 'AbortError'),
      });
      const server = stubTrpcFetch({
        'push.devices': () => ({ data: [] }),
        'push.publicKey': () => ({ data: { publicKey: PUBLIC_KEY } }),
      });
      const user = userEvent.setup();
      renderRoute(PushNotifications);
      const turnOn = locale === 'en' ? 'Turn on notifications' : 'Activar notificaciones';
      await user.click(await screen.findByRole('button', { name: turnOn }));
      expect(await screen.findByText(new RegExp(`^${says}`))).toBeInTheDocument();
      expect(browser.pushManager.subscribe).toHaveBeenCalled();
      expect(document.body.textContent).not.toMatch(never);
      expect(screen.queryByRole('button', { name: turnOn })).toBeNull();
      expect(server.calls.map((call) => call.path)).not.toContain('push.subscribe');
    },
  );

  // QA walk (issue 35): the button is disabled while the browser asks and the request runs, and the
  // browser dropped the keyboard focus to the top of the page.
  it('keeps the focus on Turn on when it fails, and moves it to Turn off once it works', async () => {
    stubPushBrowser();
    const devices: unknown[] = [];
    const server = stubTrpcFetch({
      'push.devices': () => ({ data: devices }),
      'push.publicKey': () => ({ data: { publicKey: PUBLIC_KEY } }),
      'push.subscribe': () => ({ error: { message: 'Something went wrong.', httpStatus: 500 } }),
    });
    dropFocusFromDisabledControls();
    const user = userEvent.setup({ delay: null });
    renderRoute(PushNotifications);
    const turnOn = await screen.findByRole('button', { name: 'Turn on notifications' });
    turnOn.focus();
    await user.keyboard('{Enter}');
    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await notifications.findByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(turnOn));

    server.on('push.subscribe', () => {
      const saved = {
        id: 1,
        label: 'This browser',
        endpoint: 'https://push.example.net/send/new',
        createdAt: '2026-11-24T10:00:00.000Z',
      };
      devices.push(saved);
      return { data: saved };
    });
    await user.keyboard('{Enter}');
    const turnOff = await screen.findByRole('button', { name: 'Turn off on this device' });
    await waitFor(() => expect(document.activeElement).toBe(turnOff));
  });

  it('turns this device off on the server and in the browser', async () => {
    const endpoint = 'https://push.example.net/send/mine';
    const browser = stubPushBrowser({ subscribed: endpoint });
    let devices = [{ id: 7, label: 'Chrome on Android', endpoint, createdAt: '2026-11-20T10:00:00.000Z' }];
    const server = stubTrpcFetch({
      'push.devices': () => ({ data: devices }),
      'push.unsubscribe': () => {
        devices = [];
        return { data: { removed: true } };
      },
    });
    const user = userEvent.setup();
    renderRoute(PushNotifications);
    await user.click(await screen.findByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === 'push.unsubscribe')?.input).toEqual({ deviceId: 7 });
    await waitFor(async () => expect(await browser.pushManager.getSubscription()).toBeNull());
  });
});

describe('describeDevice', () => {
  it('names common browsers and systems', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iPhone' });
    expect(describeDevice('curl/8')).toBeNull();
  });
});
