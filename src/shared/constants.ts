/** Business constants shared by the server and the web app (docs/product.md#business-constants). */
/** The seller's name, as emails and documents sign it. */
export const PRODUCT_NAME = 'Vows & Weeks';
export const TOTAL_WEEKS = 52;
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
/** The price and currency when PRICE_CENTS and CURRENCY are not set; pages show the configured ones. */
export const PRICE_CENTS = 4900;
export const DEFAULT_CURRENCY = 'usd';
export const WORKBOOK_TITLE = 'The 52-Week Marriage Preparation Workbook';
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;
export const NOTES_MAX_LENGTH = 10_000;
export const CONTACT_MESSAGE_MAX_LENGTH = 5_000;
export const WORKBOOK_ITEM_MAX_LENGTH = 5_000;
export const WORKBOOK_MAX_ITEMS = 20;
export const ONBOARDING_CLOSE_DELAY_MS = 500;
/**
 * Most procedures in one batched tRPC request: the server refuses more with 400 (one request must
 * not run an unbounded number of procedures), and the web client's batch link never sends more.
 * The dashboard's opening batch has 6.
 */
export const TRPC_MAX_BATCH_SIZE = 10;
/** The id of the JSON data block in every page that carries the installation's public config. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

/** The placeholder profile a trial sign-up starts with; onboarding opens while it is present. */
export const TRIAL_PLACEHOLDER_NAME = 'Trial User';
export const TRIAL_PLACEHOLDER_PARTNER = 'Partner';

export const MILESTONES = [
  { week: 1, title: 'Journey Started!' },
  { week: 13, title: 'Quarter Champion' },
  { week: 26, title: 'Halfway Heroes' },
  { week: 52, title: 'Full Year Champions!' },
] as const;

export const PHASES = [
  { name: 'Communication Foundation', firstWeek: 1, lastWeek: 13 },
  { name: 'Trust & Intimacy', firstWeek: 14, lastWeek: 26 },
  { name: 'Future Planning', firstWeek: 27, lastWeek: 39 },
  { name: 'Lasting Love', firstWeek: 40, lastWeek: 52 },
] as const;

export const PARTNERS = ['partner1', 'partner2'] as const;
export type Partner = (typeof PARTNERS)[number];

export const CONTACT_SUBJECTS = [
  { value: 'general', label: 'General Question' },
  { value: 'course', label: 'Course Content' },
  { value: 'payment', label: 'Payment Support' },
  { value: 'technical', label: 'Technical Issue' },
] as const;

export const ACCESS_LEVELS = ['trial', 'full'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const ROLES = ['admin', 'couple'] as const;
export type Role = (typeof ROLES)[number];

/** The word a couple may type instead of their email or username to confirm a deletion. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/**
 * The same word in each language the pages speak (decision 0340): the dialog asks for its page's
 * word, and the server accepts any of them, whatever the page's language (it does not know it).
 */
export const DELETE_CONFIRMATION_WORDS = { en: DELETE_CONFIRMATION_WORD, es: 'ELIMINAR' } as const;

/**
 * How many statements "What we each expect" has: those of the bundled statements.json, which the
 * seller may reword but never add to or remove from (decision 0235). The dashboard's card says it
 * without asking the server; a test (inventory/statements.test.ts) holds it to the file.
 */
export const INVENTORY_STATEMENTS = 123;
