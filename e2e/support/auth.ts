import { expect, type Page } from '@playwright/test';

/**
 * Sign-in helpers for Playwright specs. They go through the real API with `page.request`, which
 * shares the browser context's cookies, so the page is signed in afterwards. Every helper makes its
 * own unique account (specs share one server and run in parallel) except `signInDemo`, which opens
 * the shared demo couple: use it for read-only checks only.
 */

export const E2E_ADMIN_USERNAME = 'admin';
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

let sequence = 0;
/** A value no other spec or worker uses: time, worker-independent randomness and a counter. */
export function uniqueSuffix(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}${sequence}`;
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${uniqueSuffix()}@example.com`;
}

/** Registers a new couple (trial access, empty profile) and signs the page in as it. */
export async function registerCouple(page: Page): Promise<{ username: string; password: string }> {
  const username = `couple_${uniqueSuffix()}`.slice(0, 32);
  const password = `pw-${uniqueSuffix()}`;
  const response = await page.request.post('/api/auth/register', {
    data: { username, password, confirmPassword: password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { username, password };
}

interface PublicConfig {
  demoMode: boolean;
  trialAccessCode: string | null;
  demoEmail: string | null;
  demoAccessCode: string | null;
  trialWeeks: number;
}

export async function publicConfig(page: Page): Promise<PublicConfig> {
  const response = await page.request.get('/api/config');
  expect(response.ok()).toBe(true);
  return (await response.json()) as PublicConfig;
}

/** Signs the page in as the shared demo couple (demo mode is on for the e2e server). Read-only use. */
export async function signInDemo(page: Page): Promise<{ email: string }> {
  const config = await publicConfig(page);
  if (!config.demoEmail || !config.demoAccessCode) throw new Error('Demo mode is off on the e2e server');
  const response = await page.request.post('/api/customer-auth/login', {
    data: { email: config.demoEmail, accessCode: config.demoAccessCode },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email: config.demoEmail };
}

/** Signs the page in as the administrator. */
export async function signInAdmin(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { username: E2E_ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Starts a new trial with the trial code and a fresh email; the page is signed in as that couple
 * (placeholder profile 'Trial User' / 'Partner', so onboarding opens). Returns the email and the
 * personal access code the server showed once.
 */
export async function trialSignUp(page: Page): Promise<{ email: string; accessCode: string }> {
  const config = await publicConfig(page);
  if (!config.trialAccessCode) throw new Error('No trial code is configured on the e2e server');
  const email = uniqueEmail('trial');
  const response = await page.request.post('/api/customer-auth/login', {
    data: { email, accessCode: config.trialAccessCode },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { accessCode?: string };
  if (!body.accessCode) throw new Error('The trial sign-up returned no personal access code');
  return { email, accessCode: body.accessCode };
}

/** Signs the page out (ends the server session and clears the cookie). */
export async function signOut(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/logout');
  expect(response.status()).toBe(200);
}
