import { describe, expect, it } from 'vitest';
import { quotePrice } from '../features/coupons/service';
import { useTestApp } from '../test/harness';
import { addressLimitKey } from './rate-limiter';

/*
 * Decision 0336: a security review spent 40 coupon look-ups from 40 addresses of one IPv6 /64
 * (2001:db8:1:2::0 to ::27) and none was refused, where one address is refused after 30: every
 * per-address budget was keyed by the raw address, and a subscriber is usually given a whole /64.
 */
const t = useTestApp();

async function outcomes(addresses: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const address of addresses) {
    const outcome = await quotePrice(t.deps, { couponCode: 'GUESS' }, address).then(
      () => 'ok',
      (error: { code?: string }) => error.code ?? 'error',
    );
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

describe('per-address limits and IPv6', () => {
  it('count the addresses of one /64 against one budget', async () => {
    const spread = Array.from({ length: 40 }, (_, i) => `2001:db8:1:2::${i.toString(16)}`);
    // 30 coupon look-ups a minute per address: an unknown code answers 404 until the budget is spent.
    expect(await outcomes(spread)).toEqual({ NOT_FOUND: 30, TOO_MANY_REQUESTS: 10 });
    // The next /64 has its own budget, and so has every IPv4 address.
    expect(await outcomes(['2001:db8:1:3::1', '2001:db8:1:3:ffff:ffff:ffff:ffff'])).toEqual({ NOT_FOUND: 2 });
    expect(await outcomes(['198.51.100.7', '198.51.100.8'])).toEqual({ NOT_FOUND: 2 });
  });

  it('count an IPv4-mapped address as the IPv4 address it is', async () => {
    const both = Array.from({ length: 16 }, () => ['203.0.113.9', '::ffff:203.0.113.9']).flat();
    expect(await outcomes(both)).toEqual({ NOT_FOUND: 30, TOO_MANY_REQUESTS: 2 });
  });

  it('key each address as its /64 or itself', () => {
    expect(addressLimitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressLimitKey('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressLimitKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(addressLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressLimitKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(addressLimitKey('::ffff:192.0.2.33')).toBe('192.0.2.33');
    expect(addressLimitKey('::ffff:c000:221')).toBe('192.0.2.33');
    expect(addressLimitKey('192.0.2.33')).toBe('192.0.2.33');
    // A limiter's second budget keeps its name in front (the facilitators' sign-ins).
    expect(addressLimitKey('facilitator:2001:db8:1:2::9')).toBe('facilitator:2001:db8:1:2::/64');
    expect(addressLimitKey('facilitator:192.0.2.33')).toBe('facilitator:192.0.2.33');
    expect(addressLimitKey('fe80::2')).toBe('fe80:0:0:0::/64');
    // Not an address: kept as it is.
    expect(addressLimitKey('unknown')).toBe('unknown');
    expect(addressLimitKey('robin@example.com')).toBe('robin@example.com');
  });
});
