/**
 * A couple's /dashboard comes with their profile in a JSON data block with this id, which the
 * dashboard's guard puts into the query cache, so the app's first render says what the HTML says:
 * a new buyer's page has the welcome dialog in it (prerendered by the build with a placeholder where
 * the buyer's first name goes: decision 0273), an onboarded couple's greets them by name (0279).
 */
export const INITIAL_PROFILE_ELEMENT_ID = 'vw-initial-profile';
export const BUYER_FIRST_NAME_PLACEHOLDER = 'VW-BUYER-FIRST-NAME';
/**
 * On the dashboard's heading while it greets without the names (the frame everybody gets, a new
 * buyer's): it keeps two lines' height on a phone, so the names do not push the page down when they
 * arrive. The server takes it off the heading it greets by name.
 */
export const AWAITING_NAMES_ATTRIBUTE = 'data-awaiting-names';

/**
 * Whether a page's HTML carries a person's data (the block above, with a couple's names, or a new
 * buyer's first name). The service worker never keeps such a frame for offline: its frames are not
 * emptied on sign-out as the couple's data is, so on a shared phone the next person offline would
 * see it. It keeps the frame everybody gets instead.
 */
export function isPersonalFrame(html: string): boolean {
  return html.includes(`id="${INITIAL_PROFILE_ELEMENT_ID}"`);
}

/** The language a page is in (its `<html lang>`), English when it does not say. */
export function frameLanguage(html: string): string {
  return /<html[^>]*\slang="([\w-]+)"/.exec(html)?.[1] ?? 'en';
}
