import type { Readable } from 'node:stream';
import { AppError } from '../../../shared/errors';
import { createOrderSchema, isPaymentIntentId, type CreateOrderInput } from '../../../shared/orders-schemas';
import type { Locale } from '../../../shared/i18n/locales';
import { describeZodError } from '../../../shared/schemas';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { endSessionsOfUnprovenEmail, issueAccessCode } from '../auth/access-codes';
import { type FrameworkDownload, openWeekFramework } from '../frameworks/service';
import { accessCodeDelivery, type GiftGiver, queueOrderNotice } from '../mail/service';
import {
  type CoupleAccount,
  createFullAccessCouple,
  findCoupleAccountByEmail,
  findCoupleAccountByUsername,
  findOrder,
  grantFullAccess,
  insertOrder,
  isEmailTaken,
  type OrderRecord,
  type OrderView,
} from './repo';
import {
  openMergedWorkbook,
  startWorkbookBuild,
  WORKBOOK_RETRY_AFTER_SECONDS,
  workbookFiles,
  workbookSources,
} from './workbook-pdf';
import { randomSymbols } from '../../platform/random-symbols';

/** A build started ahead of the download fails quietly here; the download itself reports it. */
const onBuildError = () => {};

export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_NOT_COMPLETED =
  'This order is not completed yet. The workbook can be downloaded once the payment is confirmed.';
export const WORKBOOK_NOT_AVAILABLE =
  'The workbook is not available yet: no weekly frameworks have been uploaded. Please try again later.';
export const WORKBOOK_BEING_PREPARED =
  'Your workbook is being prepared. It will download here as soon as it is ready; this can take a minute.';

/**
 * The email of the account whose orders nobody may read: the demo account while demo mode is off.
 * Its sample orders' ids are public (README), and the completed one would hand out the complete
 * workbook, so after demo mode is switched off they answer like unknown orders.
 */
function hiddenAccountEmail(deps: AppDeps): string | null {
  const { demoMode, demoEmail } = deps.config;
  return demoMode || demoEmail === '' ? null : demoEmail;
}

/**
 * The order a payment-intent id names. Anyone holding the id may read it (it is the buyer's receipt
 * link). An id that is not `pi_` + letters and digits cannot exist and is answered like an unknown
 * one, without a database query; so are the demo account's orders while demo mode is off.
 */
async function findOrderRecord(deps: AppDeps, paymentIntentId: string): Promise<OrderRecord> {
  const order = isPaymentIntentId(paymentIntentId)
    ? await findOrder(deps.db, paymentIntentId, hiddenAccountEmail(deps))
    : undefined;
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return order;
}

/** GET /api/order/{id}: exactly the contract's fields (docs/product.md#http-api). */
export async function getOrder(deps: AppDeps, paymentIntentId: string): Promise<OrderView> {
  const { id, amount, firstName, lastName, email, status } = await findOrderRecord(deps, paymentIntentId);
  return { id, amount, firstName, lastName, email, status };
}

/** The order as /success shows it (orders.get): with its currency, and whether a person must check it. */
export interface OrderPageView extends OrderView {
  currency: string;
  /**
   * A payment the server could not honour as paid (the amount or currency is not the price, or the
   * email is reserved): the order stays pending until the seller checks it, so the page stops
   * waiting for it (docs/product.md#card-payments). Why is for the seller only.
   */
  needsReview: boolean;
  /**
   * Stripe reported the delayed payment (a bank debit) failed: nothing was charged, the order will
   * not complete, and the page says so instead of waiting (decision 0323). Its status stays
   * `pending`, one of the contract's three.
   */
  paymentFailed: boolean;
}

export async function getOrderForPage(deps: AppDeps, paymentIntentId: string): Promise<OrderPageView> {
  const { flag, paymentFailedAt, ...order } = await findOrderRecord(deps, paymentIntentId);
  const paymentFailed = order.status === 'pending' && paymentFailedAt !== null;
  return { ...order, needsReview: order.status === 'pending' && flag !== null && !paymentFailed, paymentFailed };
}

async function getCompletedOrder(deps: AppDeps, paymentIntentId: string): Promise<OrderView> {
  const order = await getOrder(deps, paymentIntentId);
  if (order.status !== 'completed') throw new AppError('CONFLICT', ORDER_NOT_COMPLETED);
  return order;
}

export function workbookDownloadPath(paymentIntentId: string): string {
  return `/api/download-workbook/${paymentIntentId}/pdf`;
}

/** GET /api/download-workbook/{id}: where a completed order's complete workbook can be downloaded. */
export async function requestWorkbookDownload(
  deps: AppDeps,
  paymentIntentId: string,
): Promise<{ message: string; downloadUrl: string }> {
  const order = await getCompletedOrder(deps, paymentIntentId);
  const sources = await workbookSources(deps);
  const weeks = sources.length;
  // The PDF is fetched next: start building it now (a no-op when it is built or being built).
  if (weeks > 0) startWorkbookBuild(workbookFiles(deps), sources, onBuildError);
  const message =
    weeks === 0
      ? 'Your order is complete. The workbook will be ready to download as soon as the first weekly frameworks are published.'
      : `Your workbook is ready: ${weeks === 1 ? 'the first weekly framework' : `${weeks} weekly frameworks`} in one PDF.`;
  return { message, downloadUrl: workbookDownloadPath(order.id) };
}

/**
 * The complete workbook PDF behind `downloadUrl`, as a stream with its size; or, while it is still
 * being built (decision 0121), `preparing` with the message the page shows while it asks again.
 */
export async function openWorkbookPdf(
  deps: AppDeps,
  paymentIntentId: string,
  { onBuildError }: { onBuildError?: (error: unknown) => void } = {},
): Promise<
  { kind: 'ready'; stream: Readable; size: number } | { kind: 'preparing'; message: string; retryAfterSeconds: number }
> {
  await getCompletedOrder(deps, paymentIntentId);
  const answer = await openMergedWorkbook(workbookFiles(deps), await workbookSources(deps), { onBuildError });
  if (answer.kind === 'empty') throw new AppError('NOT_FOUND', WORKBOOK_NOT_AVAILABLE);
  if (answer.kind === 'preparing') {
    return { kind: 'preparing', message: WORKBOOK_BEING_PREPARED, retryAfterSeconds: WORKBOOK_RETRY_AFTER_SECONDS };
  }
  const { handle } = answer;
  try {
    const { size } = await handle.stat();
    return { kind: 'ready', stream: handle.createReadStream({ autoClose: true }), size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * One week's PDF for a completed order (the upload or the generated printable), offered beside the
 * complete workbook so a buyer can take the weeks one at a time.
 */
export async function openWorkbookWeekPdf(
  deps: AppDeps,
  paymentIntentId: string,
  weekNumber: number,
  options: { onMissingFile?: (fileName: string) => void } = {},
): Promise<FrameworkDownload> {
  await getCompletedOrder(deps, paymentIntentId);
  return openWeekFramework(deps, weekNumber, options);
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `pi_` and 24 random letters or digits (about 143 bits): looks like a payment-intent id, cannot be guessed. */
export function generateOrderId(): string {
  return `pi_${randomSymbols(ID_ALPHABET, 24)}`;
}

/**
 * The completed order of a gift paid another way than Stripe (adminGifts.record): in the giver's
 * name and email, linked to no couple (the couple's access comes when they open the gift). In `db`
 * (the caller's transaction); answers the order's id.
 */
export async function insertGiftOrder(
  db: DB,
  gift: { buyerName: string; buyerEmail: string; amount: number; currency: string },
): Promise<string> {
  const orderId = generateOrderId();
  await insertOrder(db, {
    id: orderId,
    coupleId: null,
    amount: gift.amount,
    currency: gift.currency,
    firstName: gift.buyerName,
    lastName: '',
    email: gift.buyerEmail,
    status: 'completed',
  });
  return orderId;
}

export interface CreatedOrder {
  orderId: string;
  email: string;
  status: string;
  /** The personal access code issued with a completed order (shown once); null when none was issued. */
  accessCode: string | null;
  successUrl: string;
}

/** What a completed order did to accounts: its couple, the code it issued, whether it created the account. */
export type FulfilledOrder = { coupleId: number; accessCode: string | null; newAccount?: boolean };

function refuseDemoEmail(deps: AppDeps, email: string): void {
  if (deps.config.demoEmail !== '' && email === deps.config.demoEmail) {
    throw new AppError(
      'CONFLICT',
      `The email ${email} is reserved for the demo account (DEMO_EMAIL); use the buyer's own email.`,
    );
  }
}

/**
 * What a completed order does to accounts (docs/product.md#orders), for createOrder and for an
 * admin marking a pending order paid: full access for the buyer's couple and, where the buyer
 * signs in with the order's email, a new personal code. `linked` is the account the order names
 * (by --username, or the couple a pending order was recorded for); without it, the account with
 * the email, or a new one. Returns the couple the order belongs to, the code (null when none was
 * issued) and `newAccount` when the order made the account (decision 0369). Run inside its transaction.
 */
export async function fulfilCompletedOrder(
  trx: DB,
  deps: AppDeps,
  email: string,
  linked: CoupleAccount | undefined,
  firstName?: string,
  /** The language the buyer ordered in: a new account gets it (an existing one keeps its own). */
  locale?: Locale,
  /** The order is a gift's opening: the code's email is the gift's welcome, from its giver. */
  gift?: GiftGiver,
): Promise<FulfilledOrder> {
  const byEmail = await findCoupleAccountByEmail(trx, email);
  // Every code of a completed order goes to the buyer's email (docs/product.md#email).
  const delivered = { provesEmail: true, deliver: accessCodeDelivery(deps, { email, firstName }, gift) } as const;

  if (linked) {
    if (byEmail && byEmail.accountId !== linked.accountId) {
      throw new AppError(
        'CONFLICT',
        `The email ${email} already belongs to another account; record the order without --username to upgrade that account, or use another email.`,
      );
    }
    await grantFullAccess(trx, linked.coupleId);
    if (linked.email === email) {
      return { coupleId: linked.coupleId, accessCode: await issueAccessCode(trx, deps, linked.accountId, delivered) };
    }
    if (linked.email === null && !(await isEmailTaken(trx, email))) {
      const accessCode = await issueAccessCode(trx, deps, linked.accountId, { ...delivered, email });
      return { coupleId: linked.coupleId, accessCode };
    }
    // The account already signs in with another email: it keeps that email and its own code.
    await endSessionsOfUnprovenEmail(trx, linked);
    return { coupleId: linked.coupleId, accessCode: null };
  }

  if (byEmail) {
    await grantFullAccess(trx, byEmail.coupleId);
    return { coupleId: byEmail.coupleId, accessCode: await issueAccessCode(trx, deps, byEmail.accountId, delivered) };
  }

  if (await isEmailTaken(trx, email)) {
    throw new AppError('CONFLICT', `The email ${email} belongs to an administrator account.`);
  }
  const created = await createFullAccessCouple(trx, { email, locale });
  const accessCode = await issueAccessCode(trx, deps, created.accountId, delivered);
  return { coupleId: created.coupleId, accessCode, newAccount: true };
}

/**
 * What a completed order nobody paid for does to accounts (a 100 % coupon's, or the opening of a
 * gift bought with one): the account that has the email is upgraded as it is, with no new code and
 * its sessions kept, because a free order proves nothing about who typed the email and must not let
 * anyone void the owner's code and sign them out (decision 0316). An email without an account gets
 * one with its code by email, as any completed order (fulfilCompletedOrder). `upgraded` says which.
 * Run inside the order's transaction.
 */
export async function fulfilFreeOrder(
  trx: DB,
  deps: AppDeps,
  email: string,
  firstName?: string,
  locale?: Locale,
  gift?: GiftGiver,
): Promise<FulfilledOrder & { upgraded: boolean }> {
  const byEmail = await findCoupleAccountByEmail(trx, email);
  if (byEmail) {
    await grantFullAccess(trx, byEmail.coupleId);
    return { coupleId: byEmail.coupleId, accessCode: null, upgraded: true };
  }
  return { ...(await fulfilCompletedOrder(trx, deps, email, undefined, firstName, locale, gift)), upgraded: false };
}

/**
 * A signed-in couple upgraded as it is (decision 0155, and a redeemed gift, decision 0242): full
 * access, no new code, its sessions kept. Run inside the order's transaction.
 */
export async function upgradeSignedInCouple(trx: DB, coupleId: number): Promise<void> {
  await grantFullAccess(trx, coupleId);
}

/**
 * Records a sale (docs/product.md#orders) until card payments are wired; `npm run order:create`
 * calls it.
 *
 * - pending: only the order is stored (linked to the buyer's couple when one is already known).
 * - completed, no username: the couple account for that email is created with full access, an empty
 *   profile (onboarding opens) and a new personal access code; an existing account with that email is
 *   upgraded to full access and issued a fresh code, which replaces its old one.
 * - completed, --username: the order is attached to that registered account and its couple upgraded.
 *   When the account has no email and the email is free, the account gets it with a personal code;
 *   when it already has that email, a fresh code. An email that belongs to another account is refused,
 *   so one order never upgrades two couples.
 *
 * Every code is issued by issueAccessCode, which ends all the account's sessions and records the
 * email as proven (the code is delivered to the buyer); a completed order for an account whose
 * email was never proven ends its sessions even when it issues no code (decision 0091). The demo
 * email is reserved for the demo account and refused.
 */
export async function createOrder(
  deps: AppDeps,
  rawInput: CreateOrderInput,
  options: {
    /** Runs in the order's transaction once it is recorded (the audit line), with what fulfilCompletedOrder did. */
    inTransaction?: (trx: DB, orderId: string, fulfilled: FulfilledOrder | null) => Promise<void>;
  } = {},
): Promise<CreatedOrder> {
  // Without an amount, the configured price (PRICE_CENTS), in the configured CURRENCY.
  const parsed = createOrderSchema.safeParse({
    ...rawInput,
    amount: rawInput.amount ?? deps.config.payments.priceCents,
  });
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  const input = parsed.data;
  refuseDemoEmail(deps, input.email);
  const orderId = generateOrderId();

  const issuedCode = await deps.db.transaction().execute(async (trx): Promise<string | null> => {
    const byUsername = input.username ? await findCoupleAccountByUsername(trx, input.username) : undefined;
    if (input.username && !byUsername) {
      throw new AppError('NOT_FOUND', `No account registered with the username ${input.username}.`);
    }
    const order = {
      id: orderId,
      amount: input.amount,
      currency: deps.config.payments.currency,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      status: input.status,
    };
    await queueOrderNotice(trx, deps, order);

    let fulfilled: FulfilledOrder | null = null;
    if (input.status !== 'completed') {
      const byEmail = await findCoupleAccountByEmail(trx, input.email);
      await insertOrder(trx, { ...order, coupleId: byUsername?.coupleId ?? byEmail?.coupleId ?? null });
    } else {
      fulfilled = await fulfilCompletedOrder(trx, deps, input.email, byUsername, input.firstName);
      await insertOrder(trx, { ...order, coupleId: fulfilled.coupleId });
    }
    await options.inTransaction?.(trx, orderId, fulfilled);
    return fulfilled?.accessCode ?? null;
  });

  return {
    orderId,
    email: input.email,
    status: input.status,
    accessCode: issuedCode,
    successUrl: `${deps.config.publicUrl}/success?payment_intent=${orderId}`,
  };
}
