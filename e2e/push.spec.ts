import { createECDH, randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { registerCouple } from './support/auth';
import { namedCouple } from './support/couple';
import { expectNoAxeViolations } from './support/axe';

/**
 * Issue 36 part B: push reminders in Profile (opt-in per device, hidden without push support) and a
 * new buyer's first dashboard, whose welcome dialog comes with the page (decisions 0271 and 0273).
 * The service worker is not registered in this branch's build, so the browser's push side is mocked
 * (Notification permission, navigator.serviceWorker.ready and its PushManager).
 */

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const pushSection = (page: Page) => page.getByRole('region', { name: 'Reminders on this device' });

async function openProfile(page: Page) {
  await page.goto('/dashboard?tab=profile');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Your couple profile' })).toBeVisible();
}

/** A device's real keys (P-256 public key, 16-byte auth secret), as a browser's PushManager makes them. */
function newDevice() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    // FCM's address, as Chrome subscribes: only browser push services are accepted (decision 0317).
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/**
 * The browser's push side, mocked (no service worker is registered in this branch's build): the
 * permission prompt answers "granted" and counts its calls, navigator.serviceWorker.ready gives a
 * registration whose PushManager subscribes `device` and records the key it was given.
 */
async function mockPushBrowser(page: Page, device: ReturnType<typeof newDevice>) {
  await page.addInitScript((device) => {
    const state = window as unknown as { permissionAsked: number; subscribeKey: number[] | null };
    state.permissionAsked = 0;
    state.subscribeKey = null;
    let subscription: object | null = null;
    const pushManager = {
      getSubscription: async () => subscription,
      subscribe: async (options: { applicationServerKey: Uint8Array }) => {
        state.subscribeKey = [...new Uint8Array(options.applicationServerKey)];
        subscription = {
          endpoint: device.endpoint,
          options: { applicationServerKey: options.applicationServerKey.buffer },
          toJSON: () => ({ endpoint: device.endpoint, expirationTime: null, keys: device.keys }),
          unsubscribe: async () => {
            subscription = null;
            return true;
          },
        };
        return subscription;
      },
    };
    const registration = { pushManager };
    Object.defineProperty(ServiceWorkerContainer.prototype, 'ready', { get: () => Promise.resolve(registration) });
    ServiceWorkerContainer.prototype.getRegistration = async () => registration as never;
    Object.defineProperty(Notification, 'permission', { get: () => 'default' });
    Notification.requestPermission = async () => {
      state.permissionAsked += 1;
      return 'granted';
    };
  }, device);
}

test('the push option is not shown where the browser cannot receive push', async ({ page }) => {
  const errors = watchConsole(page);
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'PushManager');
  });
  await namedCouple(page);
  await openProfile(page);
  await expect(page.getByRole('switch', { name: /Weekly reminder emails/ })).toBeVisible();
  await expect(pushSection(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Turn on notifications' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('with push support, a click asks for permission and saves a valid subscription for this device', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const device = newDevice();
  await mockPushBrowser(page, device);
  await namedCouple(page);
  await openProfile(page);
  const section = pushSection(page);
  await expect(section).toBeVisible();
  await expect(section.getByText(/No device gets notifications yet/)).toBeVisible();
  // Never asked on load: only the click asks.
  expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(0);
  await expectNoAxeViolations(page, 'Profile with the push option');

  await section.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(section.getByRole('status')).toHaveText('Notifications are on for this device.');
  expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(1);

  // The browser subscribed with the server's VAPID key, and the server stored the subscription.
  const publicKey = await page.request.get('/api/trpc/push.publicKey');
  expect(publicKey.ok()).toBe(true);
  const key = (await publicKey.json()).result.data.publicKey as string;
  const usedKey = await page.evaluate(() => (window as unknown as { subscribeKey: number[] }).subscribeKey);
  expect(Buffer.from(usedKey).toString('base64url')).toBe(key);
  const devices = await page.request.get('/api/trpc/push.devices');
  const saved = (await devices.json()).result.data as { endpoint: string; label: string }[];
  expect(saved).toEqual([expect.objectContaining({ endpoint: device.endpoint, label: expect.stringMatching(/ on /) })]);
  await expect(section.getByRole('listitem')).toContainText('(this device)');

  // A tampered subscription is refused with a clear 400.
  const bad = await page.request.post('/api/trpc/push.subscribe', {
    data: { subscription: { ...device, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, deviceLabel: 'Bad' },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain('https:// address of a push service');
  // An address that is no browser push service (here a cloud's metadata service) is refused too.
  const internal = await page.request.post('/api/trpc/push.subscribe', {
    data: { subscription: { ...device, endpoint: 'https://169.254.169.254/latest/meta-data/' }, deviceLabel: 'Bad' },
  });
  expect(internal.status()).toBe(400);
  expect(await internal.text()).toContain('address of a browser push service');

  // Turned off again on this device.
  await section.getByRole('button', { name: 'Turn off on this device' }).click();
  await expect(section.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  await expect(section.getByText(/No device gets notifications yet/)).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the push option fits a 375 px screen, with targets of at least 24 px', async ({ page }) => {
    await mockPushBrowser(page, newDevice());
    await namedCouple(page);
    await openProfile(page);
    const section = pushSection(page);
    await expect(section.getByText(/No device gets notifications yet/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const button = await section.getByRole('button', { name: 'Turn on notifications' }).boundingBox();
    expect(button!.height).toBeGreaterThanOrEqual(24);
    expect(button!.x + button!.width).toBeLessThanOrEqual(375);
  });

  test("a new buyer's first dashboard arrives with its welcome dialog: no request stands between them", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await registerCouple(page);

    // The HTML itself holds the dialog and the profile the app needs for it.
    const html = await (await page.request.get('/dashboard')).text();
    expect(html).toContain('Welcome to your 52-week journey!');
    expect(html).toContain('id="vw-initial-profile"');

    // Every API request is held: the dialog still shows, from the page's HTML alone.
    const held: string[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/trpc/**', async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    });
    await page.goto('/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Welcome to your 52-week journey!' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Tell us who is taking this journey together.', { exact: false })).toBeVisible();

    // Once the session answers, the app's dialog is there and usable, and the profile was never asked for.
    release();
    const name = dialog.getByRole('textbox', { name: 'Your name' });
    await expect(name).toBeEnabled();
    await expect(name).toBeFocused();
    expect(held.join(',')).not.toContain('profile.get');
    await expect(dialog).toHaveCount(1);
    await expectNoAxeViolations(page, "a new buyer's first dashboard");
    expect(errors).toEqual([]);
  });
});
