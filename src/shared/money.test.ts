import { describe, expect, it } from 'vitest';
import { advertisedPrice, decimalAmount, formatMoney } from './money';

describe('formatMoney', () => {
  it('shows cents in dollars with two decimals', () => {
    expect(formatMoney(4900, 'usd')).toBe('$49.00');
    expect(formatMoney(2550, 'usd')).toBe('$25.50');
    expect(formatMoney(5, 'usd')).toBe('$0.05');
    expect(formatMoney(0, 'usd')).toBe('$0.00');
  });

  it('shows euros with the euro sign', () => {
    expect(formatMoney(4900, 'eur')).toBe('€49.00');
    expect(formatMoney(123456, 'EUR')).toBe('€1,234.56');
  });

  it('shows a currency without decimals (yen) in whole units', () => {
    expect(formatMoney(4900, 'jpy')).toBe('¥4,900');
  });

  it('follows the locale when one is given', () => {
    expect(formatMoney(4900, 'eur', { locale: 'de-DE' })).toBe('49,00\u00a0€');
  });

  it('drops zero decimals when asked, and only zero ones', () => {
    expect(formatMoney(4900, 'usd', { dropZeroDecimals: true })).toBe('$49');
    expect(formatMoney(4950, 'usd', { dropZeroDecimals: true })).toBe('$49.50');
  });

  it('falls back to the amount and the code for a code the runtime does not know', () => {
    expect(formatMoney(4900, 'x1')).toBe('49.00 X1');
  });
});

describe('decimalAmount', () => {
  it("writes the major unit with the currency's own decimals, no symbol or grouping", () => {
    expect(decimalAmount(4900, 'usd')).toBe('49.00');
    expect(decimalAmount(5, 'eur')).toBe('0.05');
    expect(decimalAmount(1234567, 'usd')).toBe('12345.67');
    expect(decimalAmount(4900, 'jpy')).toBe('4900');
    expect(decimalAmount(4900, 'kwd')).toBe('4.900');
    expect(decimalAmount(-250, 'usd')).toBe('-2.50');
  });

  it('uses two decimals for a code the runtime does not know', () => {
    expect(decimalAmount(4900, 'x1')).toBe('49.00');
  });
});

describe('advertisedPrice', () => {
  it('is "$49" and "less than $1 a week" for the default price', () => {
    expect(advertisedPrice(4900, 'usd')).toEqual({ price: '$49', perWeek: 'less than $1 a week' });
  });

  it('follows the configured price and currency', () => {
    expect(advertisedPrice(3900, 'eur')).toEqual({ price: '€39', perWeek: 'less than €1 a week' });
    expect(advertisedPrice(9900, 'usd')).toEqual({ price: '$99', perWeek: 'less than $2 a week' });
    expect(advertisedPrice(4900, 'jpy')).toEqual({ price: '¥4,900', perWeek: 'less than ¥95 a week' });
    expect(advertisedPrice(5200, 'usd')).toEqual({ price: '$52', perWeek: '$1 a week' });
  });
});
