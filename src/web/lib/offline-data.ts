import { DATA_CACHE } from '../sw/offline-data';

/**
 * Empties what the service worker keeps of the signed-in couple's data (decision 0266). Called on
 * every sign-in and sign-out (resetSessionCache) and so on an account's deletion too: the next
 * person on this device never opens the previous couple's week offline. Awaited before the app
 * asks for the new user's data, so nothing of theirs is deleted by mistake.
 */
export async function forgetOfflineData(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(DATA_CACHE);
  } catch {
    // Storage refused (private mode): there is nothing kept either.
  }
}
