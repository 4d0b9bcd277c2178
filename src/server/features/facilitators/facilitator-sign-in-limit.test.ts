import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { createCoupleWithAccessCode } from '../auth/test-support';
import { signInFacilitator } from './service';
import { callerAt, FACILITATOR_PASSWORD, newFacilitator } from './test-support';

/*
 * docs/product.md#rate-limits: failed sign-ins are limited to 10 per 15 minutes per account name or
 * email, on every sign-in path. A security review found the facilitator's sign-in counting only
 * per address, so one facilitator's password, and then their 6-digit authenticator code, could
 * be guessed without limit from many addresses.
 */
const t = useTestApp();
const PER_ACCOUNT = 10;

async function attempt(ip: string, input: { email: string; password: string; code?: string }) {
  const caller = await callerAt(t, undefined, ip);
  // Only refusals are looked at: a success would set a cookie on a reply this caller has not.
  return caller.facilitator.signIn(input).then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? 'error',
  );
}

describe("the facilitator's sign-in limit per email", () => {
  it('refuses (429) the attempts after 10 wrong passwords from 10 addresses, the right one too', async () => {
    const facilitator = await newFacilitator(t);
    const results: string[] = [];
    for (let i = 0; i < PER_ACCOUNT + 2; i += 1) {
      results.push(await attempt(`203.0.113.${i + 1}`, { email: facilitator.email, password: `guess-${i}` }));
    }
    expect(results).toEqual([
      ...Array.from({ length: PER_ACCOUNT }, () => 'UNAUTHORIZED'),
      'TOO_MANY_REQUESTS',
      'TOO_MANY_REQUESTS',
    ]);
    // The right password, from yet another address, waits for the window too; the email's case
    // does not open a second budget.
    await expect(
      signInFacilitator(t.deps, { email: facilitator.email, password: FACILITATOR_PASSWORD }, '203.0.113.200'),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(
      await attempt('203.0.113.201', { email: facilitator.email.toUpperCase(), password: FACILITATOR_PASSWORD }),
    ).toBe('TOO_MANY_REQUESTS');
  });

  it('counts successes not at all: a facilitator signing in often is never paused', async () => {
    const facilitator = await newFacilitator(t);
    for (let i = 0; i < PER_ACCOUNT + 5; i += 1) {
      const signedIn = await signInFacilitator(
        t.deps,
        { email: facilitator.email, password: FACILITATOR_PASSWORD },
        `192.0.2.${i + 1}`,
      );
      expect('session' in signedIn).toBe(true);
    }
  });

  it('counts wrong authenticator codes (right password) against the same budget', async () => {
    const facilitator = await newFacilitator(t);
    const { secret } = await facilitator.caller.facilitator.startTwoFactor();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await facilitator.caller.facilitator.confirmTwoFactor({ code: totp.generate() });
    // The password step that asks for the code costs nothing.
    for (let i = 0; i < PER_ACCOUNT + 2; i += 1) {
      const asked = await signInFacilitator(
        t.deps,
        { email: facilitator.email, password: FACILITATOR_PASSWORD },
        `198.51.100.${200 + i}`,
      );
      expect(asked).toEqual({ secondFactorRequired: true });
    }
    const results: string[] = [];
    for (let i = 0; i < PER_ACCOUNT + 2; i += 1) {
      const code = String((Number(totp.generate()) + 500_000 + i) % 1_000_000).padStart(6, '0');
      results.push(
        await attempt(`198.51.100.${i + 1}`, { email: facilitator.email, password: FACILITATOR_PASSWORD, code }),
      );
    }
    expect(results).toEqual([
      ...Array.from({ length: PER_ACCOUNT }, () => 'UNAUTHORIZED'),
      'TOO_MANY_REQUESTS',
      'TOO_MANY_REQUESTS',
    ]);
  });
});

/*
 * Decision 0324: the facilitator's budget was reserved on the plain email, the key a couple
 * account with the same email signs in under, so ten wrong codes typed at the couple's sign-in
 * paused the facilitator, and ten wrong facilitator passwords paused the couple.
 */
describe('a facilitator and a couple account with the same email', () => {
  /** The couple's sign-in (POST /api/customer-auth/login) from `ip`: its status. */
  async function coupleSignIn(email: string, accessCode: string, ip: string) {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email, accessCode },
      remoteAddress: ip,
    });
    return answer.statusCode;
  }

  it("the couple's failed sign-ins never pause the facilitator", async () => {
    const facilitator = await newFacilitator(t);
    const couple = await createCoupleWithAccessCode(t.deps, { email: facilitator.email });
    const statuses: number[] = [];
    for (let i = 0; i < PER_ACCOUNT + 1; i += 1) {
      statuses.push(await coupleSignIn(facilitator.email, 'WRNG-CODE', `192.0.2.${100 + i}`));
    }
    // The couple's own budget is spent: even its right code waits (from a device it does not know).
    expect(statuses).toEqual([...Array.from({ length: PER_ACCOUNT }, () => 401), 429]);
    expect(await coupleSignIn(facilitator.email, couple.accessCode, '192.0.2.150')).toBe(429);
    const signedIn = await signInFacilitator(
      t.deps,
      { email: facilitator.email, password: FACILITATOR_PASSWORD },
      '192.0.2.151',
    );
    expect('session' in signedIn).toBe(true);
  });

  it("the facilitator's failed sign-ins never pause the couple", async () => {
    const facilitator = await newFacilitator(t);
    const couple = await createCoupleWithAccessCode(t.deps, { email: facilitator.email });
    const results: string[] = [];
    for (let i = 0; i < PER_ACCOUNT + 1; i += 1) {
      results.push(await attempt(`192.0.2.${200 + i}`, { email: facilitator.email, password: `guess-${i}` }));
    }
    expect(results).toEqual([...Array.from({ length: PER_ACCOUNT }, () => 'UNAUTHORIZED'), 'TOO_MANY_REQUESTS']);
    expect(await coupleSignIn(facilitator.email, couple.accessCode, '192.0.2.250')).toBe(200);
  });
});
