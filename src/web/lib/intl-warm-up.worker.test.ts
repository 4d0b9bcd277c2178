import { afterEach, describe, expect, it, vi } from 'vitest';

// The worker runs as it is imported (main.tsx starts it by its URL): each case imports it afresh,
// with the worker's name (the page's language) set on `self` as the browser sets it.
describe('the Intl warm-up worker (decision 0391)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    self.name = '';
  });

  it.each([
    ['es', 'es-US', 'es-US'],
    ['en', 'en-US', 'en-GB'],
    ['', 'en-US', 'en-GB'],
    ['fr', 'en-US', 'en-GB'],
  ])(
    'named %j, makes each formatter the pages use in that language (%s, dates %s), then ends',
    async (name, tag, dateTag) => {
      self.name = name;
      const numbers = vi.spyOn(Intl, 'NumberFormat');
      const dates = vi.spyOn(Intl, 'DateTimeFormat');
      const plurals = vi.spyOn(Intl, 'PluralRules');
      const lists = vi.spyOn(Intl, 'ListFormat');
      const close = vi.spyOn(self, 'close').mockImplementation(() => {});
      vi.resetModules();
      await import('./intl-warm-up.worker');

      const styles = numbers.mock.calls.map(([locale, options]) => [locale, options?.style ?? 'decimal']);
      expect(styles).toEqual([
        [tag, 'decimal'],
        [tag, 'percent'],
        [tag, 'currency'],
      ]);
      expect(dates.mock.calls.map(([locale]) => locale)).toEqual([dateTag]);
      expect(plurals.mock.calls.map(([locale]) => locale)).toEqual([tag]);
      expect(lists.mock.calls.map(([locale]) => locale)).toEqual([tag]);
      expect(close).toHaveBeenCalledOnce();
    },
  );
});
