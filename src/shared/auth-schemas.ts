import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { emailSchema } from './schemas';

/**
 * The inputs of every way in (CONTRACT sections 1 and 4), shared by the sign-in forms and the
 * server. Messages start with the field name, so a 400 names the field as it stands.
 */

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const ACCESS_CODE_MAX_LENGTH = 64;

const required = (field: string) => z.string({ error: `${field} is required` }).min(1, `${field} is required`);

/** A new username: 3-32 letters, digits, `_ . -` (unique case-insensitively, checked by the server). */
export const usernameSchema = z
  .string({ error: 'username is required' })
  .trim()
  .min(1, 'username is required')
  .regex(USERNAME_PATTERN, 'username must be 3-32 characters: letters, digits, _ . or -');

/** A new password: 6-128 characters. */
export const newPasswordSchema = z
  .string({ error: 'password is required' })
  .min(1, 'password is required')
  .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const registerSchema = z
  .object({
    username: usernameSchema,
    password: newPasswordSchema,
    confirmPassword: required('confirmPassword'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'confirmPassword must match password',
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerSchema>;

/**
 * Signing in with a username (couples at /login, the admin at /admin-login): both fields required.
 * No format rule beyond a length cap: a wrong name is simply a failed sign-in.
 */
export const passwordSignInSchema = z.object({
  username: required('username').trim().max(64, 'username is too long'),
  password: required('password').max(PASSWORD_MAX_LENGTH, 'password is too long'),
});
export type PasswordSignInInput = z.input<typeof passwordSignInSchema>;

/** /customer-login: an email and an access code (trial, demo or personal). */
export const customerSignInSchema = z.object({
  email: emailSchema,
  accessCode: z
    .string({ error: 'accessCode is required' })
    .trim()
    .min(1, 'accessCode is required')
    .max(ACCESS_CODE_MAX_LENGTH, 'accessCode is too long'),
});
export type CustomerSignInInput = z.input<typeof customerSignInSchema>;
