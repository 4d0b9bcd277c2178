import { describe, expect, it } from 'vitest';
import { checkCheckoutDetails, SIMPLE_EMAIL_PATTERN } from './orders';
import { EMAIL_PATTERN } from './schemas';

describe('order helpers', () => {
  it('use the same email pattern as the zod schemas', () => {
    expect(SIMPLE_EMAIL_PATTERN.source).toBe(EMAIL_PATTERN.source);
    expect(SIMPLE_EMAIL_PATTERN.flags).toBe(EMAIL_PATTERN.flags);
  });

  it('check the pricing form: every field first, then the email', () => {
    expect(checkCheckoutDetails({ firstName: 'Ana', lastName: ' ', email: 'nope' })).toEqual({
      ok: false,
      problem: 'missing',
    });
    expect(checkCheckoutDetails({ firstName: 'Ana', lastName: 'Lima' })).toEqual({ ok: false, problem: 'missing' });
    expect(checkCheckoutDetails({ firstName: 'Ana', lastName: 'Lima', email: 'ana@example' })).toEqual({
      ok: false,
      problem: 'invalid-email',
    });
    expect(checkCheckoutDetails({ firstName: ' Ana ', lastName: 'Lima', email: ' ana@example.com ' })).toEqual({
      ok: true,
      details: { firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com' },
    });
  });
});
