import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { getPublicConfig } from './service';

describe('getPublicConfig', () => {
  it('advertises each configured price in its own currency, the same texts on every call', () => {
    const usd = getPublicConfig(loadConfig({}));
    const eur = getPublicConfig(loadConfig({ PRICE_CENTS: '3900', CURRENCY: 'EUR' }));
    const jpy = getPublicConfig(loadConfig({ PRICE_CENTS: '5000', CURRENCY: 'JPY' }));
    expect(usd.advertisedPrice).toEqual({ price: '$49', perWeek: 'less than $1 a week' });
    expect(getPublicConfig(loadConfig({ PRICE_CENTS: '9900' })).advertisedPrice).toEqual({
      price: '$99',
      perWeek: 'less than $2 a week',
    });
    expect(eur.advertisedPrice).toEqual({ price: '€39', perWeek: 'less than €1 a week' });
    expect(jpy.advertisedPrice).toEqual({ price: '¥5,000', perWeek: 'less than ¥97 a week' });
    expect(getPublicConfig(loadConfig({ PRICE_CENTS: '3900', CURRENCY: 'EUR' })).advertisedPrice).toEqual(
      eur.advertisedPrice,
    );
  });
});
