import { ACCESS_LEVELS, NAME_MAX_LENGTH } from './constants';
import { createOrderSchema } from './orders-schemas';
import { z } from './zod';

/*
 * The back office's orders and couples (docs/product.md#back-office-orders-and-couples): one schema
 * for each form and procedure input, used by the page and the server alike.
 */

/** Every status an order can have; `refunded` is set only by a refund (docs/product.md#orders). */
export const ALL_ORDER_STATUSES = ['pending', 'completed', 'refunded'] as const;
export type AnyOrderStatus = (typeof ALL_ORDER_STATUSES)[number];

export const ADMIN_MAX_PAGE_SIZE = 100;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;
/** The longest search text: a prefix of an email, a name or an order id. */
export const ADMIN_SEARCH_MAX_LENGTH = 120;

const pageFields = {
  page: z
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
  pageSize: z
    .number({ error: `pageSize must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}` })
    .int(`pageSize must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}`)
    .min(1, `pageSize must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}`)
    .max(ADMIN_MAX_PAGE_SIZE, `pageSize must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}`)
    .default(ADMIN_DEFAULT_PAGE_SIZE),
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(ADMIN_SEARCH_MAX_LENGTH, `search must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters`)
    .default(''),
};

/** The filters of the orders list and of its CSV export. */
export const orderFiltersSchema = z.object({
  search: pageFields.search,
  status: z.enum(ALL_ORDER_STATUSES, { error: 'status must be pending, completed or refunded' }).optional(),
});
export type OrderFilters = z.input<typeof orderFiltersSchema>;

export const listOrdersInputSchema = orderFiltersSchema.extend({
  page: pageFields.page,
  pageSize: pageFields.pageSize,
});
export type ListOrdersInput = z.input<typeof listOrdersInputSchema>;

/** The query string of GET /api/admin/orders.csv: the list's filters, as text. */
export const orderExportQuerySchema = z.object({
  search: pageFields.search,
  status: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(ALL_ORDER_STATUSES, { error: 'status must be pending, completed or refunded' }).optional(),
    )
    .optional(),
});

export const orderIdInputSchema = z.object({
  orderId: z
    .string({ error: 'orderId is required' })
    .regex(/^pi_[A-Za-z0-9]{1,200}$/, 'orderId must be an order id (pi_ and letters or digits)'),
});

/** "Record an order" on the orders page: what `npm run order:create` takes, amount in cents. */
export const recordOrderSchema = createOrderSchema;
export type RecordOrderInput = z.input<typeof recordOrderSchema>;

export const COUPLE_ACTIVITIES = ['active7', 'active30', 'inactive'] as const;
export type CoupleActivity = (typeof COUPLE_ACTIVITIES)[number];
/** The days behind each activity filter; `inactive` is "not active in the last 30 days". */
export const ACTIVITY_DAYS: Record<CoupleActivity, number> = { active7: 7, active30: 30, inactive: 30 };

export const listCouplesInputSchema = z.object({
  ...pageFields,
  accessLevel: z.enum(ACCESS_LEVELS, { error: 'accessLevel must be trial or full' }).optional(),
  activity: z.enum(COUPLE_ACTIVITIES, { error: 'activity must be active7, active30 or inactive' }).optional(),
});
export type ListCouplesInput = z.input<typeof listCouplesInputSchema>;

export const coupleIdInputSchema = z.object({
  coupleId: z
    .number({ error: 'coupleId must be a positive whole number' })
    .int('coupleId must be a positive whole number')
    .min(1, 'coupleId must be a positive whole number'),
});

/** Deleting an account: the admin types the couple's sign-in (email or username) to confirm. */
export const deleteCoupleInputSchema = coupleIdInputSchema.extend({
  confirmation: z
    .string({ error: 'confirmation is required' })
    .trim()
    .min(1, 'confirmation is required: type the email or username')
    .max(NAME_MAX_LENGTH * 4, 'confirmation is too long'),
});
