import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nowIso } from '../../db/client';
import { ConfigError, loadConfig } from '../../platform/config';
import { callerFor, createCouple, createTestApp, sessionCookie, type TestApp } from '../../test/harness';
import { startWebPushDouble, type WebPushDouble } from '../../test/web-push-double';
import { isAllowedPushEndpoint, PUSH_SERVICE_MESSAGE } from './endpoints';
import * as repo from './repo';
import { queueWeeklyReminderPush } from './service';
import { PushWorker } from './worker';

/*
 * Decision 0317: the server sends pushes only to browser push services. A security review
 * reproduced a blind SSRF: `push.subscribe` took any https:// endpoint (the cloud's metadata
 * service, 127.0.0.1:6443, 10.x), the push worker POSTed to it from the server, and a 404/410
 * removed the device, so `push.devices` told the couple how each internal address answered.
 */
let t: TestApp;
let push: WebPushDouble;
beforeAll(async () => {
  push = await startWebPushDouble();
  // No PUSH_SERVICE_ORIGINS: as in production.
  t = await createTestApp({ PUBLIC_URL: 'https://vows.example.com' });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const INTERNAL = [
  'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'https://127.0.0.1:6443/api/v1/namespaces',
  'https://10.0.0.5/internal-admin',
  'https://localhost/admin',
  'https://[::1]/admin',
  // A push service's name on another port, or as part of another host's name.
  'https://fcm.googleapis.com:8443/fcm/send/x',
  'https://fcm.googleapis.com.attacker.example/fcm/send/x',
  'https://notify.windows.com.attacker.example/w/x',
  'https://evilpush.apple.com.example/x',
];

async function signedIn() {
  const couple = await createCouple(t.deps);
  return { ...couple, caller: await callerFor(t, await sessionCookie(t.deps, couple.accountId)) };
}

describe('push endpoints', () => {
  it('are refused at subscription unless they are a browser push service’s (400, nothing stored)', async () => {
    const robin = await signedIn();
    for (const endpoint of [...INTERNAL, push.newSubscription().endpoint.replace('http:', 'https:')]) {
      const device = push.newSubscription();
      await expect(
        robin.caller.push.subscribe({ subscription: { ...device, endpoint }, deviceLabel: 'attacker' }),
        endpoint,
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: PUSH_SERVICE_MESSAGE });
    }
    expect(await robin.caller.push.devices()).toEqual([]);

    // The services browsers subscribe with.
    const services = [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://push.services.mozilla.com/wpush/v1/gAAAA',
      'https://web.push.apple.com/QGx1',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ];
    for (const endpoint of services) {
      await robin.caller.push.subscribe({
        subscription: { ...push.newSubscription(), endpoint },
        deviceLabel: 'Phone',
      });
    }
    expect((await robin.caller.push.devices()).map((device) => device.endpoint).sort()).toEqual([...services].sort());
  });

  it('are never sent to when saved before the rule: the device is removed without a request', async () => {
    const robin = await signedIn();
    for (const endpoint of INTERNAL.slice(0, 3)) {
      const device = push.newSubscription();
      await repo.upsertSubscription(t.deps.db, {
        accountId: robin.accountId,
        endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
        label: 'attacker',
        now: nowIso(),
      });
    }
    // The local push service too, while PUSH_SERVICE_ORIGINS does not name it.
    const local = push.newSubscription();
    await repo.upsertSubscription(t.deps.db, {
      accountId: robin.accountId,
      endpoint: local.endpoint,
      p256dh: local.keys.p256dh,
      auth: local.keys.auth,
      label: 'local',
      now: nowIso(),
    });
    expect(await robin.caller.push.devices()).toHaveLength(4);

    await queueWeeklyReminderPush(t.deps.db, { coupleId: robin.coupleId, weekNumber: 1, weekTitle: () => 'W' });
    const seen: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      seen.push(String(input instanceof Request ? input.url : input));
      return new Response(null, { status: 410 });
    });
    try {
      // The real web-push transport.
      expect(await new PushWorker(t.deps).runOnce()).toMatchObject({ delivered: 0, removed: 4 });
    } finally {
      spy.mockRestore();
    }
    expect(seen).toEqual([]);
    expect(push.received).toEqual([]);
    expect(await robin.caller.push.devices()).toEqual([]);
    expect(await t.deps.db.selectFrom('push_messages').select('id').execute()).toEqual([]);
  });
});

describe('PUSH_SERVICE_ORIGINS', () => {
  it('adds exact origins (the tests’ local push service), and refuses anything but origins', () => {
    const { extraOrigins } = loadConfig({ PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:8790, https://push.test:8443' }).push;
    expect(extraOrigins).toEqual(['http://127.0.0.1:8790', 'https://push.test:8443']);
    expect(loadConfig({}).push.extraOrigins).toEqual([]);
    expect(isAllowedPushEndpoint('http://127.0.0.1:8790/push/abc', extraOrigins)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:8791/push/abc', extraOrigins)).toBe(false);
    expect(isAllowedPushEndpoint('https://127.0.0.1:8790/push/abc', extraOrigins)).toBe(false);
    expect(isAllowedPushEndpoint('http://user:pw@127.0.0.1:8790/push/abc', extraOrigins)).toBe(false);
    for (const bad of ['127.0.0.1:8790', 'http://127.0.0.1:8790/push', 'ftp://127.0.0.1']) {
      expect(() => loadConfig({ PUSH_SERVICE_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:8790/push' })).toThrow(
      /PUSH_SERVICE_ORIGINS: must be origins/,
    );
  });
});
