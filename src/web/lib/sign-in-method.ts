/**
 * How a couple last signed in on this device: with their email and access code, or with a
 * username and password. Not a secret (no email, no code): it only picks the tab the sign-in page
 * opens on after signing out, so a couple who signs in with their code lands on the code's tab
 * (`/customer-login`), not on username and password (`/login`).
 */
export type SignInMethod = 'code' | 'password';

export const SIGN_IN_PATH: Record<SignInMethod, '/customer-login' | '/login'> = {
  code: '/customer-login',
  password: '/login',
};

const KEY = 'vw_sign_in_method';

/** Kept after a sign-in by `method`; a browser that keeps nothing (privacy settings) is fine. */
export function rememberSignInMethod(method: SignInMethod): void {
  try {
    window.localStorage.setItem(KEY, method);
  } catch {
    // Nothing kept: signing out then opens the username-and-password tab, as before.
  }
}

/** The sign-in page for the method last used on this device; `/login` when none is known. */
export function signInPathOnThisDevice(): '/customer-login' | '/login' {
  try {
    return window.localStorage.getItem(KEY) === 'code' ? SIGN_IN_PATH.code : SIGN_IN_PATH.password;
  } catch {
    return SIGN_IN_PATH.password;
  }
}
