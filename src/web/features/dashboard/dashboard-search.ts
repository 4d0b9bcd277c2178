import { TOTAL_WEEKS } from '../../../shared/constants';
import { z } from '../../../shared/zod';

/** The dashboard's four tabs, in order (docs/product.md#dashboard). */
export const DASHBOARD_TABS = ['progress', 'current', 'wins', 'profile'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DEFAULT_DASHBOARD_TAB: DashboardTab = 'progress';

/**
 * The dashboard's place in the URL (docs/product.md#weekly-routine): `?tab=current&week=4`. Both
 * are optional, and a value that is not one of the tabs or not a week 1-52 is dropped rather than
 * refused, so an old or hand-edited link still opens the dashboard (on the default tab, no week).
 */
export const dashboardSearchSchema = z.object({
  tab: z.enum(DASHBOARD_TABS).optional().catch(undefined),
  week: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,2}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(TOTAL_WEEKS))
    .optional()
    .catch(undefined),
});
export type DashboardSearch = z.output<typeof dashboardSearchSchema>;

/** Reads any search object (the router's, or a raw one in tests) as the dashboard's. */
export function readDashboardSearch(search: unknown): DashboardSearch {
  const parsed = dashboardSearchSchema.safeParse(search ?? {});
  return parsed.success ? stripUndefined(parsed.data) : {};
}

/** Drops the keys left undefined, so the URL carries only what is set. */
export function stripUndefined(search: DashboardSearch): DashboardSearch {
  return {
    ...(search.tab !== undefined ? { tab: search.tab } : {}),
    ...(search.week !== undefined ? { week: search.week } : {}),
  };
}
