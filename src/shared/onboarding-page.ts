/**
 * A new buyer's first /dashboard (decision 0273): the server sends the page with the welcome dialog
 * already in its HTML (prerendered by the build with a placeholder where the buyer's first name
 * goes) and the couple's profile in a JSON data block with this id, which the dashboard's guard
 * puts into the query cache, so the app's first render shows the same dialog at once.
 */
export const INITIAL_PROFILE_ELEMENT_ID = 'vw-initial-profile';
export const BUYER_FIRST_NAME_PLACEHOLDER = 'VW-BUYER-FIRST-NAME';
