import { Readable } from 'node:stream';
import type { AccessLevel } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import {
  listOrdersInputSchema,
  type ListOrdersInput,
  orderFiltersSchema,
  type OrderFilters,
  type RecordOrderInput,
} from '../../../shared/admin-schemas';
import { decimalAmount } from '../../../shared/money';
import { describeZodError } from '../../../shared/schemas';
import type { z } from '../../../shared/zod';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import type { AdminAuth } from '../auth/access';
import { issueAccessCode } from '../auth/access-codes';
import { CODE_NOT_SENT_WITHOUT_MAIL, deliversMail, issuedCodeDelivery } from '../mail/service';
import { recordAdminAction } from '../audit/service';
import { revokeCertificatesOfRefund } from '../certificates/service';
import { markHeldCouponUseUsed } from '../coupons/service';
import { sellerGrantCarriesAccess } from '../couples/seller-grant';
import { keptSeatCarriesAccess } from '../facilitators/kept-seats';
import { completeGiftPurchase, lockGiftOfOrder, voidGiftOfRefundedOrder } from '../gifts/service';
import {
  type AdminOrderRow,
  type CoupleOrderRow,
  countAdminOrders,
  findAccountOfCouple,
  findAdminOrder,
  getAccessLevel,
  hasOtherCompletedOrder,
  listAdminOrders,
  listAdminOrdersAfter,
  listOrdersOfCouple,
  setAccessLevel,
  setOrderStatus,
} from './admin-repo';
import { csvLine } from './csv';
import { findCoupleAccountByEmail } from './repo';
import { createOrder, type CreatedOrder, fulfilCompletedOrder, type FulfilledOrder, ORDER_NOT_FOUND } from './service';

export type { AdminOrderRow, CoupleOrderRow };

/** The couple's orders (linked to it, or carrying one of its accounts' emails), newest first. */
export function listCoupleOrders(db: DB, coupleId: number): Promise<CoupleOrderRow[]> {
  return listOrdersOfCouple(db, coupleId);
}

/** The administrator acting and the request's address, for the audit log (docs/product.md#admin-audit-log). */
export interface AdminActor {
  admin: AdminAuth;
  address?: string | null;
}

export interface AdminOrderPage {
  items: AdminOrderRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** The orders list of the back office: newest first, filtered and searched on the server. */
export async function listOrders(deps: AppDeps, rawInput: ListOrdersInput): Promise<AdminOrderPage> {
  const input = parseInput(listOrdersInputSchema, rawInput);
  const filters = { search: input.search, status: input.status };
  const [items, total] = await Promise.all([
    listAdminOrders(deps.db, filters, { limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
    countAdminOrders(deps.db, filters),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

async function requireOrder(db: DB, orderId: string): Promise<AdminOrderRow> {
  const order = await findAdminOrder(db, orderId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return order;
}

/**
 * The code of a completed order the seller may see (decision 0369: a working code reads the answers).
 * With SMTP_URL none: it is only emailed. Without it a brand-new account's first code, as the CLI
 * prints it; an account that existed before is refused (409, in the order's transaction: all undone).
 */
function codeSellerSees(deps: AppDeps, fulfilled: FulfilledOrder | null): string | null {
  if (!fulfilled?.accessCode || deliversMail(deps.config)) return null;
  if (!fulfilled.newAccount) throw new AppError('CONFLICT', CODE_NOT_SENT_WITHOUT_MAIL);
  return fulfilled.accessCode;
}

/** An order's answer on the back office: only the code the seller may see, and where a withheld one went. */
function forSeller<T extends CreatedOrder>(order: T, shown: string | null): T & { sentTo: string | null } {
  return { ...order, accessCode: shown, sentTo: order.accessCode !== null && shown === null ? order.email : null };
}

/** "Record an order" on the orders page: the service of `npm run order:create`, its code as codeSellerSees allows. */
export async function recordOrder(deps: AppDeps, actor: AdminActor, input: RecordOrderInput) {
  let shown: string | null = null;
  const created = await createOrder(deps, input, {
    inTransaction: async (trx, orderId, fulfilled) => {
      shown = codeSellerSees(deps, fulfilled);
      await recordAdminAction(trx, actor.admin, 'order.record', { target: `order ${orderId}`, address: actor.address });
    },
  });
  return forSeller(created, shown);
}

/** A service's input checked again with its shared schema (the transports check it first). */
function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('BAD_REQUEST', describeZodError(result.error));
  return result.data;
}

export const GIFT_PAID_BY_ANOTHER_ORDER =
  'The gift this order was for is paid by another order already: refund this payment in Stripe instead.';

export interface PaidOrder extends CreatedOrder {
  /** For a gift's order: the couple's email the gift goes to (on its date); nobody's access changed. */
  giftFor: string | null;
}

export const ORDER_PAYMENT_FAILED =
  'Stripe reported this payment failed, so the order cannot be marked paid. The buyer can pay again from the course page.';

/**
 * A pending order is paid (docs/product.md#orders): it becomes completed and does what a completed
 * order does, full access and a new personal code for the buyer (emailed; shown as codeSellerSees
 * allows). A gift's order (a flagged gift payment) pays the gift instead: its email goes to the
 * couple on its date, the giver gets the receipt, and nobody's access changes until they open it.
 */
export async function markOrderPaid(deps: AppDeps, actor: AdminActor, orderId: string) {
  const paid = await deps.db.transaction().execute(async (trx) => {
    const order = await requireOrder(trx, orderId);
    if (order.status !== 'pending') {
      throw new AppError('CONFLICT', `Only a pending order can be marked paid; this one is ${order.status}.`);
    }
    if (order.paymentFailed) throw new AppError('CONFLICT', ORDER_PAYMENT_FAILED);
    const audit = () =>
      recordAdminAction(trx, actor.admin, 'order.mark-paid', { target: `order ${orderId}`, address: actor.address });
    // A flagged payment made with a coupon: its use counts now, as the webhook would have counted it.
    await markHeldCouponUseUsed(trx, orderId);
    if (order.gift) {
      const giftPaid = await completeGiftPurchase(trx, deps, order.gift.id, {
        orderId,
        amount: order.amount,
        currency: order.currency,
      });
      if (!giftPaid) throw new AppError('CONFLICT', GIFT_PAID_BY_ANOTHER_ORDER);
      await setOrderStatus(trx, orderId, 'completed', null);
      await audit();
      return { email: order.email, accessCode: null, shown: null, giftFor: order.gift.coupleEmail };
    }
    if (deps.config.demoEmail !== '' && order.email === deps.config.demoEmail) {
      throw new AppError('CONFLICT', `The email ${order.email} is reserved for the demo account (DEMO_EMAIL).`);
    }
    const linked = order.coupleId === null ? undefined : await findAccountOfCouple(trx, order.coupleId, order.email);
    const fulfilled = await fulfilCompletedOrder(trx, deps, order.email, linked, order.firstName);
    const shown = codeSellerSees(deps, fulfilled);
    await setOrderStatus(trx, orderId, 'completed', fulfilled.coupleId);
    await audit();
    return { email: order.email, accessCode: fulfilled.accessCode, shown, giftFor: null };
  });
  const successUrl = `${deps.config.publicUrl}/success?payment_intent=${orderId}`;
  const { shown, ...rest } = paid;
  return forSeller<PaidOrder>({ orderId, status: 'completed', successUrl, ...rest }, shown);
}

export interface RefundResult {
  orderId: string;
  /** False when the order was refunded already: a second refund changes nothing. */
  changed: boolean;
  /** The couple whose access the order gave, if any. */
  coupleId: number | null;
  /** That couple's access level after the refund (null without a couple). */
  accessLevel: AccessLevel | null;
  /** Whether the refund took the couple from full access back to trial. */
  accessDropped: boolean;
  /** Whether the order paid for a gift not opened yet, which no longer opens (nobody's access changed). */
  giftVoided: boolean;
  /** The couple's certificates the refund revoked: those still valid when it took them back to trial (decision 0332). */
  certificatesRevoked: number;
  /** Those certificates, as `CODE (STATE)` (a refund made in Stripe names them in the audit log, decision 0343). */
  revokedCertificates: string[];
}

/**
 * THE refund rule (docs/product.md#orders), for the back office and the payment webhook alike:
 * the order becomes `refunded` (nothing is deleted), and its couple (the one it is linked to, or
 * the account with its email) falls back to trial access unless another completed order covers
 * it, linked to the couple or carrying one of its accounts' emails, the seller's grant from the
 * back office (decision 0358), or a facilitator's seat it
 * keeps (decision 0264: the parish paid for it), which then carries its access (decision 0333:
 * refunding that seat's pack with "end their access" ends it); back in the trial, its certificates
 * still valid are revoked (decision 0332). A gift's order has only the
 * couple who opened the gift (never the giver, whose email it carries); unopened, the gift is
 * void and its email, if not sent yet, withdrawn (voidGiftOfRefundedOrder). Refunding a refunded order
 * changes nothing (`changed: false`); a pending order cannot be refunded (409). Pass a transaction
 * to run inside it; otherwise it opens its own. `inTransaction` runs in the same transaction after
 * the change (the audit line, later an email).
 */
export async function refundOrder(
  db: DB,
  orderId: string,
  options: { inTransaction?: (trx: DB, result: RefundResult) => Promise<void> } = {},
): Promise<RefundResult> {
  if (!db.isTransaction) return db.transaction().execute((trx) => refundOrder(trx, orderId, options));
  // Whether its gift was opened decides the rule below: an opening under way finishes first.
  await lockGiftOfOrder(db, orderId);
  const order = await requireOrder(db, orderId);
  const coupleId = order.gift
    ? order.gift.coupleId
    : (order.coupleId ?? (await findCoupleAccountByEmail(db, order.email))?.coupleId ?? null);
  const levelBefore = coupleId === null ? null : ((await getAccessLevel(db, coupleId)) ?? null);
  if (order.status === 'refunded') {
    return {
      orderId,
      changed: false,
      coupleId,
      accessLevel: levelBefore,
      accessDropped: false,
      giftVoided: false,
      certificatesRevoked: 0,
      revokedCertificates: [],
    };
  }
  if (order.status !== 'completed') {
    throw new AppError('CONFLICT', `Only a completed order can be refunded; this one is ${order.status}.`);
  }
  await setOrderStatus(db, orderId, 'refunded');
  const giftVoided = order.gift !== null && !order.gift.redeemed;
  if (giftVoided) await voidGiftOfRefundedOrder(db, orderId);
  let accessLevel = levelBefore;
  let revokedCertificates: string[] = [];
  if (
    coupleId !== null &&
    levelBefore === 'full' &&
    !(await hasOtherCompletedOrder(db, coupleId, orderId)) &&
    !(await sellerGrantCarriesAccess(db, coupleId)) &&
    !(await keptSeatCarriesAccess(db, coupleId))
  ) {
    await setAccessLevel(db, coupleId, 'trial');
    accessLevel = 'trial';
    // A certificate says the couple took the course they paid for: refunded, it no longer holds.
    revokedCertificates = await revokeCertificatesOfRefund(db, [coupleId]);
  }
  const result = {
    orderId,
    changed: true,
    coupleId,
    accessLevel,
    accessDropped: levelBefore !== accessLevel,
    giftVoided,
    certificatesRevoked: revokedCertificates.length,
    revokedCertificates,
  };
  await options.inTransaction?.(db, result);
  return result;
}

/**
 * Whether a completed order covers the couple (linked to it, or carrying one of its accounts'
 * emails; a gift's order only for the couple who opened it): the couple paid for the course, so
 * no seat pack's refund may take their access (decision 0264).
 */
export function isCoveredByCompletedOrder(db: DB, coupleId: number): Promise<boolean> {
  return hasOtherCompletedOrder(db, coupleId);
}

/** The back office's refund: refundOrder with its audit line. */
export async function refundOrderAsAdmin(deps: AppDeps, actor: AdminActor, orderId: string): Promise<RefundResult> {
  return refundOrder(deps.db, orderId, {
    inTransaction: (trx) =>
      recordAdminAction(trx, actor.admin, 'order.refund', { target: `order ${orderId}`, address: actor.address }),
  });
}

/** A gift's order carries the giver's email, which no access went to: Resend access says where to go instead. */
export function giftOrderNotResendable(gift: NonNullable<AdminOrderRow['gift']>): string {
  return gift.redeemed
    ? 'This order paid for a gift that has been opened: issue the couple a new code on their page (Couples).'
    : `This order paid for a gift for ${gift.coupleEmail}, not opened yet: resend the gift email on the Gifts page.`;
}

/**
 * Resend access (docs/product.md#access-codes): a new personal code for the account that signs in
 * with the order's email, emailed to it as on the couple's page and never shown (decision 0369); the
 * old code stops working and the account's sessions end (issueAccessCode). Refused (409) before any
 * change: a pending order, an email without an account, a gift's order (its email is the giver's:
 * giftOrderNotResendable says where to go), a server without SMTP_URL. The audit line with the code.
 */
export async function resendAccessAsAdmin(deps: AppDeps, actor: AdminActor, orderId: string) {
  return deps.db.transaction().execute(async (trx) => {
    const order = await requireOrder(trx, orderId);
    if (order.status === 'pending') {
      throw new AppError('CONFLICT', 'This order is not paid yet: mark it paid to issue a code.');
    }
    if (order.gift) throw new AppError('CONFLICT', giftOrderNotResendable(order.gift));
    const account = await findCoupleAccountByEmail(trx, order.email);
    if (!account) throw new AppError('CONFLICT', `No account signs in with ${order.email}.`);
    const deliver = issuedCodeDelivery(deps, order.email);
    await issueAccessCode(trx, deps, account.accountId, { provesEmail: true, deliver });
    await recordAdminAction(trx, actor.admin, 'order.resend-access', {
      target: `order ${orderId}`,
      address: actor.address,
    });
    return { orderId, email: order.email, sentTo: order.email };
  });
}

const CSV_HEADER = [
  'order_id',
  'status',
  'amount',
  'currency',
  'first_name',
  'last_name',
  'email',
  'created_at',
  'paid_through_stripe',
  // A pending order whose delayed payment failed (decision 0323): the status column keeps the API's "pending".
  'payment_failed',
] as const;
const EXPORT_BATCH = 500;

/**
 * Every order the filters select, newest first, as CSV (UTF-8 with a byte-order mark, so
 * spreadsheets read names right), streamed in keyset pages of EXPORT_BATCH rows: memory stays
 * flat however many orders there are.
 */
export function exportOrdersCsv(deps: AppDeps, rawFilters: OrderFilters): Readable {
  const filters = parseInput(orderFiltersSchema, rawFilters);
  async function* lines() {
    yield `\uFEFF${csvLine(CSV_HEADER)}`;
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const rows = await listAdminOrdersAfter(deps.db, filters, after, EXPORT_BATCH);
      if (rows.length === 0) return;
      yield rows
        .map((row) =>
          csvLine([
            row.id,
            row.status,
            decimalAmount(row.amount, row.currency),
            row.currency.toUpperCase(),
            row.firstName,
            row.lastName,
            row.email,
            row.createdAt,
            row.paidThroughStripe,
            row.paymentFailed,
          ]),
        )
        .join('');
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
