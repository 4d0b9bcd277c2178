import { z } from './zod';

/**
 * The overview's inputs (docs/product.md#admin-overview). The answers are typed by the server
 * (the web imports only their types).
 */

export const AUDIT_LOG_PAGE_SIZE = 20;

/** One page of the audit log, newest first: pages count from 1. */
export const auditLogPageSchema = z.object({
  page: z
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page is too large'),
});

/** The windows the overview counts over, in days (docs/product.md#admin-overview). */
export const INSIGHT_WINDOWS = {
  /** Trials started, orders and revenue. */
  recentDays: 30,
  /** Trial-to-paid conversion: of the trials started in this many days. */
  conversionDays: 90,
  /** Couples active. */
  activeDays: 7,
} as const;
