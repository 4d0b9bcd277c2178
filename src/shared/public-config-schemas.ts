import { z } from './zod';
import { TOTAL_WEEKS } from './constants';

/**
 * What the pages may know about this installation (GET /api/config, publicConfig.get, and the
 * data block in every page): demo mode, the code hints to show, the trial week limit. A disabled
 * code is null.
 */
export const publicConfigSchema = z.object({
  demoMode: z.boolean(),
  trialAccessCode: z.string().nullable(),
  demoEmail: z.string().nullable(),
  demoAccessCode: z.string().nullable(),
  trialWeeks: z.number().int().min(1).max(TOTAL_WEEKS),
  /** Whether /checkout takes card payments through Stripe (docs/product.md#card-payments). */
  cardPayments: z.boolean(),
  /** The course's price in cents, and its currency (lower-case ISO code). */
  priceCents: z.number().int().min(0),
  currency: z.string(),
  /**
   * The price as the pages advertise it ("$49", "less than $1 a week"), formatted by the server: a
   * page's first Intl number format builds the browser's locale tables, 50-90 ms in one task in
   * Chromium on this machine (decision 0310), which the landing page then need not spend.
   */
  advertisedPrice: z.object({ price: z.string(), perWeek: z.string() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
