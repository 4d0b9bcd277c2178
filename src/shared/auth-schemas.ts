import { z } from './zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { EMAIL_PATTERN } from './schemas';

/**
 * The inputs of every way in (CONTRACT sections 1 and 4), shared by the sign-in forms (shown under
 * the field) and the server (a 400 reads "field: message", see describeZodError).
 */

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const ACCESS_CODE_MAX_LENGTH = 64;

const requiredText = (message: string) => z.string({ error: message }).min(1, message);

/** A new username: 3-32 letters, digits, `_ . -` (unique case-insensitively, checked by the server). */
export const usernameSchema = requiredText('Choose a username')
  .trim()
  .regex(USERNAME_PATTERN, 'Use 3-32 letters, digits, _ . or -');

/** A new password: 6-128 characters. */
export const newPasswordSchema = requiredText('Choose a password')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const registerSchema = z
  .object({
    username: usernameSchema,
    password: newPasswordSchema,
    confirmPassword: requiredText('Confirm your password'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerSchema>;

/**
 * Signing in with a username (couples at /login, the admin at /admin-login): both fields required.
 * No format rule beyond a length cap: a wrong name is simply a failed sign-in.
 */
export const passwordSignInSchema = z.object({
  username: requiredText('Enter your username').trim().max(64, 'Username is too long'),
  password: requiredText('Enter your password').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});
export type PasswordSignInInput = z.input<typeof passwordSignInSchema>;

/** An email as typed: trimmed, the simple pattern of SPEC section 5, lower-cased. */
export const signInEmailSchema = requiredText('Enter your email')
  .trim()
  .min(1, 'Enter your email')
  .max(254, 'Email is too long')
  .regex(EMAIL_PATTERN, 'Enter a valid email address')
  .transform((value) => value.toLowerCase());

/** /customer-login: an email and an access code (trial, demo or personal). */
export const customerSignInSchema = z.object({
  email: signInEmailSchema,
  accessCode: requiredText('Enter your access code')
    .trim()
    .min(1, 'Enter your access code')
    .max(ACCESS_CODE_MAX_LENGTH, 'Access code is too long'),
});
export type CustomerSignInInput = z.input<typeof customerSignInSchema>;
