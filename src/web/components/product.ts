/** Names shared by every page's chrome, in a module with no imports (the landing page uses them too). */
export const PRODUCT_NAME = 'Vows & Weeks';
/** The id of every page's `<main>` landmark, the skip link's target. */
export const MAIN_CONTENT_ID = 'main';
