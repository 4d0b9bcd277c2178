import type { Partner } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import type { DB } from '../../db/client';

/** A device as its owner sees it in Profile. */
export interface DeviceRow {
  id: number;
  label: string;
  endpoint: string;
  createdAt: string;
}

const deviceColumns = ['id', 'device_label as label', 'endpoint', 'created_at as createdAt'] as const;

/**
 * Saves a device's subscription for the account, so a device has one owner and one key set. The
 * same endpoint subscribed again replaces its row when the account owns it already (new keys), or
 * when it comes with the stored keys (another sign-in on that same browser, decision 0325); an
 * endpoint of another account with other keys is left as it is, in the same statement, and the
 * answer is undefined.
 */
export async function upsertSubscription(
  db: DB,
  row: { accountId: number; endpoint: string; p256dh: string; auth: string; label: string; now: string },
): Promise<DeviceRow | undefined> {
  return db
    .insertInto('push_subscriptions')
    .values({
      account_id: row.accountId,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      device_label: row.label,
      created_at: row.now,
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({
          account_id: row.accountId,
          p256dh: row.p256dh,
          auth: row.auth,
          device_label: row.label,
          created_at: row.now,
        })
        .where((eb) =>
          eb.or([
            eb('push_subscriptions.account_id', '=', row.accountId),
            eb.and([eb('push_subscriptions.p256dh', '=', row.p256dh), eb('push_subscriptions.auth', '=', row.auth)]),
          ]),
        ),
    )
    .returning(deviceColumns)
    .executeTakeFirst();
}

export async function listDevices(db: DB, accountId: number): Promise<DeviceRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .select(deviceColumns)
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
}

/** Removes one of the account's devices; false when the account has no such device. */
export async function deleteDevice(db: DB, accountId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The push service said the subscription is gone (404/410): the device and its waiting messages. */
export async function deleteSubscription(db: DB, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** Every subscription (a new VAPID key pair was made: none of them can be reached any more). */
export async function deleteAllSubscriptions(db: DB): Promise<void> {
  await db.deleteFrom('push_subscriptions').execute();
}

export interface RecipientDevice {
  id: number;
  locale: Locale;
}

/**
 * The devices of a couple's sign-ins, with each sign-in's language; `partner` narrows them to the
 * sign-ins that reach one partner: those bound to that partner, else (partner1 without a sign-in
 * of their own) the couple's original sign-in, the same rule as the partner's email.
 */
export async function recipientDevices(db: DB, coupleId: number, partner?: Partner): Promise<RecipientDevice[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .innerJoin('accounts', 'accounts.id', 'push_subscriptions.account_id')
    .select(['push_subscriptions.id', 'accounts.locale', 'accounts.partner'])
    .where('accounts.couple_id', '=', coupleId)
    .orderBy('push_subscriptions.id')
    .execute();
  if (partner === undefined) return rows.map(({ id, locale }) => ({ id, locale }));
  const hasOwnSignIn = await db
    .selectFrom('accounts')
    .select('id')
    .where('couple_id', '=', coupleId)
    .where('partner', '=', partner)
    .limit(1)
    .executeTakeFirst();
  return rows
    .filter((row) => (hasOwnSignIn ? row.partner === partner : partner === 'partner1' && row.partner === null))
    .map(({ id, locale }) => ({ id, locale }));
}

export async function insertMessages(
  db: DB,
  rows: { subscriptionId: number; kind: string; payload: string; now: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('push_messages')
    .values(
      rows.map((row) => ({
        subscription_id: row.subscriptionId,
        kind: row.kind,
        payload: row.payload,
        next_attempt_at: row.now,
        created_at: new Date(row.now).toISOString(),
      })),
    )
    .execute();
}

export interface DueMessage {
  id: number;
  subscriptionId: number;
  kind: string;
  payload: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Messages due now that no worker holds, oldest first. */
export async function findDueMessages(db: DB, now: number, limit: number): Promise<DueMessage[]> {
  return db
    .selectFrom('push_messages')
    .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_messages.subscription_id')
    .select([
      'push_messages.id',
      'push_messages.subscription_id as subscriptionId',
      'push_messages.kind',
      'push_messages.payload',
      'push_messages.attempts',
      'push_subscriptions.endpoint',
      'push_subscriptions.p256dh',
      'push_subscriptions.auth',
    ])
    .where('push_messages.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('push_messages.leased_until', 'is', null), eb('push_messages.leased_until', '<=', now)]))
    .orderBy('push_messages.next_attempt_at')
    .orderBy('push_messages.id')
    .limit(limit)
    .execute();
}

/** Takes a message for this worker until `leaseUntil`; false when another worker holds it. */
export async function leaseMessage(db: DB, id: number, now: number, leaseUntil: number): Promise<boolean> {
  const result = await db
    .updateTable('push_messages')
    .set({ leased_until: leaseUntil })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Delivered (or given up): the message goes, and a delivery is noted on its device. */
export async function finishMessage(db: DB, message: { id: number; subscriptionId: number }, deliveredAt?: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('push_messages').where('id', '=', message.id).execute();
    if (deliveredAt) {
      await trx
        .updateTable('push_subscriptions')
        .set({ last_delivered_at: deliveredAt })
        .where('id', '=', message.subscriptionId)
        .execute();
    }
  });
}

export async function retryMessageLater(db: DB, id: number, attempts: number, nextAttemptAt: number): Promise<void> {
  await db
    .updateTable('push_messages')
    .set({ attempts, next_attempt_at: nextAttemptAt, leased_until: null })
    .where('id', '=', id)
    .execute();
}

/** A couple's devices for "Download our data": no keys (they are the device's secrets). */
export async function coupleDevices(
  db: DB,
  accountIds: readonly number[],
): Promise<{ label: string; createdAt: string; lastDeliveredAt: string | null }[]> {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('push_subscriptions')
    .select(['device_label as label', 'created_at as createdAt', 'last_delivered_at as lastDeliveredAt'])
    .where('account_id', 'in', accountIds)
    .orderBy('id')
    .execute();
}
