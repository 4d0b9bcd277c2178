import type { Page } from '@playwright/test';

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

/**
 * Starts adding up the page's layout shifts (not caused by input) from its first paint; call it
 * before `page.goto`. `layoutShift(page)` then reads the total (CLS without session windows).
 */
export async function trackLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[])
        if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total);
}
