import type { Locale } from '../../../shared/i18n/locales';
import type { z } from 'zod';
import type { AdminSecondFactorInput } from '../../../shared/admin-security-schemas';
import type { customerSignInSchema, passwordSignInSchema, registerSchema } from '../../../shared/auth-schemas';
import { TRIAL_PLACEHOLDER_NAME, TRIAL_PLACEHOLDER_PARTNER } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import { type Reservation, tooMany } from '../../deps/rate-limiter';
import type { AppDeps } from '../../deps/app-deps';
import {
  createPendingSignIn,
  isSecondFactorEnabled,
  readPendingAdmin,
  verifySignInSecondFactor,
} from '../admin-security/service';
import { localeOfAccount } from '../i18n/locale';
import { trialCodeDelivery } from '../mail/service';
import { issueAccessCode } from './access-codes';
import { hashSecret, normalizeAccessCode, sameSecret, verifyAccessCode, verifySecret } from './passwords';
import {
  findAccessCodeCredentials,
  findPasswordCredentials,
  insertCoupleAccount,
  isFirstSignIn,
  isUniqueViolation,
  usernameExists,
} from './repo';
import { createSession, deleteSessionByToken, type Auth } from './sessions';
import { type DeviceCookie, deviceTokenKey, type KnownDevice, readKnownDevice, rememberDevice } from './device-tokens';
import { recordUntrustedFailure, reportPausedSignIns } from './sign-in-pauses';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const INVALID_EMAIL_OR_CODE = 'Invalid email or access code';
export const USERNAME_TAKEN = 'Username is already taken';

/** Where a sign-in comes from: the client address (rate limits) and the session it already had. */
export type RegisterInput = z.output<typeof registerSchema>;
export type PasswordSignInInput = z.output<typeof passwordSignInSchema>;
export type CustomerSignInInput = z.output<typeof customerSignInSchema>;

export interface SignInRequest {
  ip: string;
  previousToken: string | undefined;
  /** The `device` cookie as sent (decision 0201): the device's tokens of the accounts it signed in to. */
  deviceCookie?: string | undefined;
  /**
   * The language of the page that sent it (cookie, then Accept-Language): an account made by this
   * request (register, a trial) starts in it, so its course, emails and PDFs are in the visitor's language.
   */
  locale?: Locale;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  /** The account signed in (the device is remembered for it). */
  accountId: number;
  /** The account's language: the page takes it on at sign-in (decision 0309). */
  locale: Locale;
}

/**
 * A successful sign-in: the new session for the cookie (null when the code went by email and the
 * couple signs in with it next), and the body to answer with.
 */
export interface SignedIn<Body> {
  session: NewSession | null;
  body: Body;
  /** The device cookie's new value, with a session: the device is known to the account now. */
  device?: DeviceCookie | null;
}

/** The answer of GET /api/auth/check (docs/product.md#http-api). */
export function describeAuth(auth: Auth) {
  return {
    authenticated: auth.kind !== 'anonymous',
    isAdmin: auth.kind === 'admin',
    role: auth.kind === 'anonymous' ? null : auth.kind,
    userId: auth.kind === 'couple' ? auth.coupleId : null,
  };
}

/** The answer of GET /api/session: couples only; anonymous visitors and admins get 401. */
export function describeSession(auth: Auth): { customerId: number } {
  if (auth.kind !== 'couple') throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return { customerId: auth.coupleId };
}

/**
 * Runs an auth call so that every AppError it throws (400, 401, 409, 429) carries
 * `success: false`, as docs/product.md#errors asks of the auth endpoints, on both transports.
 */
export async function asAuthCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError && error.extra?.success !== false) {
      throw new AppError(error.code, error.message, { ...error.extra, success: false });
    }
    throw error;
  }
}

/** A new session for the account; the one the request carried (if any) is ended first. */
async function startSession(deps: AppDeps, accountId: number, request: SignInRequest): Promise<NewSession> {
  await deleteSessionByToken(deps.db, request.previousToken);
  const session = await createSession(deps.db, accountId, deps.config.sessionTtlDays);
  return { ...session, accountId, locale: await localeOfAccount(deps.db, accountId) };
}

const deviceKeys = new WeakMap<Buffer, Buffer>();
function deviceKeyOf(deps: AppDeps): Buffer {
  let key = deviceKeys.get(deps.accessCodeKey);
  if (!key) {
    key = deviceTokenKey(deps.accessCodeKey);
    deviceKeys.set(deps.accessCodeKey, key);
  }
  return key;
}

/** A successful sign-in with a session: the device is remembered for the account (a new token). */
async function withDevice<T extends { session: NewSession | null; device?: DeviceCookie | null }>(
  deps: AppDeps,
  signedIn: T,
  known: KnownDevice,
): Promise<T> {
  if (!signedIn.session) return signedIn;
  const device = await rememberDevice(deps.db, deviceKeyOf(deps), signedIn.session.accountId, known);
  return { ...signedIn, device };
}

/** Who a sign-in is for: the name it was made with, and the account it names (null: none of this kind). */
interface SignInTarget {
  accountKey: string;
  accountId: number | null;
}

/**
 * What a refused sign-in says when the account's budget for new devices is spent (decision 0201):
 * what a real user can do. It depends on the endpoint only, never on whether the account exists.
 */
export type PausedAdvice = (wait: string) => string;

export const COUPLE_CODE_PAUSED: PausedAdvice = (wait) =>
  `Too many failed sign-ins for this email from devices we do not know. Please try again in ${wait}, or use "Email me my code" below: the new code lets you sign in at once. A device you signed in with before can still sign in.`;
export const COUPLE_PASSWORD_PAUSED: PausedAdvice = (wait) =>
  `Too many failed sign-ins for this username from devices we do not know. Sign in from a device you used before, or please try again in ${wait}.`;
export const ADMIN_PAUSED: PausedAdvice = (wait) =>
  `Too many failed sign-ins for this account from devices we do not know. Sign in from a device you used before, or run "npm run admin:reset-password" on the server (it also lifts this pause). Otherwise please try again in ${wait}.`;

/**
 * A sign-in attempt within the failed-sign-in budget (docs/product.md#rate-limits, decision 0201).
 * A device that signed in to this account before (a valid device token for it) has a budget of
 * its own, so failures from elsewhere never lock it out. Any other attempt counts per account
 * name or email and per client address: when the account's budget is spent, new devices are
 * refused with `paused` (what a real user can do) until the window ends, and the failure that
 * spent it tells the seller (reportPausedSignIns).
 *
 * The attempt takes its slots when it STARTS (RateLimiter.reserve), before any secret is
 * verified, so concurrent attempts cannot all pass the check while the first hashes are still
 * running; over budget it is refused with 429 at once. `attempt` runs the check: a success (a
 * value) gives the slots back, so successes never use the budget; a refusal (null) keeps them spent
 * and answers 401 with `message`; an error (the hash slots are full, the database failed) gives
 * them back too, since no secret was judged.
 */
async function withinSignInLimits<T extends { session: NewSession | null; device?: DeviceCookie | null }>(
  deps: AppDeps,
  target: SignInTarget,
  request: SignInRequest,
  message: string,
  paused: PausedAdvice,
  attempt: () => Promise<T | null>,
): Promise<T> {
  const known = await readKnownDevice(deps.db, deviceKeyOf(deps), request.deviceCookie, target.accountId);
  const slots: Reservation[] = [];
  let perAccount: Reservation | null = null;
  if (known.trusted) {
    slots.push(await deps.rateLimits.signInPerDevice.reserve(known.trusted.tokenHash));
  } else {
    const { signInPerAccount, signInPerAddress } = deps.rateLimits;
    try {
      perAccount = await signInPerAccount.reserve(target.accountKey.toLowerCase());
    } catch (error) {
      if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
        throw tooMany(Number(error.extra?.retryAfterSeconds ?? 1) * 1000, paused);
      }
      throw error;
    }
    slots.push(perAccount);
    try {
      slots.push(await signInPerAddress.reserve(request.ip));
    } catch (error) {
      await perAccount.release();
      throw error;
    }
  }
  const releaseAll = () => Promise.all(slots.map((slot) => slot.release()));
  let result: T | null;
  try {
    result = await attempt();
  } catch (error) {
    await releaseAll();
    throw error;
  }
  if (result === null) {
    if (perAccount) await countUntrustedFailure(deps, target, request, perAccount);
    throw new AppError('UNAUTHORIZED', message);
  }
  await releaseAll();
  return withDevice(deps, result, known);
}

/** A failure from a device the account does not know; the one that spends the budget tells the seller. */
async function countUntrustedFailure(
  deps: AppDeps,
  target: SignInTarget,
  request: SignInRequest,
  perAccount: Reservation,
): Promise<void> {
  await recordUntrustedFailure(deps, { accountKey: target.accountKey, address: request.ip });
  if (!perAccount.last) return;
  await reportPausedSignIns(deps, {
    accountKey: target.accountKey,
    accountId: target.accountId,
    windowMs: deps.rateLimits.signInPerAccount.windowMs,
    windowEndsAt: perAccount.resetAt,
  });
}

/** A password hash or check within the app's hash slots (at most a few at once, decision 0093). */
function hashPassword(deps: AppDeps, password: string): Promise<string> {
  return deps.passwordHashes.run(() => hashSecret(password, deps.config.passwordHashing.scrypt));
}

function checkPassword(deps: AppDeps, password: string, stored: string | null): Promise<boolean> {
  return deps.passwordHashes.run(() => verifySecret(password, stored, deps.config.passwordHashing.scrypt));
}

/** POST /api/auth/register: a trial couple with a username and password, signed in at once. */
export function register(deps: AppDeps, input: RegisterInput, request: SignInRequest) {
  return asAuthCall(async (): Promise<SignedIn<{ success: true; message: string }>> => {
    await deps.rateLimits.registerPerAddress.consume(request.ip);
    if (await usernameExists(deps.db, input.username)) throw new AppError('CONFLICT', USERNAME_TAKEN);
    const passwordHash = await hashPassword(deps, input.password);
    let accountId: number;
    try {
      ({ accountId } = await insertCoupleAccount(deps.db, {
        accessLevel: 'trial',
        displayName: '',
        partnerName: '',
        username: input.username,
        email: null,
        passwordHash,
        accessCodeHash: null,
        locale: request.locale,
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', USERNAME_TAKEN);
      throw error;
    }
    const session = await startSession(deps, accountId, request);
    const signedIn = { session, body: { success: true as const, message: 'Account created successfully' } };
    // A new account: the cookie keeps the device's tokens of other accounts.
    const known = await readKnownDevice(deps.db, deviceKeyOf(deps), request.deviceCookie, null);
    return withDevice(deps, signedIn, known);
  });
}

/**
 * Username + password for one role. An unknown name, a wrong password and an account of the other
 * role all get the same 401 after the same scrypt work (a dummy hash when there is nothing to check).
 * `then` decides what a right password leads to (a session, or the admin's second step).
 */
async function signInWithPassword<T extends { session: NewSession | null; device?: DeviceCookie | null }>(
  deps: AppDeps,
  input: PasswordSignInInput,
  request: SignInRequest,
  role: 'admin' | 'couple',
  then: (accountId: number) => Promise<T>,
): Promise<T> {
  const account = await findPasswordCredentials(deps.db, input.username);
  const ofRole = account?.role === role ? account : undefined;
  const target = { accountKey: input.username, accountId: ofRole?.accountId ?? null };
  const paused = role === 'admin' ? ADMIN_PAUSED : COUPLE_PASSWORD_PAUSED;
  return withinSignInLimits(deps, target, request, INVALID_CREDENTIALS, paused, async () => {
    const valid = await checkPassword(deps, input.password, ofRole?.secretHash ?? null);
    if (!valid || !ofRole) return null;
    return then(ofRole.accountId);
  });
}

/** POST /api/auth/user-login: a couple that registered with a username. */
export function signInCouple(deps: AppDeps, input: PasswordSignInInput, request: SignInRequest) {
  return asAuthCall(async (): Promise<SignedIn<{ success: true; message: string; firstSignIn?: true }>> => {
    return signInWithPassword(deps, input, request, 'couple', async (accountId) => {
      const first = await isFirstSignIn(deps.db, accountId);
      return { session: await startSession(deps, accountId, request), body: signedInBody(first) };
    });
  });
}

/** The body of a couple's sign-in; `firstSignIn` on an account's very first one (the page says 'Welcome!'). */
function signedInBody(first: boolean): { success: true; message: string; firstSignIn?: true } {
  return { success: true, message: 'Login successful', ...(first ? { firstSignIn: true as const } : {}) };
}

export const SECOND_FACTOR_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const INVALID_SECOND_FACTOR = 'Invalid code';
export const PENDING_SIGN_IN_EXPIRED = 'Your sign-in has expired. Please enter your password again.';

/** The password was right, and the admin's second factor is on: no session yet. */
export interface SecondFactorRequiredBody {
  success: false;
  secondFactorRequired: true;
  /** Valid 5 minutes; sent back with the code to auth.adminSecondFactor. */
  pendingToken: string;
  message: string;
}

/** The admin's sign-in: signed in, or (second factor on) waiting for the code. */
export interface AdminSignIn {
  /** Null while the second factor is awaited. */
  session: NewSession | null;
  body: { success: true } | SecondFactorRequiredBody;
  device?: DeviceCookie | null;
}

/**
 * POST /api/auth/login: the administrator. With the second factor on
 * (docs/product.md#admin-second-factor) a right password creates no session but a pending
 * sign-in, finished by signInAdminSecondFactor.
 */
export function signInAdmin(deps: AppDeps, input: PasswordSignInInput, request: SignInRequest) {
  return asAuthCall(
    async (): Promise<AdminSignIn> =>
      signInWithPassword<AdminSignIn>(deps, input, request, 'admin', async (accountId) => {
        if (await isSecondFactorEnabled(deps, accountId)) {
          return {
            session: null,
            body: {
              success: false,
              secondFactorRequired: true,
              pendingToken: createPendingSignIn(deps, accountId),
              message: SECOND_FACTOR_REQUIRED,
            },
          };
        }
        return { session: await startSession(deps, accountId, request), body: { success: true } };
      }),
  );
}

/**
 * The admin sign-in's second step: the pending sign-in and a 6-digit code or a recovery code. A
 * wrong code is a failed sign-in of the admin's username and address (docs/product.md#rate-limits).
 */
export function signInAdminSecondFactor(deps: AppDeps, input: AdminSecondFactorInput, request: SignInRequest) {
  return asAuthCall(async (): Promise<SignedIn<{ success: true }>> => {
    const pending = await readPendingAdmin(deps, input.pendingToken);
    if (!pending) throw new AppError('UNAUTHORIZED', PENDING_SIGN_IN_EXPIRED);
    const target = { accountKey: pending.username, accountId: pending.accountId };
    return withinSignInLimits(deps, target, request, INVALID_SECOND_FACTOR, ADMIN_PAUSED, async () => {
      if (!(await verifySignInSecondFactor(deps, pending.accountId, input.code, request.ip))) return null;
      return { session: await startSession(deps, pending.accountId, request), body: { success: true as const } };
    });
  });
}

export interface CustomerSignInBody {
  success: true;
  message: string;
  /** Only for a new trial account: its personal access code, shown this once and never again. */
  accessCode?: string;
  /** A new trial account with mail configured: where its personal code was sent (no session yet). */
  codeSentTo?: string;
  /** The account's very first sign-in (a new order's code): the page says 'Welcome!'. */
  firstSignIn?: true;
}

/** Whether `code` is the configured shared code (an empty configured code disables that path). */
function isSharedCode(code: string, configured: string): boolean {
  if (configured === '') return false;
  return sameSecret(normalizeAccessCode(code), normalizeAccessCode(configured));
}

/**
 * POST /api/customer-auth/login (docs/product.md#access-codes): the trial code with an unknown
 * email starts a trial account and returns its personal code once; the trial code never opens an
 * existing account; the demo code opens the demo account only in demo mode; otherwise the code must
 * be the account's personal access code.
 */
export function signInCustomer(deps: AppDeps, input: CustomerSignInInput, request: SignInRequest) {
  return asAuthCall(async (): Promise<SignedIn<CustomerSignInBody>> => {
    const { config } = deps;
    const account = await findAccessCodeCredentials(deps.db, input.email);
    const coupleAccount = account?.role === 'couple' ? account : undefined;
    const target = { accountKey: input.email, accountId: coupleAccount?.accountId ?? null };
    return withinSignInLimits(deps, target, request, INVALID_EMAIL_OR_CODE, COUPLE_CODE_PAUSED, async () => {
      if (isSharedCode(input.accessCode, config.trialAccessCode)) {
        // The demo email is reserved for the demo account even while demo mode is off.
        if (account || input.email === config.demoEmail) {
          await verifyAccessCode(input.accessCode, null, deps); // the work of any refused code
          return null;
        }
        return startTrial(deps, input.email, request);
      }

      const demoEnabled = config.demoMode && config.demoAccessCode !== '' && config.demoEmail !== '';
      if (
        demoEnabled &&
        coupleAccount &&
        input.email === config.demoEmail &&
        isSharedCode(input.accessCode, config.demoAccessCode)
      ) {
        const session = await startSession(deps, coupleAccount.accountId, request);
        return { session, body: { success: true as const, message: 'Login successful' } };
      }

      const valid = await verifyAccessCode(input.accessCode, coupleAccount?.secretHash ?? null, deps);
      if (!valid || !coupleAccount) return null;
      const first = await isFirstSignIn(deps.db, coupleAccount.accountId);
      const session = await startSession(deps, coupleAccount.accountId, request);
      return { session, body: signedInBody(first) };
    });
  });
}

/**
 * A trial account for an email nobody has yet, with its personal code issued (issueAccessCode) in
 * the same transaction. Whoever typed the email gets the code on screen, so the email stays
 * unproven until an order proves it.
 */
async function startTrial(deps: AppDeps, email: string, request: SignInRequest): Promise<SignedIn<CustomerSignInBody>> {
  await deps.rateLimits.registerPerAddress.consume(request.ip);
  let created: { accountId: number; accessCode: string };
  try {
    created = await deps.db.transaction().execute(async (trx) => {
      const { accountId } = await insertCoupleAccount(trx, {
        accessLevel: 'trial',
        displayName: TRIAL_PLACEHOLDER_NAME,
        partnerName: TRIAL_PLACEHOLDER_PARTNER,
        username: null,
        email,
        passwordHash: null,
        accessCodeHash: null,
        locale: request.locale,
      });
      // With mail configured the code goes to the email only (docs/product.md#email).
      const deliver = trialCodeDelivery(deps, email);
      return { accountId, accessCode: await issueAccessCode(trx, deps, accountId, { provesEmail: false, deliver }) };
    });
  } catch (error) {
    // A concurrent trial sign-up for the same email got there first: that account is not ours.
    if (isUniqueViolation(error)) throw new AppError('UNAUTHORIZED', INVALID_EMAIL_OR_CODE);
    throw error;
  }
  if (trialCodeDelivery(deps, email)) {
    // Whoever typed the email signs in only with the code the email's owner receives.
    const message = `Your free trial is ready. We have emailed your personal access code to ${email}: sign in with it.`;
    return { session: null, body: { success: true, message, codeSentTo: email } };
  }
  const session = await startSession(deps, created.accountId, request);
  return {
    session,
    body: { success: true, message: 'Your free trial has started', accessCode: created.accessCode },
  };
}

/** POST /api/auth/logout: ends the request's session (if any). Always succeeds. */
export async function signOut(deps: AppDeps, token: string | undefined): Promise<{ success: true }> {
  await deleteSessionByToken(deps.db, token);
  return { success: true };
}
