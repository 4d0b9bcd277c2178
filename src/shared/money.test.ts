import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

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
    expect(formatMoney(4900, 'eur', 'de-DE')).toBe('49,00\u00a0€');
  });

  it('falls back to the amount and the code for a code the runtime does not know', () => {
    expect(formatMoney(4900, 'x1')).toBe('49.00 X1');
  });
});
