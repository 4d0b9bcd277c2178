import type { QueryClient } from '@tanstack/react-query';
import { BUYER_FIRST_NAME_PLACEHOLDER, INITIAL_PROFILE_ELEMENT_ID } from '../../../shared/onboarding-page';
import type { Profile } from '../../../shared/profile-rules';

/**
 * A couple's /dashboard: the server sends the page with the welcome dialog already in its HTML (a
 * new buyer, decision 0273) or greeting them by name (decision 0279), and the couple's profile in a
 * JSON data block (never run as a script, so the CSP allows it). The dashboard's guard puts that
 * profile into the query cache once the session is confirmed, so the app's first render shows the
 * same at once, with no request for it.
 */
export { BUYER_FIRST_NAME_PLACEHOLDER, INITIAL_PROFILE_ELEMENT_ID };

type DashboardProfile = Profile & { buyerFirstName?: string };

/** The profile the page was sent with, once (the block is removed), or null. */
export function takeInitialProfile(): DashboardProfile | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(INITIAL_PROFILE_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const value = JSON.parse(element.textContent ?? '') as Partial<DashboardProfile>;
    if (typeof value.userDisplayName !== 'string' || typeof value.partnerName !== 'string') return null;
    return value as DashboardProfile;
  } catch {
    return null;
  }
}

/** Seeds the dashboard's profile query with the page's profile, when it came with one. */
export function seedInitialProfile(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  const profile = takeInitialProfile();
  if (profile && queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, profile);
}
