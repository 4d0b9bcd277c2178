import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/client';
import {
  callerFor,
  createCouple,
  createTestApp,
  makeTempDir,
  restartTestApp,
  sessionCookie,
  type TestApp,
} from '../../test/harness';
import { startWebPushDouble, type TestSubscription, type WebPushDouble } from '../../test/web-push-double';
import { loadConfig, ConfigError } from '../../platform/config';
import { FakeClock } from '../mail/test-support';
import { REMINDER_AFTER_MS, ReminderScheduler } from '../mail/reminders';
import { bundledContentLibrary } from '../workbook/content-library';
import * as repo from './repo';
import { generateVapidKeys, loadVapidKeys, VAPID_KEYS_FILE } from './vapid-keys';
import { PushWorker } from './worker';

let t: TestApp;
let push: WebPushDouble;

/** A local port nothing listens on: a push service that cannot be reached. */
const UNREACHABLE = 'http://127.0.0.1:9';

/** The app's environment: the local push services are ones the server may send to (decision 0317). */
const testEnv = () => ({
  PUBLIC_URL: 'https://vows.example.com',
  PUSH_SERVICE_ORIGINS: `${push.origin},${UNREACHABLE}`,
});

beforeAll(async () => {
  push = await startWebPushDouble();
  t = await createTestApp(testEnv());
});

afterAll(async () => {
  await t?.close();
  await push?.close();
});

/** A subscription as Chrome would make it, on FCM's address (which the test never calls). */
function browserSubscription(id = Math.random().toString(36).slice(2)) {
  const device = push.newSubscription();
  return { ...device, endpoint: `https://fcm.googleapis.com/fcm/send/${id}` };
}

async function signedIn(options: Parameters<typeof createCouple>[1] = {}) {
  const couple = await createCouple(t.deps, options);
  const cookie = await sessionCookie(t.deps, couple.accountId);
  return { ...couple, cookie, caller: await callerFor(t, cookie) };
}

function trpcPost(procedure: string, input: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/trpc/${procedure}`,
    payload: input as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });
}

const messageOf = (res: { json(): unknown }) => (res.json() as { error: { message: string } }).error.message;

describe('push subscriptions', () => {
  it('give the browser the VAPID public key, kept in DATA_DIR (0600) across restarts', async () => {
    const robin = await signedIn();
    const { publicKey } = await robin.caller.push.publicKey();
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const file = path.join(t.config.dataDir, VAPID_KEYS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ publicKey });
    t = await restartTestApp(t, testEnv());
    expect((await (await callerFor(t, robin.cookie)).push.publicKey()).publicKey).toBe(publicKey);
  });

  it('save a device for the signed-in person, list only their own, and let only them turn it off', async () => {
    const robin = await signedIn();
    const other = await signedIn();
    const subscription = browserSubscription();
    const device = await robin.caller.push.subscribe({ subscription, deviceLabel: 'Chrome on Android' });
    expect(device).toMatchObject({ label: 'Chrome on Android', endpoint: subscription.endpoint });
    // The same browser again (new keys) replaces its row rather than adding one.
    const again = browserSubscription();
    await robin.caller.push.subscribe({
      subscription: { ...again, endpoint: subscription.endpoint },
      deviceLabel: 'Chrome on Android',
    });
    expect(await robin.caller.push.devices()).toEqual([
      expect.objectContaining({ id: device.id, label: 'Chrome on Android' }),
    ]);
    expect(await other.caller.push.devices()).toEqual([]);

    await expect(other.caller.push.unsubscribe({ deviceId: device.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await robin.caller.push.devices()).toHaveLength(1);
    expect(await robin.caller.push.unsubscribe({ deviceId: device.id })).toEqual({ removed: true });
    expect(await robin.caller.push.devices()).toEqual([]);
    await expect(robin.caller.push.unsubscribe({ deviceId: device.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  /*
   * Decision 0325: subscribe upserted by endpoint, so whoever learned another device's push address
   * could register it under their own account with their own keys, and the device silently stopped
   * getting its owner's reminders.
   */
  it("move another sign-in's device only with the keys it was saved with; other keys get 409 and change nothing", async () => {
    const robin = await signedIn();
    const mallory = await signedIn();
    const subscription = browserSubscription();
    const device = await robin.caller.push.subscribe({ subscription, deviceLabel: 'Chrome on Android' });
    const stored = () =>
      t.deps.db
        .selectFrom('push_subscriptions')
        .select(['id', 'account_id', 'p256dh', 'auth', 'device_label'])
        .where('endpoint', '=', subscription.endpoint)
        .executeTakeFirstOrThrow();
    const before = await stored();

    // Someone else's keys on robin's push address: refused, whatever the label.
    const theirs = browserSubscription();
    const taken = await trpcPost(
      'push.subscribe',
      { subscription: { ...theirs, endpoint: subscription.endpoint }, deviceLabel: 'Firefox on Linux' },
      mallory.cookie,
    );
    expect(taken.statusCode).toBe(409);
    expect(messageOf(taken)).toBe('This push subscription is registered to another sign-in; nothing was changed.');
    // Only one of the two keys the same is still not the device's keys.
    const halfKeys = { ...subscription, keys: { ...subscription.keys, auth: theirs.keys.auth } };
    await expect(
      mallory.caller.push.subscribe({ subscription: halfKeys, deviceLabel: 'Firefox on Linux' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await stored()).toEqual(before);
    expect(await robin.caller.push.devices()).toEqual([expect.objectContaining({ id: device.id })]);
    expect(await mallory.caller.push.devices()).toEqual([]);

    // Another sign-in on the same browser sends the same subscription, keys and all: it moves.
    const casey = await signedIn();
    const moved = await casey.caller.push.subscribe({ subscription, deviceLabel: 'Chrome on Android' });
    expect(moved.id).toBe(device.id);
    expect(await robin.caller.push.devices()).toEqual([]);
    expect(await casey.caller.push.devices()).toEqual([expect.objectContaining({ id: device.id })]);
    // Its new owner may give it new keys, as any owner may.
    const renewed = browserSubscription();
    await casey.caller.push.subscribe({
      subscription: { ...renewed, endpoint: subscription.endpoint },
      deviceLabel: 'Chrome on Android',
    });
    expect(await stored()).toMatchObject({ account_id: casey.accountId, p256dh: renewed.keys.p256dh });
  });

  it('are for signed-in couples only', async () => {
    const res = await trpcPost('push.subscribe', { subscription: browserSubscription(), deviceLabel: 'Firefox' });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/trpc/push.devices' })).statusCode).toBe(401);
  });

  it('refuse a bad subscription object with a 400 that says what is wrong, and store nothing', async () => {
    const robin = await signedIn();
    const good = browserSubscription();
    const cases: [unknown, RegExp][] = [
      [{ ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, /https:\/\/ address of a push service/],
      [{ ...good, endpoint: 'not a url' }, /https:\/\/ address/],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 80) } }, /p256dh must be a P-256 public key/],
      [{ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, 86)}!` } }, /p256dh/],
      [{ ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } }, /auth must be 16 bytes/],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, /auth/],
      [{ endpoint: good.endpoint }, /keys/],
      ['just text', /expected object|Invalid/i],
    ];
    for (const [subscription, message] of cases) {
      const res = await trpcPost('push.subscribe', { subscription, deviceLabel: 'Safari on iPhone' }, robin.cookie);
      expect(res.statusCode, JSON.stringify(subscription)).toBe(400);
      expect(messageOf(res)).toMatch(message);
    }
    const noLabel = await trpcPost('push.subscribe', { subscription: good, deviceLabel: '  ' }, robin.cookie);
    expect(noLabel.statusCode).toBe(400);
    const bad = await trpcPost('push.unsubscribe', { deviceId: 'one' }, robin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(await robin.caller.push.devices()).toEqual([]);
  });

  it("are part of the couple's data export (labels and dates, never keys) and go with the account", async () => {
    const robin = await signedIn();
    const subscription = browserSubscription();
    await robin.caller.push.subscribe({ subscription, deviceLabel: 'Firefox on Linux' });
    const res = await t.app.inject({ url: '/api/our-data', headers: { cookie: robin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().pushDevices).toEqual([
      { label: 'Firefox on Linux', createdAt: expect.any(String), lastDeliveredAt: null },
    ]);
    expect(res.body).not.toContain(subscription.keys.auth);
    expect(res.body).not.toContain(subscription.endpoint);
    await t.deps.db.deleteFrom('couples').where('id', '=', robin.coupleId).execute();
    await t.deps.db.deleteFrom('accounts').where('id', '=', robin.accountId).execute();
    const left = await t.deps.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', subscription.endpoint)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('the push sender', () => {
  let clock: FakeClock;

  beforeEach(async () => {
    await t.deps.db.deleteFrom('couples').execute();
    await t.deps.db.deleteFrom('push_messages').execute();
    push.received.length = 0;
    push.refused.length = 0;
    // Ahead of the wall clock messages are queued by, so what was just queued is due.
    clock = new FakeClock(Date.now() + 60_000);
  });

  /** A device on the local push service, subscribed for `accountId` (its endpoint is http: saved directly). */
  async function deviceFor(accountId: number, label = 'Chrome on Android'): Promise<TestSubscription & { id: number }> {
    const subscription = push.newSubscription();
    const row = await repo.upsertSubscription(t.deps.db, {
      accountId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      label,
      now: nowIso(),
    });
    return { ...subscription, id: row!.id };
  }

  const send = () => new PushWorker(t.deps, { clock }).runOnce();
  const payloadsTo = (endpoint: string) =>
    push.received.filter((message) => message.endpoint === endpoint).map((message) => JSON.parse(message.plaintext));
  const titleOf = (week: number) => bundledContentLibrary().contentFor(week).title;

  it('sends the weekly reminder, signed and encrypted, to every device of the couple, each in its sign-in’s language', async () => {
    const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
    const phone = await deviceFor(couple.accountId);
    const spanish = await t.deps.db
      .insertInto('accounts')
      .values({
        role: 'couple',
        couple_id: couple.coupleId,
        email: `casey-${Date.now()}@example.com`,
        partner: 'partner2',
        locale: 'es',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const caseyPhone = await deviceFor(spanish.id, 'Safari on iPhone');
    const stranger = await createCouple(t.deps);
    const strangerPhone = await deviceFor(stranger.accountId);

    clock = new FakeClock(Date.now() + REMINDER_AFTER_MS + 60_000);
    await new ReminderScheduler(t.deps, { clock }).runOnce();
    // The stranger's week is due too; only the couple's pushes are checked here.
    expect(await send()).toMatchObject({ delivered: 3, retried: 0, removed: 0, dropped: 0 });

    expect(payloadsTo(phone.endpoint)).toEqual([
      {
        title: 'Week 1 is waiting for you',
        body: `“${titleOf(1)}” is open whenever the two of you are ready.`,
        url: '/dashboard?tab=current&week=1',
        tag: 'weekly-reminder',
      },
    ]);
    expect(payloadsTo(caseyPhone.endpoint)).toEqual([
      expect.objectContaining({ title: 'La semana 1 está lista para ustedes', url: '/dashboard?tab=current&week=1' }),
    ]);
    expect(payloadsTo(strangerPhone.endpoint)).toHaveLength(1);
    const [signed] = push.received;
    expect(signed?.vapidPublicKey).toBe(t.deps.vapid.publicKey);
    expect(signed?.claims.aud).toBe(push.origin);
    expect(signed?.claims.sub).toBe('https://vows.example.com');
    expect(signed?.headers).toMatchObject({ ttl: '86400', urgency: 'normal', topic: 'weekly-reminder' });
    // Delivered messages leave the outbox, and the device remembers when it last got one.
    expect(await t.deps.db.selectFrom('push_messages').select('id').execute()).toEqual([]);
    const noted = await t.deps.db
      .selectFrom('push_subscriptions')
      .select('last_delivered_at')
      .where('id', '=', phone.id)
      .executeTakeFirstOrThrow();
    expect(noted.last_delivered_at).not.toBeNull();
    expect(await send()).toMatchObject({ delivered: 0 });
  });

  it('tells the partner who shared first, on their own devices only, that the other has shared', async () => {
    const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
    await t.deps.db.updateTable('couples').set({ private_answers: 1 }).where('id', '=', couple.coupleId).execute();
    const bound = async (partner: 'partner1' | 'partner2') =>
      (
        await t.deps.db
          .insertInto('accounts')
          .values({
            role: 'couple',
            couple_id: couple.coupleId,
            email: `${partner}-${Date.now()}@example.com`,
            partner,
            created_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const robinId = await bound('partner1');
    const caseyId = await bound('partner2');
    const robinPhone = await deviceFor(robinId);
    const caseyPhone = await deviceFor(caseyId);
    const sharedDevice = await deviceFor(couple.accountId, 'The kitchen tablet');

    await (await callerFor(t, await sessionCookie(t.deps, robinId))).partners.shareWeek({ weekNumber: 1 });
    expect(await send()).toMatchObject({ delivered: 0 });
    await (await callerFor(t, await sessionCookie(t.deps, caseyId))).partners.shareWeek({ weekNumber: 1 });
    expect(await send()).toMatchObject({ delivered: 1 });
    expect(payloadsTo(robinPhone.endpoint)).toEqual([
      {
        title: 'Casey has shared week 1',
        body: 'You have both shared now: your answers for week 1 are open to each other.',
        url: '/dashboard?tab=current&week=1',
        tag: 'partner-shared-1',
      },
    ]);
    expect(payloadsTo(caseyPhone.endpoint)).toEqual([]);
    expect(payloadsTo(sharedDevice.endpoint)).toEqual([]);
  });

  it('removes a device whose push service answers 410 or 404, and its waiting messages', async () => {
    for (const status of [410, 404] as const) {
      const couple = await createCouple(t.deps);
      const phone = await deviceFor(couple.accountId);
      const laptop = await deviceFor(couple.accountId, 'Firefox on Windows');
      push.markGone(phone.endpoint, status);
      await t.deps.db.transaction().execute(async (trx) => {
        const { queueWeeklyReminderPush } = await import('./service');
        await queueWeeklyReminderPush(trx, { coupleId: couple.coupleId, weekNumber: 3, weekTitle: () => 'Money' });
        await queueWeeklyReminderPush(trx, { coupleId: couple.coupleId, weekNumber: 4, weekTitle: () => 'Family' });
      });
      const result = await send();
      expect(result).toMatchObject({ delivered: 2, removed: 1, dropped: 0 });
      const left = await t.deps.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('account_id', '=', couple.accountId)
        .execute();
      expect(left).toEqual([{ id: laptop.id }]);
      const waiting = await t.deps.db.selectFrom('push_messages').select('id').execute();
      expect(waiting).toEqual([]);
    }
  });

  it('retries a failing push service with growing waits, never throwing, and gives up after the last attempt', async () => {
    const couple = await createCouple(t.deps);
    const phone = await deviceFor(couple.accountId);
    push.answerWith(phone.endpoint, 503);
    await t.deps.db.transaction().execute(async (trx) => {
      const { queueWeeklyReminderPush } = await import('./service');
      await queueWeeklyReminderPush(trx, { coupleId: couple.coupleId, weekNumber: 2, weekTitle: () => 'Talk' });
    });
    const worker = new PushWorker(t.deps, { clock, maxAttempts: 3, firstRetryMs: 60_000 });
    expect(await worker.runOnce()).toMatchObject({ retried: 1 });
    // Not before its wait is over.
    clock.advance(59_000);
    expect(await worker.runOnce()).toMatchObject({ retried: 0, delivered: 0 });
    clock.advance(1_000);
    push.answerWith(phone.endpoint, null);
    expect(await worker.runOnce()).toMatchObject({ delivered: 1 });
    expect(payloadsTo(phone.endpoint)).toHaveLength(1);

    // A service that keeps failing: 1 min, then 2 min, then given up (logged), the device kept.
    push.answerWith(phone.endpoint, 500);
    await t.deps.db.transaction().execute(async (trx) => {
      const { queueWeeklyReminderPush } = await import('./service');
      await queueWeeklyReminderPush(trx, { coupleId: couple.coupleId, weekNumber: 3, weekTitle: () => 'Talk' });
    });
    const logged: string[] = [];
    const log = {
      info() {},
      warn: (_: object, m: string) => logged.push(m),
      error: (_: object, m: string) => logged.push(m),
    };
    const failing = new PushWorker(t.deps, { clock, maxAttempts: 3, firstRetryMs: 60_000, log });
    expect(await failing.runOnce()).toMatchObject({ retried: 1 });
    clock.advance(60_000);
    expect(await failing.runOnce()).toMatchObject({ retried: 1 });
    clock.advance(60_000);
    expect(await failing.runOnce()).toMatchObject({ retried: 0, dropped: 0 });
    clock.advance(60_000);
    expect(await failing.runOnce()).toMatchObject({ dropped: 1 });
    expect(logged).toEqual([
      'push not delivered: will retry',
      'push not delivered: will retry',
      'push not delivered: given up',
    ]);
    expect(await t.deps.db.selectFrom('push_messages').select('id').execute()).toEqual([]);
    expect(
      await t.deps.db.selectFrom('push_subscriptions').select('id').where('id', '=', phone.id).execute(),
    ).toHaveLength(1);
  });

  it('retries when the push service cannot be reached at all', async () => {
    const couple = await createCouple(t.deps);
    await repo.upsertSubscription(t.deps.db, {
      accountId: couple.accountId,
      endpoint: `${UNREACHABLE}/unreachable`,
      p256dh: push.newSubscription().keys.p256dh,
      auth: push.newSubscription().keys.auth,
      label: 'Old phone',
      now: nowIso(),
    });
    await t.deps.db.transaction().execute(async (trx) => {
      const { queueWeeklyReminderPush } = await import('./service');
      await queueWeeklyReminderPush(trx, { coupleId: couple.coupleId, weekNumber: 2, weekTitle: () => 'Talk' });
    });
    expect(await send()).toMatchObject({ retried: 1, delivered: 0 });
    const [row] = await t.deps.db.selectFrom('push_messages').select(['attempts', 'next_attempt_at']).execute();
    expect(row).toEqual({ attempts: 1, next_attempt_at: clock.now() + 60_000 });
  });
});

describe('VAPID keys from the environment', () => {
  it('take both variables or neither, and refuse a pair that does not belong together', async () => {
    const keys = generateVapidKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'nope', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be a P-256 public key/,
    );
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:seller@example.com' }).push.subject).toBe('mailto:seller@example.com');
    expect(loadConfig({}).push.subject).toMatch(/^mailto:no-reply@localhost$/);

    const env = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    const app = await createTestApp(env);
    try {
      expect(app.deps.vapid).toEqual(keys);
      expect(fs.existsSync(path.join(app.config.dataDir, VAPID_KEYS_FILE))).toBe(false);
    } finally {
      await app.close();
    }
    const other = generateVapidKeys();
    const dir = makeTempDir();
    try {
      await expect(
        loadVapidKeys(dir, { publicKey: keys.publicKey, privateKey: other.privateKey }, async () => {}),
      ).rejects.toThrow(/does not belong to the public key/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
