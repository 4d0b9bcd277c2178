import type { Partner } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import type { Locale } from '../../../shared/i18n/locales';
import type { PushDevice, PushPayload, SubscribePushInput } from '../../../shared/push-schemas';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import type { CoupleAuth } from '../auth/access';
import { t } from '../i18n/translate';
import { isAllowedPushEndpoint, PUSH_SERVICE_MESSAGE } from './endpoints';
import * as repo from './repo';

/**
 * Push reminders (docs/operations.md#push-reminders, decisions 0270-0272): a person opts in per
 * device from Profile; the weekly reminder and "your partner has shared week N" are queued for
 * their devices in the same transaction as the email, and the push worker sends them.
 */

/** The key the browser subscribes with (PushManager.subscribe's applicationServerKey). */
export function pushPublicKey(deps: AppDeps): { publicKey: string } {
  return { publicKey: deps.vapid.publicKey };
}

export const PUSH_SUBSCRIPTION_TAKEN = 'This push subscription is registered to another sign-in; nothing was changed.';

/**
 * Saves this device's subscription for the signed-in person (the same device again replaces it).
 * Only an endpoint of a browser push service is saved (400 otherwise, decision 0317): the server
 * sends to it. An endpoint another sign-in registered moves to this one only with the keys it was
 * registered with, which only that browser holds (another sign-in on the same browser); with other
 * keys it is refused with 409 and nothing changes (decision 0325): whoever learns a device's push
 * address cannot take its reminders over with keys of their own.
 */
export async function subscribeDevice(deps: AppDeps, auth: CoupleAuth, input: SubscribePushInput): Promise<PushDevice> {
  if (!isAllowedPushEndpoint(input.subscription.endpoint, deps.config.push.extraOrigins)) {
    throw new AppError('BAD_REQUEST', PUSH_SERVICE_MESSAGE);
  }
  const saved = await repo.upsertSubscription(deps.db, {
    accountId: auth.accountId,
    endpoint: input.subscription.endpoint,
    p256dh: input.subscription.keys.p256dh,
    auth: input.subscription.keys.auth,
    label: input.deviceLabel,
    now: new Date().toISOString(),
  });
  if (!saved) throw new AppError('CONFLICT', PUSH_SUBSCRIPTION_TAKEN);
  return saved;
}

/** The signed-in person's devices (never the partner's: each sign-in opts in for itself). */
export async function listPushDevices(deps: AppDeps, auth: CoupleAuth): Promise<PushDevice[]> {
  return repo.listDevices(deps.db, auth.accountId);
}

/** Stops pushes to one of the signed-in person's devices; 404 for any other device. */
export async function unsubscribeDevice(deps: AppDeps, auth: CoupleAuth, deviceId: number): Promise<{ removed: true }> {
  if (!(await repo.deleteDevice(deps.db, auth.accountId, deviceId))) {
    throw new AppError('NOT_FOUND', 'No such device among yours: it may have been turned off already.');
  }
  return { removed: true };
}

export type PushKind = 'weekly-reminder' | 'partner-shared';

/**
 * Queues a notification for the devices of a couple's sign-ins (all of them, or those reaching one
 * `partner`), each written in its sign-in's language by `render`. Call it inside the transaction
 * of the change it tells about: the message exists exactly when the change does.
 */
export async function queuePush(
  db: DB,
  message: {
    coupleId: number;
    partner?: Partner;
    kind: PushKind;
    render: (locale: Locale) => PushPayload;
    now?: number;
  },
): Promise<number> {
  const devices = await repo.recipientDevices(db, message.coupleId, message.partner);
  const now = message.now ?? Date.now();
  const byLocale = new Map<Locale, string>();
  await repo.insertMessages(
    db,
    devices.map((device) => {
      let payload = byLocale.get(device.locale);
      if (payload === undefined) {
        payload = JSON.stringify(message.render(device.locale));
        byLocale.set(device.locale, payload);
      }
      return { subscriptionId: device.id, kind: message.kind, payload, now };
    }),
  );
  return devices.length;
}

/** The weekly reminder as a push, to every device of the couple's sign-ins (queued with its email). */
export async function queueWeeklyReminderPush(
  db: DB,
  reminder: { coupleId: number; weekNumber: number; weekTitle: (locale: Locale) => string },
): Promise<number> {
  return queuePush(db, {
    coupleId: reminder.coupleId,
    kind: 'weekly-reminder',
    render: (locale) => {
      const values = { week: reminder.weekNumber, title: reminder.weekTitle(locale) };
      return {
        title: t(locale, 'push.weeklyReminder.title', values),
        body: t(locale, 'push.weeklyReminder.body', values),
        url: `/dashboard?tab=current&week=${reminder.weekNumber}`,
        tag: 'weekly-reminder',
      };
    },
  });
}

/** "Casey has shared week 12" as a push, to the devices of the partner who shared first. */
export async function queuePartnerSharedPush(
  db: DB,
  notice: { coupleId: number; partner: Partner; sharerName: string; weekNumber: number },
): Promise<number> {
  return queuePush(db, {
    coupleId: notice.coupleId,
    partner: notice.partner,
    kind: 'partner-shared',
    render: (locale) => {
      const values = { sharer: notice.sharerName, week: notice.weekNumber };
      return {
        title: t(locale, 'push.partnerShared.title', values),
        body: t(locale, 'push.partnerShared.body', values),
        url: `/dashboard?tab=current&week=${notice.weekNumber}`,
        tag: `partner-shared-${notice.weekNumber}`,
      };
    },
  });
}

/** A couple's devices for "Download our data" (labels and dates only: the push address and keys are the device's). */
export function coupleDevices(db: DB, accountIds: readonly number[]) {
  return repo.coupleDevices(db, accountIds);
}
