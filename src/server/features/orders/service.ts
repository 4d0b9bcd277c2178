import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../../../shared/errors';
import { createOrderSchema, isPaymentIntentId, type CreateOrderInput } from '../../../shared/orders-schemas';
import { describeZodError } from '../../../shared/schemas';
import type { AppDeps } from '../../deps';
import { endSessionsOfUnprovenEmail, issueAccessCode } from '../auth/access-codes';
import { accessCodeDelivery, queueOrderNotice } from '../mail/service';
import {
  createFullAccessCouple,
  findCoupleAccountByEmail,
  findCoupleAccountByUsername,
  findOrder,
  grantFullAccess,
  insertOrder,
  isEmailTaken,
  listFrameworkFiles,
  type OrderView,
} from './repo';
import { openMergedWorkbook } from './workbook-pdf';

export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_NOT_COMPLETED =
  'This order is not completed yet. The workbook can be downloaded once the payment is confirmed.';
export const WORKBOOK_NOT_AVAILABLE =
  'The workbook is not available yet: no weekly frameworks have been uploaded. Please try again later.';
export const WORKBOOK_FILE_NAME = 'vows-and-weeks-workbook.pdf';

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
export async function getOrder(deps: AppDeps, paymentIntentId: string): Promise<OrderView> {
  const order = isPaymentIntentId(paymentIntentId)
    ? await findOrder(deps.db, paymentIntentId, hiddenAccountEmail(deps))
    : undefined;
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return order;
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
  const weeks = (await listFrameworkFiles(deps.db)).length;
  const message =
    weeks === 0
      ? 'Your order is complete. The workbook will be ready to download as soon as the first weekly frameworks are published.'
      : `Your workbook is ready: ${weeks === 1 ? 'the first weekly framework' : `${weeks} weekly frameworks`} in one PDF.`;
  return { message, downloadUrl: workbookDownloadPath(order.id) };
}

/** The complete workbook PDF behind `downloadUrl`, as a stream with its size. */
export async function openWorkbookPdf(
  deps: AppDeps,
  paymentIntentId: string,
): Promise<{ stream: Readable; size: number; fileName: string }> {
  await getCompletedOrder(deps, paymentIntentId);
  const handle = await openMergedWorkbook(
    { pdfDir: deps.config.pdfDir, cacheDir: path.join(deps.config.dataDir, 'cache') },
    await listFrameworkFiles(deps.db),
  );
  if (!handle) throw new AppError('NOT_FOUND', WORKBOOK_NOT_AVAILABLE);
  try {
    const { size } = await handle.stat();
    return { stream: handle.createReadStream({ autoClose: true }), size, fileName: WORKBOOK_FILE_NAME };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `pi_` and 24 random letters or digits (about 143 bits): looks like a payment-intent id, cannot be guessed. */
export function generateOrderId(): string {
  const symbols: string[] = [];
  while (symbols.length < 24) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && symbols.length < 24) symbols.push(ID_ALPHABET[byte % 62]!);
    }
  }
  return `pi_${symbols.join('')}`;
}

export interface CreatedOrder {
  orderId: string;
  email: string;
  status: string;
  /** The personal access code issued with a completed order (shown once); null when none was issued. */
  accessCode: string | null;
  successUrl: string;
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
export async function createOrder(deps: AppDeps, rawInput: CreateOrderInput): Promise<CreatedOrder> {
  const parsed = createOrderSchema.safeParse(rawInput);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  const input = parsed.data;
  if (deps.config.demoEmail !== '' && input.email === deps.config.demoEmail) {
    throw new AppError(
      'CONFLICT',
      `The email ${input.email} is reserved for the demo account (DEMO_EMAIL); use the buyer's own email.`,
    );
  }
  const orderId = generateOrderId();

  const issuedCode = await deps.db.transaction().execute(async (trx): Promise<string | null> => {
    const byUsername = input.username ? await findCoupleAccountByUsername(trx, input.username) : undefined;
    if (input.username && !byUsername) {
      throw new AppError('NOT_FOUND', `No account registered with the username ${input.username}.`);
    }
    const byEmail = await findCoupleAccountByEmail(trx, input.email);
    const order = {
      id: orderId,
      amount: input.amount,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      status: input.status,
    };
    await queueOrderNotice(trx, deps, order);

    if (input.status !== 'completed') {
      await insertOrder(trx, { ...order, coupleId: byUsername?.coupleId ?? byEmail?.coupleId ?? null });
      return null;
    }
    // Every code of a completed order goes to the buyer's email (docs/product.md#email).
    const delivered = { provesEmail: true, deliver: accessCodeDelivery(deps, input) } as const;

    if (byUsername) {
      if (byEmail && byEmail.accountId !== byUsername.accountId) {
        throw new AppError(
          'CONFLICT',
          `The email ${input.email} already belongs to another account; record the order without --username to upgrade that account, or use another email.`,
        );
      }
      await grantFullAccess(trx, byUsername.coupleId);
      await insertOrder(trx, { ...order, coupleId: byUsername.coupleId });
      if (byUsername.email === input.email) {
        return issueAccessCode(trx, deps, byUsername.accountId, delivered);
      }
      if (byUsername.email === null && !(await isEmailTaken(trx, input.email))) {
        return issueAccessCode(trx, deps, byUsername.accountId, { ...delivered, email: input.email });
      }
      // The account already signs in with another email: it keeps that email and its own code.
      await endSessionsOfUnprovenEmail(trx, byUsername);
      return null;
    }

    if (byEmail) {
      await grantFullAccess(trx, byEmail.coupleId);
      await insertOrder(trx, { ...order, coupleId: byEmail.coupleId });
      return issueAccessCode(trx, deps, byEmail.accountId, delivered);
    }

    if (await isEmailTaken(trx, input.email)) {
      throw new AppError('CONFLICT', `The email ${input.email} belongs to an administrator account.`);
    }
    const created = await createFullAccessCouple(trx, { email: input.email });
    await insertOrder(trx, { ...order, coupleId: created.coupleId });
    return issueAccessCode(trx, deps, created.accountId, delivered);
  });

  return {
    orderId,
    email: input.email,
    status: input.status,
    accessCode: issuedCode,
    successUrl: `${deps.config.publicUrl}/success?payment_intent=${orderId}`,
  };
}
