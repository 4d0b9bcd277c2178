import { z } from './zod';

/**
 * The administrator's second factor (docs/product.md#admin-second-factor): the forms and the
 * procedures validate with these.
 */

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** A 6-digit code as typed: spaces are ignored ("123 456"). */
export const totpCodeSchema = z
  .string({ error: CODE_MESSAGE })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE));

/** Set-up's first code, and switching the second factor off. */
export const totpConfirmSchema = z.object({ code: totpCodeSchema });
export type TotpConfirmInput = z.input<typeof totpConfirmSchema>;

/** The sign-in's second step: the pending sign-in and a 6-digit code or a recovery code. */
export const adminSecondFactorSchema = z.object({
  pendingToken: z
    .string({ error: 'pendingToken is required' })
    .min(1, 'pendingToken is required')
    .max(500, 'pendingToken is too long'),
  code: z
    .string({ error: 'Enter the 6-digit code or a recovery code' })
    .trim()
    .min(1, 'Enter the 6-digit code or a recovery code')
    .max(32, 'The code is too long'),
});
export type AdminSecondFactorInput = z.input<typeof adminSecondFactorSchema>;

/** Whether a typed sign-in code is a 6-digit TOTP code (else it is tried as a recovery code). */
export function looksLikeTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}
