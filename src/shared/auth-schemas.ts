import { z } from './zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from './constants';
import { EMAIL_PATTERN } from './schemas';

/**
 * The inputs of every way in (docs/product.md#accounts-and-roles and docs/product.md#http-api),
 * shared by the sign-in forms (shown under the field) and the server (a 400 reads "field: message",
 * see describeZodError).
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

/**
 * An email as typed: trimmed, the simple pattern of docs/product.md#validation-rules, lower-cased.
 */
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

// -------------------------------------------------------------- Answers (docs/product.md#http-api)
// The auth service builds these bodies; http/openapi.ts checks at compile time that its types and
// these schemas agree.

/** GET /api/auth/check: who is asking; anonymous is `false, false, null, null`. */
export const authCheckSchema = z.object({
  authenticated: z.boolean(),
  isAdmin: z.boolean(),
  role: z.enum(ROLES).nullable(),
  userId: z
    .number()
    .int()
    .positive()
    .nullable()
    .meta({ description: "The couple's id; null for the admin and for anonymous visitors." }),
});
export type AuthCheck = z.infer<typeof authCheckSchema>;

/** GET /api/session: the signed-in couple's id. */
export const sessionInfoSchema = z.object({ customerId: z.number().int().positive() });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** A couple signed in with a password, or registered. */
export const signedInSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  firstSignIn: z
    .literal(true)
    .optional()
    .meta({ description: "Only on a couple account's first sign-in: the page says 'Welcome!', not 'Welcome back!'." }),
});
export type SignedInBody = z.infer<typeof signedInSchema>;

/**
 * The administrator signed in; or, with the second factor on (docs/product.md#admin-second-factor),
 * the password was right and the code is awaited: no session yet.
 */
export const adminSignedInSchema = z.union([
  z.object({ success: z.literal(true) }),
  z.object({
    success: z.literal(false),
    secondFactorRequired: z.literal(true),
    pendingToken: z.string().meta({ description: 'Valid 5 minutes; send it with the code to the second step.' }),
    message: z.string(),
  }),
]);
export type AdminSignedInBody = z.infer<typeof adminSignedInSchema>;

/** The second step signed the administrator in. */
export const adminSecondFactorSignedInSchema = z.object({ success: z.literal(true) });
export type AdminSecondFactorSignedInBody = z.infer<typeof adminSecondFactorSignedInSchema>;

/** /customer-login: a new trial also gets its personal access code, this once. */
export const customerSignedInSchema = signedInSchema.extend({
  accessCode: z
    .string()
    .optional()
    .meta({ description: 'Only for a new trial account: its personal access code, shown this once.' }),
  codeSentTo: z.string().optional().meta({
    description:
      'Only for a new trial account while mail is configured: the email its personal code was sent to (no session is started; the couple signs in with that code).',
  }),
});
export type CustomerSignedInBody = z.infer<typeof customerSignedInSchema>;
