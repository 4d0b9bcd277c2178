import { describe, expect, it } from 'vitest';
import { readDashboardSearch } from './dashboard-search';

describe('readDashboardSearch', () => {
  it('keeps a known tab and a week 1-52 (as the router parses it, or as text)', () => {
    expect(readDashboardSearch({ tab: 'current', week: 3 })).toEqual({ tab: 'current', week: 3 });
    expect(readDashboardSearch({ tab: 'wins', week: '52' })).toEqual({ tab: 'wins', week: 52 });
    expect(readDashboardSearch({})).toEqual({});
  });

  it('drops what is not a tab or a week, keeping the rest', () => {
    expect(readDashboardSearch({ tab: 'settings', week: 4 })).toEqual({ week: 4 });
    expect(readDashboardSearch({ tab: 'profile', week: 53 })).toEqual({ tab: 'profile' });
    for (const week of [0, -1, 2.5, 'abc', '', null, true, '1e1', [3]])
      expect(readDashboardSearch({ tab: 'current', week })).toEqual({ tab: 'current' });
    expect(readDashboardSearch(null)).toEqual({});
    expect(readDashboardSearch('tab=current')).toEqual({});
  });
});
