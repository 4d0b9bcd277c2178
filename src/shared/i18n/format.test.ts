import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatList, formatMoney, formatNumber } from './format';
import { acceptLanguageList, chooseLocale, pickLocale } from './locales';

describe('formatting for a language', () => {
  it('counts with the right plural', () => {
    expect(formatCount('es', 1, 'day')).toBe('1 día');
    expect(formatCount('es', 2, 'day')).toBe('2 días');
    expect(formatCount('en', 1, 'week')).toBe('1 week');
    expect(formatCount('en', 52, 'week')).toBe('52 weeks');
  });

  it('writes dates as each language does, a date-only value on its own day', () => {
    expect(formatDate('es', '2026-11-24')).toBe('24 de noviembre de 2026');
    expect(formatDate('en', '2026-11-24')).toBe('24 November 2026');
  });

  it('writes money and numbers', () => {
    expect(formatMoney('en', 4900, 'usd')).toBe('$49.00');
    expect(formatMoney('es', 4900, 'usd')).toBe('$49.00');
    expect(formatMoney('en', 3900, 'eur')).toBe('€39.00');
    expect(formatMoney('es', 3900, 'eur')).toBe('EUR\u00a039.00');
    expect(formatMoney('en', 4900, 'jpy')).toBe('¥4,900');
    expect(formatNumber('en', 10000)).toBe('10,000');
    expect(formatList('es', ['Ana', 'Luis'])).toBe('Ana y Luis');
  });
});

describe('choosing the language', () => {
  it('reads Accept-Language by preference', () => {
    expect(acceptLanguageList('en;q=0.5, es-MX, fr;q=0.8')).toEqual(['es-MX', 'fr', 'en']);
    expect(pickLocale(acceptLanguageList('fr-FR, es;q=0.9, en;q=0.8'))).toBe('es');
    expect(pickLocale(acceptLanguageList('de, fr'))).toBe('en');
    expect(pickLocale([])).toBe('en');
  });

  it('takes the path first, then the cookie, then the browser', () => {
    expect(chooseLocale({ pathname: '/es', cookie: 'vw_locale=en', preferences: ['en'] })).toBe('es');
    expect(chooseLocale({ pathname: '/', cookie: 'a=1; vw_locale=es', preferences: ['en'] })).toBe('es');
    expect(chooseLocale({ pathname: '/', cookie: 'vw_locale=fr', preferences: ['es-US'] })).toBe('es');
    expect(chooseLocale({ pathname: '/dashboard', preferences: ['de'] })).toBe('en');
  });
});
