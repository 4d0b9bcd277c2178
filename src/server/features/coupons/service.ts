import {
  type CouponForm,
  type CouponListItem,
  couponFormSchema,
  type PriceQuote,
  quoteInputSchema,
  type QuoteInput,
} from '../../../shared/coupons-schemas';
import { AppError } from '../../../shared/errors';
import { describeZodError } from '../../../shared/schemas';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { recordAdminAction } from '../audit/service';
import type { AdminAuth } from '../auth/access';
import * as repo from './repo';

/*
 * Coupons (issue 39, decision 0240). The price a checkout charges is computed here, never taken
 * from the page; a use is reserved when the checkout is created (one conditional UPDATE, so a cap
 * holds under concurrency), becomes used when the order completes, and is released when the
 * Checkout Session expires or could not be created. The webhook accepts exactly the reserved amount.
 * A use whose payment is under way (a delayed payment method, the buyer back from Stripe before
 * the event) or waits for the seller's check is held for its order: time no longer releases it,
 * only that payment's failure or refund does (decision 0315), so the cap counts it meanwhile.
 */

export const COUPON_UNKNOWN = 'This coupon code does not exist. Check the spelling, or continue without a code.';
export const COUPON_INACTIVE = 'This coupon code is not active any more.';
export const COUPON_EXPIRED = 'This coupon code has expired.';
export const COUPON_EXHAUSTED = 'This coupon code has been used as many times as it allows.';
export const COUPON_FIRST_PURCHASE = 'This coupon code is for a first purchase only, and this email has bought before.';

/**
 * Stripe Checkout Sessions live at least 30 minutes (the shortest expires_at Stripe accepts); a
 * reservation outlives its session by five more, then a later checkout may release it.
 */
export const CHECKOUT_SESSION_MINUTES = 30;
export const RESERVATION_MS = (CHECKOUT_SESSION_MINUTES + 5) * 60_000;

export type Coupon = repo.CouponRow;

/**
 * The price after the coupon, in the currency's minor units: a percentage takes off the discount
 * rounded to the nearest cent (half up), a fixed amount takes off that many cents; never below 0.
 */
export function discountedPrice(priceCents: number, coupon: Pick<Coupon, 'kind' | 'amount'>): number {
  const discount =
    coupon.kind === 'percent' ? Math.round((priceCents * Math.min(coupon.amount, 100)) / 100) : coupon.amount;
  return Math.max(0, priceCents - discount);
}

/** The end of the expiry day (UTC): a code that expires on the 31st works all of the 31st. */
function expiryInstant(expiresOn: string): string {
  return `${expiresOn}T23:59:59.999Z`;
}

/** Whether the code is past its last day (it works through that whole day, UTC). */
function couponExpired(coupon: Pick<Coupon, 'expiresAt'>, now: number): boolean {
  return coupon.expiresAt !== null && Date.parse(coupon.expiresAt) < now;
}

/** The coupon a code names, refused with the reason when it cannot be used now by `email`. */
export async function usableCoupon(db: DB, code: string, email: string | undefined, now = Date.now()): Promise<Coupon> {
  const coupon = await repo.findCouponByCode(db, code);
  if (!coupon) throw new AppError('NOT_FOUND', COUPON_UNKNOWN);
  if (coupon.active !== 1) throw new AppError('CONFLICT', COUPON_INACTIVE);
  if (couponExpired(coupon, now)) throw new AppError('CONFLICT', COUPON_EXPIRED);
  if (coupon.maxUses !== null && coupon.usesTaken >= coupon.maxUses) {
    // Reservations of checkouts that were never finished no longer count.
    const released = await repo.releaseStaleReservations(db, coupon.id, now);
    await repo.giveBackCouponUses(db, coupon.id, released);
    if (coupon.usesTaken - released >= coupon.maxUses) throw new AppError('CONFLICT', COUPON_EXHAUSTED);
  }
  if (coupon.firstPurchaseOnly === 1 && email && (await repo.hasCompletedOrder(db, email))) {
    throw new AppError('CONFLICT', COUPON_FIRST_PURCHASE);
  }
  return coupon;
}

/**
 * payments.quote: the price with a code, shown on the form before checkout. Rate-limited per
 * client address (every answer counts), so codes cannot be guessed by the thousand.
 */
export async function quotePrice(deps: AppDeps, rawInput: QuoteInput, clientAddress: string): Promise<PriceQuote> {
  await deps.rateLimits.couponQuotesPerAddress.consume(clientAddress);
  const parsed = quoteInputSchema.safeParse(rawInput);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  const { priceCents, currency } = deps.config.payments;
  const coupon = await usableCoupon(deps.db, parsed.data.couponCode, parsed.data.email || undefined);
  const totalCents = discountedPrice(priceCents, coupon);
  return { couponCode: coupon.code, priceCents, discountCents: priceCents - totalCents, totalCents, currency };
}

/**
 * A checkout with a typed code runs within the same budget of code lookups per address as the
 * quote: a refused code (unknown, or unusable) spends a slot, a good one gives its slot back, so a
 * buyer may start again while codes still cannot be guessed by the thousand at checkout.
 */
export async function withinCouponBudget<T>(deps: AppDeps, clientAddress: string, run: () => Promise<T>): Promise<T> {
  const slot = await deps.rateLimits.couponQuotesPerAddress.reserve(clientAddress);
  const result = await run();
  await slot.release();
  return result;
}

export interface ReservedUse {
  useId: number;
  couponCode: string;
  amount: number;
}

/**
 * Takes one use of the code for a checkout charging its discounted price (in the caller's
 * transaction). Refused with the reason when the code cannot be used, or when its last use went
 * to another checkout a moment earlier.
 */
export async function reserveCouponUse(
  trx: DB,
  deps: AppDeps,
  code: string,
  email: string | undefined,
  options: { status?: 'reserved' | 'used'; orderId?: string } = {},
): Promise<ReservedUse> {
  const now = Date.now();
  const coupon = await usableCoupon(trx, code, email, now);
  if (!(await repo.takeCouponUse(trx, coupon.id))) throw new AppError('CONFLICT', COUPON_EXHAUSTED);
  const amount = discountedPrice(deps.config.payments.priceCents, coupon);
  const useId = await repo.insertCouponUse(trx, {
    couponId: coupon.id,
    amount,
    reservedUntil: now + RESERVATION_MS,
    status: options.status ?? 'reserved',
    orderId: options.orderId,
  });
  return { useId, couponCode: coupon.code, amount };
}

/** The amount a checkout that reserved `useId` must pay; undefined for an unknown use. */
export async function reservedAmount(db: DB, useId: number): Promise<number | undefined> {
  return (await repo.findCouponUse(db, useId))?.amount;
}

/**
 * The order paid with the reserved use: the use counts as used. A use released meanwhile (the
 * payment arrived after its session's time) is taken again: the buyer paid the discounted price.
 */
export async function markCouponUseUsed(db: DB, useId: number, orderId: string): Promise<void> {
  if (await repo.moveCouponUse(db, useId, 'reserved', 'used', orderId)) return;
  const use = await repo.findCouponUse(db, useId);
  if (use?.status === 'released' && (await repo.moveCouponUse(db, useId, 'released', 'used', orderId))) {
    await db
      .updateTable('coupons')
      .set((eb) => ({ uses_taken: eb('uses_taken', '+', 1) }))
      .where('id', '=', use.couponId)
      .execute();
  }
}

/**
 * A payment with the coupon is under way (a delayed payment method, or the buyer is back from
 * Stripe before the event) or the seller must check it first (a flagged amount): the use is linked
 * to the order and held for it however long that takes. It counts as used when the order completes
 * (or the seller marks it paid: markHeldCouponUseUsed), and goes back when the payment fails or is
 * refunded unpaid (releaseHeldCouponUse).
 */
export async function holdCouponUseForOrder(db: DB, useId: number, orderId: string): Promise<void> {
  await repo.holdCouponUseForOrder(db, useId, orderId);
}

/** The payment an order held a use for will not complete (refunded before it was honoured): the use goes back. */
export async function releaseHeldCouponUse(db: DB, orderId: string): Promise<void> {
  const useId = await repo.findHeldCouponUse(db, orderId);
  if (useId !== undefined) await releaseCouponUse(db, useId);
}

/** The seller marked a flagged order paid: the coupon use it held counts as used (once). */
export async function markHeldCouponUseUsed(db: DB, orderId: string): Promise<void> {
  const useId = await repo.findHeldCouponUse(db, orderId);
  if (useId !== undefined) await markCouponUseUsed(db, useId, orderId);
}

/** The checkout will not be paid (its session expired or never opened, its payment failed): the use goes back. */
export async function releaseCouponUse(db: DB, useId: number): Promise<void> {
  const use = await repo.findCouponUse(db, useId);
  if (!use) return;
  if (await repo.moveCouponUse(db, useId, 'reserved', 'released')) await repo.giveBackCouponUses(db, use.couponId, 1);
}

function parseCouponForm(raw: CouponForm): repo.CouponValues {
  const parsed = couponFormSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  const { expiresOn, ...form } = parsed.data;
  return { ...form, expiresAt: expiresOn === null ? null : expiryInstant(expiresOn) };
}

export const COUPON_CODE_TAKEN = 'A coupon with this code exists already.';
export const COUPON_NOT_FOUND = 'Coupon not found.';

/**
 * The back office's list: every code with its uses and revenue (completed orders only), and
 * whether it is past its last day (the list says expired rather than active).
 */
export async function listCoupons(db: DB, now = Date.now()): Promise<CouponListItem[]> {
  const rows = await repo.listCouponsWithStats(db);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.amount,
    expiresOn: row.expiresAt?.slice(0, 10) ?? null,
    maxUses: row.maxUses,
    firstPurchaseOnly: row.firstPurchaseOnly === 1,
    active: row.active === 1,
    expired: couponExpired(row, now),
    uses: row.uses,
    reserved: row.reserved,
    revenueCents: row.revenueCents,
    createdAt: row.createdAt,
  }));
}

export async function createCoupon(
  deps: AppDeps,
  admin: AdminAuth,
  raw: CouponForm,
  address?: string | null,
): Promise<{ id: number }> {
  const values = parseCouponForm(raw);
  return deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertCoupon(trx, values);
    if (id === undefined) throw new AppError('CONFLICT', COUPON_CODE_TAKEN);
    await recordAdminAction(trx, admin, 'coupon.create', { target: `coupon ${values.code}`, address: address ?? null });
    return { id };
  });
}

export async function updateCouponAsAdmin(
  deps: AppDeps,
  admin: AdminAuth,
  id: number,
  raw: CouponForm,
  address?: string | null,
): Promise<{ id: number }> {
  const values = parseCouponForm(raw);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.findCouponById(trx, id))) throw new AppError('NOT_FOUND', COUPON_NOT_FOUND);
    if (await repo.isCodeTakenByAnother(trx, values.code, id)) throw new AppError('CONFLICT', COUPON_CODE_TAKEN);
    await repo.updateCoupon(trx, id, values);
    await recordAdminAction(trx, admin, 'coupon.update', { target: `coupon ${values.code}`, address: address ?? null });
    return { id };
  });
}
