/**
 * The coupon code's rules without zod (decision 0240): the checkout's and the gift form's coupon
 * field use them as the buyer types, and coupons-schemas.ts builds the server's schema from them.
 */

export const COUPON_CODE_MAX_LENGTH = 40;

/** Letters, digits, `-` and `_`: nothing else belongs in a code. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * A code as typed or pasted ("spring 20 ", "SPRING\u00a020") as the server's rule reads it: no spaces
 * anywhere, since a code never holds one. Case is left to the server, which keeps codes upper-case.
 */
export function normalizeCouponCode(typed: string): string {
  return typed.replace(/\s+/g, '');
}
