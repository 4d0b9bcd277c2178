import { TOTAL_WEEKS } from '../../../shared/constants';

/** The dashboard's four tabs, in order (docs/product.md#dashboard). */
export const DASHBOARD_TABS = ['progress', 'current', 'wins', 'profile'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DEFAULT_DASHBOARD_TAB: DashboardTab = 'progress';

/**
 * The dashboard's place in the URL (docs/product.md#weekly-routine): `?tab=current&week=4`. Both
 * are optional, and a value that is not one of the tabs or not a week 1-52 is dropped rather than
 * refused, so an old or hand-edited link still opens the dashboard (on the default tab, no week).
 * Written by hand rather than with zod: the route's `validateSearch` is in the landing page's
 * bundle, which zod would grow by about 28 KB gzip (docs/benchmarks.md, bundle budget).
 */
export interface DashboardSearch {
  tab?: DashboardTab;
  week?: number;
}

function tabFrom(value: unknown): DashboardTab | undefined {
  return DASHBOARD_TABS.find((tab) => tab === value);
}

/** A week 1-52, given as a number (the router parses `week=4`) or as its digits. */
function weekFrom(value: unknown): number | undefined {
  const week =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(week) && week >= 1 && week <= TOTAL_WEEKS ? week : undefined;
}

/** Reads any search object (the router's, or a raw one in tests) as the dashboard's. */
export function readDashboardSearch(search: unknown): DashboardSearch {
  const raw = typeof search === 'object' && search !== null ? (search as Record<string, unknown>) : {};
  return stripUndefined({ tab: tabFrom(raw.tab), week: weekFrom(raw.week) });
}

/** Drops the keys left undefined, so the URL carries only what is set. */
export function stripUndefined(search: DashboardSearch): DashboardSearch {
  return {
    ...(search.tab !== undefined ? { tab: search.tab } : {}),
    ...(search.week !== undefined ? { week: search.week } : {}),
  };
}
