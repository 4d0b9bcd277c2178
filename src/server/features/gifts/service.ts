import { PRODUCT_NAME } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import {
  type AdminGiftItem,
  adminGiftsListSchema,
  type GiftPreview,
  type GiftReceipt,
  type GiftStatus,
  giftSendAtProblem,
  type RedeemAnswer,
  type RecordedGift,
  type RecordGiftInput,
  recordGiftSchema,
  redeemCodeSchema,
  type startGiftCheckoutSchema,
} from '../../../shared/gifts-schemas';
import { giftCardFileName } from '../../../shared/download-names';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/i18n/locales';
import { describeZodError } from '../../../shared/schemas';
import type { z } from '../../../shared/zod';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { recordAdminAction } from '../audit/service';
import type { AdminAuth } from '../auth/access';
import type { Auth } from '../auth/sessions';
import { eraseEmails, queueFeatureEmail, withdrawQueuedEmail } from '../mail/service';
import { fulfilCompletedOrder, fulfilFreeOrder, insertGiftOrder, upgradeSignedInCouple } from '../orders/service';
import { t } from '../i18n/translate';
import { renderGiftCardInWorker } from '../printables/pdf-jobs';
import * as repo from './repo';
import { giftEmail, giftOpenedEmail, giftReceiptEmail, receiptUrl, redeemUrl } from './templates';
import { randomSymbols } from '../../platform/random-symbols';

/*
 * Gifts (issue 39, decision 0242): the course bought for another couple. The gift row is written
 * when the buyer starts checkout; the webhook's paid event (payments) marks it paid, queues the
 * gift email for its date (an outbox row due then: it survives a restart and the worker's lease
 * sends it once) and the buyer's receipt. Redeeming creates the couple's account, or upgrades
 * their trial, exactly as a purchase does; the buyer only hears that the gift was opened.
 */

export const GIFT_NOT_FOUND = 'No gift has this code. Check the code on your card or email.';
export const GIFT_ALREADY_REDEEMED = 'This gift has already been opened. Sign in with your personal code instead.';
export const GIFT_RECEIPT_NOT_FOUND = 'Gift not found.';
export const GIFT_NOT_PAID = 'This gift is not paid yet: its card is ready once the payment is confirmed.';
export const GIFT_REFUNDED =
  'This gift was refunded, so it can no longer be opened. Please ask the person who gave it.';
export const GIFT_REFUNDED_NO_CARD = 'This gift was refunded, so its code no longer opens the course.';
export const GIFT_CARD_FORGOTTEN =
  "This gift has been opened and no longer holds the couple's names, so its card is no longer available.";
export const GIFT_ADMIN_CANNOT_REDEEM = 'Sign out of the back office to open a gift.';
export const GIFT_DEMO_CANNOT_REDEEM =
  'You are signed in with the demo account, which cannot receive a gift. Sign out (or sign in to your own account), then open the gift again.';
export const GIFT_EMAIL_RESERVED = 'This gift cannot be opened with the demo account’s email. Please contact us.';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** GIFT- and 12 symbols of 32 (60 bits): printed on the card, typed by the couple. */
export function generateRedeemCode(): string {
  const symbols = randomSymbols(CODE_ALPHABET, 12);
  return `GIFT-${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
}

type GiftCheckoutInput = Omit<z.output<typeof startGiftCheckoutSchema>, 'couponCode'>;

/** When the gift email is due: now without a date; a date in the past or too far ahead is refused. */
export function giftSendTime(sendAt: string | null, now = Date.now()): number {
  if (sendAt === null) return now;
  const at = Date.parse(sendAt);
  const problem = giftSendAtProblem(at, now);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  return Math.max(at, now);
}

/** The gift a checkout is started for, unpaid (in the checkout's transaction). */
export async function createPendingGift(
  trx: DB,
  input: GiftCheckoutInput,
  now = Date.now(),
): Promise<{ giftId: number; buyerToken: string }> {
  const buyerToken = randomSymbols(TOKEN_ALPHABET, 32);
  const giftId = await repo.insertGift(trx, {
    ...input,
    buyerToken,
    redeemCode: generateRedeemCode(),
    sendAt: giftSendTime(input.sendAt, now),
  });
  return { giftId, buyerToken };
}

export async function buyerTokenOf(db: DB, giftId: number): Promise<string | undefined> {
  return (await repo.findGiftById(db, giftId))?.buyerToken;
}

function localeOf(gift: Pick<repo.GiftRow, 'locale'>): Locale {
  return isLocale(gift.locale) ? gift.locale : DEFAULT_LOCALE;
}

async function queueGiftEmail(trx: DB, deps: AppDeps, gift: repo.GiftRow, sendAt: number): Promise<void> {
  const emailId = await queueFeatureEmail(trx, deps, {
    kind: 'gift',
    to: gift.coupleEmail,
    email: giftEmail(deps.config.publicUrl, gift, localeOf(gift)),
    sensitive: true, // it holds the redeem code: the bodies are emptied once sent
    sendAt,
  });
  await repo.setGiftEmail(trx, gift.id, emailId);
}

/**
 * A payment for the gift the seller must check first (a flagged amount): the gift is held for that
 * order, unpaid, so the Orders page shows whose gift it is and "Mark paid" pays the gift
 * (markOrderPaid) instead of giving the giver access.
 */
export async function holdGiftForFlaggedOrder(trx: DB, giftId: number, orderId: string): Promise<void> {
  await repo.holdGiftForOrder(trx, giftId, orderId);
}

/**
 * A gift whose checkout completed with its payment still to come (a bank debit): it names that
 * payment from now on, so the back office's Gifts page lists it as being confirmed and the Orders
 * page shows whose gift the order is (decision 0366). A checkout never completed names none.
 */
export async function holdGiftForPayment(trx: DB, giftId: number, orderId: string): Promise<void> {
  await repo.holdGiftForOrder(trx, giftId, orderId);
}

/**
 * The gift's payment was honoured (the webhook, or a 100 % coupon): the gift is paid by `orderId`,
 * its email queued for its date and the buyer's receipt queued now. Nothing for a gift paid already.
 */
export async function completeGiftPurchase(
  trx: DB,
  deps: AppDeps,
  giftId: number,
  paid: { orderId: string; amount: number; currency: string },
): Promise<boolean> {
  const gift = await repo.findGiftById(trx, giftId);
  if (!gift || !(await repo.markGiftPaid(trx, giftId, paid.orderId))) return false;
  await queueGiftEmail(trx, deps, gift, gift.sendAt);
  await queueFeatureEmail(trx, deps, {
    kind: 'gift-receipt',
    to: gift.buyerEmail,
    email: giftReceiptEmail(deps.config.publicUrl, gift, paid, localeOf(gift)),
  });
  return true;
}

/**
 * The gift a failed delayed payment was for, while unpaid (the emails of a failed payment,
 * decision 0350): its buyer, couple and language; undefined when unknown or paid.
 */
export async function unpaidGift(
  db: DB,
  giftId: number,
): Promise<{ buyerName: string; buyerEmail: string; coupleNames: string; locale: Locale } | undefined> {
  const gift = await repo.findGiftById(db, giftId);
  if (!gift || gift.paidAt !== null) return undefined;
  return {
    buyerName: gift.buyerName,
    buyerEmail: gift.buyerEmail,
    coupleNames: gift.coupleNames,
    locale: localeOf(gift),
  };
}

/** The unpaid gift whose delayed payment (`orderId`) Stripe reported failed: shown as failed, never opened (decision 0352). */
export async function markGiftPaymentFailed(trx: DB, giftId: number, orderId: string): Promise<void> {
  await repo.markGiftPaymentFailed(trx, giftId, orderId);
}

/**
 * Holds the gift `orderId` paid for until the refund's transaction ends, before the refund reads
 * whether it was opened: an opening under way finishes first (the refund then takes the access it
 * gave back), and one that comes after finds the order refunded (409). Decision 0314.
 */
export async function lockGiftOfOrder(trx: DB, orderId: string): Promise<void> {
  await repo.lockGiftOfOrder(trx, orderId);
}

/**
 * A refunded order's unopened gift is void (the refund rule's counterpart, docs/product.md#gifts):
 * its code stops opening the course (paidGiftByCode), and a gift email not sent yet is withdrawn
 * so the couple never receives a code that cannot open anything. Nothing for an opened gift: its
 * order is the couple's, and the refund rule takes their access back.
 */
export async function voidGiftOfRefundedOrder(trx: DB, orderId: string): Promise<void> {
  const gift = await repo.findUnredeemedGiftOfOrder(trx, orderId);
  if (gift?.emailId != null) await withdrawQueuedEmail(trx, gift.emailId);
}

async function paidGiftByCode(db: DB, rawCode: unknown): Promise<repo.GiftRow> {
  const parsed = redeemCodeSchema.safeParse({ code: rawCode });
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  const gift = await repo.findGiftByCode(db, parsed.data.code);
  if (!gift || gift.paidAt === null) throw new AppError('NOT_FOUND', GIFT_NOT_FOUND);
  // A gift whose payment was refunded before it was opened is void (the refund rule's counterpart).
  if (isVoid(gift)) throw new AppError('CONFLICT', GIFT_REFUNDED);
  return gift;
}

/** gifts.preview: who the gift is from and their message, for the redeem page (rate-limited). */
export async function previewGift(deps: AppDeps, code: string, clientAddress: string): Promise<GiftPreview> {
  await deps.rateLimits.giftCodesPerAddress.consume(clientAddress);
  const gift = await paidGiftByCode(deps.db, code);
  // Opened by a couple who deleted their account since: nothing of theirs left to show (decision 0334).
  if (forgotten(gift)) throw new AppError('CONFLICT', GIFT_ALREADY_REDEEMED);
  return {
    fromName: gift.buyerName,
    coupleNames: gift.coupleNames,
    message: gift.message,
    redeemed: gift.redeemedAt !== null,
  };
}

/**
 * gifts.redeem: opens the gift once. A signed-in couple is upgraded as it is (decision 0155), but
 * never the demo couple (403, decision 0342);
 * otherwise the account with the gift's email is created with full access or upgraded from its
 * trial, and its personal code goes to that email in the gift's welcome; a gift bought with a
 * 100 % coupon upgrades an existing account as it is, without a new code (decision 0316), and says
 * so (`existing`: sign in with the code the account has). A code
 * used twice answers 409. The buyer is told the gift was opened, and nothing else.
 */
export async function redeemGift(
  deps: AppDeps,
  auth: Auth,
  code: string,
  clientAddress: string,
  /** The redeem page's language: a new account gets it, as a buyer's does (decision 0277). */
  locale?: Locale,
): Promise<RedeemAnswer> {
  await deps.rateLimits.giftCodesPerAddress.consume(clientAddress);
  if (auth.kind === 'admin') throw new AppError('FORBIDDEN', GIFT_ADMIN_CANNOT_REDEEM);
  // The demo account is shared by every visitor and already has the course: a gift opened there
  // would be spent on nobody. Refused, the gift stays unopened for the couple (decision 0342).
  if (
    auth.kind === 'couple' &&
    deps.config.demoEmail !== '' &&
    (await repo.coupleHasEmail(deps.db, auth.coupleId, deps.config.demoEmail))
  ) {
    throw new AppError('FORBIDDEN', GIFT_DEMO_CANNOT_REDEEM);
  }
  return deps.db.transaction().execute(async (trx) => {
    const gift = await paidGiftByCode(trx, code);
    if (gift.redeemedAt !== null || !(await repo.markGiftRedeemed(trx, gift.id))) {
      throw new AppError('CONFLICT', GIFT_ALREADY_REDEEMED);
    }
    // The gift's row is this transaction's now; a refund of its order that committed meanwhile (it
    // held the row first) voided it: read afresh, the opening is refused and its mark undone.
    if ((await repo.findGiftOrderStatus(trx, gift.id)) === 'refunded') throw new AppError('CONFLICT', GIFT_REFUNDED);
    let coupleId: number;
    let outcome: RedeemAnswer['outcome'];
    if (auth.kind === 'couple') {
      await upgradeSignedInCouple(trx, auth.coupleId);
      coupleId = auth.coupleId;
      outcome = 'upgraded';
    } else {
      if (deps.config.demoEmail !== '' && gift.coupleEmail === deps.config.demoEmail) {
        throw new AppError('CONFLICT', GIFT_EMAIL_RESERVED);
      }
      const accountLocale = locale ?? localeOf(gift);
      // The code's email is the gift's welcome, from its giver (not a thank-you for a purchase).
      const giver = { buyerName: gift.buyerName, coupleNames: gift.coupleNames };
      if (gift.orderProvider === 'coupon') {
        // Bought with a 100 % coupon, nothing paid: an account with the email is upgraded as it is,
        // its code and sessions kept (decision 0316); whoever opened it signs in with that code.
        const fulfilled = await fulfilFreeOrder(trx, deps, gift.coupleEmail, undefined, accountLocale, giver);
        coupleId = fulfilled.coupleId;
        outcome = fulfilled.upgraded ? 'existing' : 'created';
      } else {
        coupleId = (await fulfilCompletedOrder(trx, deps, gift.coupleEmail, undefined, undefined, accountLocale, giver))
          .coupleId;
        outcome = 'created';
      }
    }
    await repo.recordRedeemingCouple(trx, gift, coupleId);
    // Opened before its date: the scheduled gift email would bring a code already used.
    if (gift.emailId !== null && gift.sendAt > Date.now()) await withdrawQueuedEmail(trx, gift.emailId);
    await queueFeatureEmail(trx, deps, {
      kind: 'gift-opened',
      to: gift.buyerEmail,
      email: giftOpenedEmail(deps.config.publicUrl, gift, localeOf(gift)),
    });
    return { outcome, email: gift.coupleEmail };
  });
}

/**
 * The couple who opened gifts is deleted (both deletions, through deleteCoupleAccount; decision
 * 0334), in the deletion's transaction: the gift stays the buyer's (their receipt page, the order
 * for the seller's books and a refund), but what it held of the couple goes. Its gift email (their
 * names, the message and the code, perhaps still queued) is erased whatever its state, and the
 * gift's names and email of the couple, the message to them and the link to them are blanked.
 * Answers how many gifts.
 */
export async function forgetGiftRecipient(trx: DB, coupleId: number): Promise<number> {
  await eraseEmails(trx, await repo.findEmailsOfGiftsOpenedBy(trx, coupleId));
  return repo.blankGiftRecipient(trx, coupleId);
}

/** Opened by a couple who deleted their account since: the gift keeps only the buyer's part (decision 0334). */
function forgotten(gift: repo.GiftRow): boolean {
  return gift.redeemedAt !== null && gift.coupleEmail === '';
}

function isVoid(gift: repo.GiftRow): boolean {
  return gift.redeemedAt === null && gift.orderStatus === 'refunded';
}

function statusOf(gift: repo.GiftRow, emailStatus: string | null): GiftStatus {
  if (gift.redeemedAt !== null) return 'redeemed';
  // Refunded, paid or still flagged for the seller to check: either way it will not open.
  if (isVoid(gift)) return 'refunded';
  // Its delayed payment failed (decision 0352): over, not awaiting a payment that will not come.
  if (gift.paidAt === null && gift.paymentFailedAt !== null) return 'payment-failed';
  if (gift.paidAt === null) return 'awaiting-payment';
  // A sent email's row may have been pruned from the outbox: no row means it went.
  if (emailStatus === null || emailStatus === 'sent') return 'sent';
  return 'scheduled';
}

async function giftByToken(deps: AppDeps, token: string): Promise<repo.GiftRow> {
  const gift = /^[A-Za-z0-9]{32}$/.test(token) ? await repo.findGiftByToken(deps.db, token) : undefined;
  if (!gift) throw new AppError('NOT_FOUND', GIFT_RECEIPT_NOT_FOUND);
  return gift;
}

/** The buyer's page after paying (its secret token is the receipt link): the gift, its code and card once paid. */
export async function giftReceipt(deps: AppDeps, token: string): Promise<GiftReceipt> {
  const gift = await giftByToken(deps, token);
  // A refunded gift's code and card no longer open anything: the buyer's page says so instead.
  const paid = gift.paidAt !== null && !isVoid(gift);
  return {
    coupleNames: gift.coupleNames,
    coupleEmail: gift.coupleEmail,
    sendAt: new Date(gift.sendAt).toISOString(),
    paid,
    status: statusOf(gift, await repo.findEmailStatus(deps.db, gift.emailId)),
    redeemCode: paid ? gift.redeemCode : null,
    // The card names the couple; once they are forgotten there is no card to print (decision 0344).
    cardUrl: paid && !forgotten(gift) ? giftCardPath(token) : null,
  };
}

export function giftCardPath(token: string): string {
  return `/api/gifts/${token}/card.pdf`;
}

/** The printable card of a paid gift, with its redeem code, and its file name in the gift's language. */
export async function giftCardPdf(deps: AppDeps, token: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  const gift = await giftByToken(deps, token);
  if (gift.paidAt === null) throw new AppError('CONFLICT', GIFT_NOT_PAID);
  if (isVoid(gift)) throw new AppError('CONFLICT', GIFT_REFUNDED_NO_CARD);
  // Its names and message were erased with the couple's account: a card with blanks where they were
  // would be no card (decision 0344).
  if (forgotten(gift)) throw new AppError('CONFLICT', GIFT_CARD_FORGOTTEN);
  const locale = localeOf(gift);
  const names = { product: PRODUCT_NAME, buyer: gift.buyerName, couple: gift.coupleNames };
  const url = redeemUrl(deps.config.publicUrl, gift.redeemCode);
  const bytes = await renderGiftCardInWorker({
    lang: locale,
    title: t(locale, 'pdf.giftCard.title', names),
    heading: t(locale, 'pdf.giftCard.heading', names),
    subtitle: t(locale, 'pdf.giftCard.subtitle', names),
    message: gift.message,
    from: t(locale, 'pdf.giftCard.from', names),
    codeLabel: t(locale, 'pdf.giftCard.code'),
    redeemCode: gift.redeemCode,
    openAt: t(locale, 'pdf.giftCard.openAt', { url }),
  });
  return { bytes, fileName: giftCardFileName(locale) };
}

/**
 * The back office's gifts, newest first: paid ones (sent, scheduled, redeemed or refunded), and
 * those whose payment is being confirmed or failed (decision 0366); never the code.
 */
export async function listGiftsForAdmin(deps: AppDeps, rawInput: unknown): Promise<AdminGiftItem[]> {
  const parsed = adminGiftsListSchema.safeParse(rawInput ?? {});
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  const rows = await repo.listGiftsWithPayment(deps.db, 500);
  return rows
    .map((row) => ({
      id: row.id,
      buyerName: row.buyerName,
      buyerEmail: row.buyerEmail,
      coupleNames: row.coupleNames,
      coupleEmail: row.coupleEmail,
      sendAt: new Date(row.sendAt).toISOString(),
      status: statusOf(row, row.emailStatus),
      paidAt: row.paidAt,
      redeemedAt: row.redeemedAt,
      orderId: row.orderId,
    }))
    .filter((gift) => parsed.data.status === 'all' || gift.status === parsed.data.status);
}

/**
 * adminGifts.record (docs/product.md#gifts): a gift paid another way than Stripe (cash, a check, a
 * transfer; the /gift page without card payments asks buyers to write). A completed order for the
 * amount received, in the giver's name, pays the gift as the webhook would: the gift email goes
 * on its date and the receipt, with its code and card, to the buyer. Nobody's access changes until
 * the couple opens it.
 */
export async function recordGiftAsAdmin(
  deps: AppDeps,
  admin: AdminAuth,
  rawInput: RecordGiftInput,
  address?: string | null,
): Promise<RecordedGift> {
  const parsed = recordGiftSchema.safeParse({
    ...rawInput,
    amount: rawInput.amount ?? deps.config.payments.priceCents,
  });
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  const input = parsed.data;
  const { currency } = deps.config.payments;
  const gift = await deps.db.transaction().execute(async (trx) => {
    const pending = await createPendingGift(trx, input);
    const orderId = await insertGiftOrder(trx, {
      buyerName: input.buyerName,
      buyerEmail: input.buyerEmail,
      amount: input.amount,
      currency,
    });
    await completeGiftPurchase(trx, deps, pending.giftId, { orderId, amount: input.amount, currency });
    await recordAdminAction(trx, admin, 'gift.record', { target: `gift ${pending.giftId}`, address: address ?? null });
    return pending;
  });
  return { giftId: gift.giftId, receiptUrl: receiptUrl(deps.config.publicUrl, gift.buyerToken) };
}

export const GIFT_NOT_FOUND_ADMIN = 'Gift not found.';
export const GIFT_REDEEMED_ALREADY_ADMIN = 'This gift has been opened already: there is nothing to resend or change.';
export const GIFT_REFUNDED_ADMIN =
  'This gift was refunded, so its code no longer opens the course: there is nothing to resend or change.';

async function unredeemedPaidGift(trx: DB, id: number): Promise<repo.GiftRow> {
  const gift = await repo.findGiftById(trx, id);
  if (!gift || gift.paidAt === null) throw new AppError('NOT_FOUND', GIFT_NOT_FOUND_ADMIN);
  if (gift.redeemedAt !== null) throw new AppError('CONFLICT', GIFT_REDEEMED_ALREADY_ADMIN);
  if (isVoid(gift)) throw new AppError('CONFLICT', GIFT_REFUNDED_ADMIN);
  return gift;
}

/** Sends the gift email again, now (a scheduled one is sent now instead of on its date). */
export async function resendGift(
  deps: AppDeps,
  admin: AdminAuth,
  id: number,
  address?: string | null,
): Promise<{ success: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const gift = await unredeemedPaidGift(trx, id);
    if (gift.emailId !== null) await withdrawQueuedEmail(trx, gift.emailId);
    await queueGiftEmail(trx, deps, gift, Date.now());
    await recordAdminAction(trx, admin, 'gift.resend', { target: `gift ${id}`, address: address ?? null });
  });
  return { success: true };
}

/**
 * A new email for the couple: a gift email not sent yet goes to the new address on its date; one
 * already sent is sent again to the new address now.
 */
export async function changeGiftEmail(
  deps: AppDeps,
  admin: AdminAuth,
  id: number,
  email: string,
  address?: string | null,
): Promise<{ success: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const gift = await unredeemedPaidGift(trx, id);
    if (!(await repo.setGiftRecipient(trx, id, email))) throw new AppError('CONFLICT', GIFT_REDEEMED_ALREADY_ADMIN);
    const withdrawn = gift.emailId !== null && (await withdrawQueuedEmail(trx, gift.emailId));
    const sendAt = withdrawn ? Math.max(gift.sendAt, Date.now()) : Date.now();
    await queueGiftEmail(trx, deps, { ...gift, coupleEmail: email }, sendAt);
    await recordAdminAction(trx, admin, 'gift.change-email', { target: `gift ${id}`, address: address ?? null });
  });
  return { success: true };
}
