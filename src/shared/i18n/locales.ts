/**
 * The app's languages and message ids, shared by web and server (docs/i18n.md, decision 0231).
 * Catalogs live in src/locales/<locale>/<area>.json: a flat object id -> ICU MessageFormat string;
 * the English ones are the source of truth, and their keys are the MessageId type.
 */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in its own language (the language switch). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Espa\u00f1ol' };

/** Catalog areas: one JSON file per area and language, so parallel work never edits the same file. */
export const AREAS = [
  'common',
  'landing',
  'auth',
  'checkout',
  'dashboard',
  'workbook',
  'partners',
  'admin',
  'email',
  'pdf',
  'policies',
  'errors',
  'inventory',
  'contact',
  'plan',
  'gifts',
  'admin-coupons',
  'certificates',
  'content-editor',
  'facilitator',
  'push',
  'offline',
  'starters',
] as const;
export type Area = (typeof AREAS)[number];

/** The server's own areas (emails, PDFs, the public pages' starter texts): no page loads them. */
export const SERVER_AREAS: readonly Area[] = ['email', 'pdf', 'starters'];

type En = typeof import('../../locales/en/common.json') &
  typeof import('../../locales/en/landing.json') &
  typeof import('../../locales/en/auth.json') &
  typeof import('../../locales/en/checkout.json') &
  typeof import('../../locales/en/dashboard.json') &
  typeof import('../../locales/en/workbook.json') &
  typeof import('../../locales/en/partners.json') &
  typeof import('../../locales/en/admin.json') &
  typeof import('../../locales/en/email.json') &
  typeof import('../../locales/en/pdf.json') &
  typeof import('../../locales/en/policies.json') &
  typeof import('../../locales/en/errors.json') &
  typeof import('../../locales/en/inventory.json') &
  typeof import('../../locales/en/contact.json') &
  typeof import('../../locales/en/plan.json') &
  typeof import('../../locales/en/gifts.json') &
  typeof import('../../locales/en/admin-coupons.json') &
  typeof import('../../locales/en/certificates.json') &
  typeof import('../../locales/en/content-editor.json') &
  typeof import('../../locales/en/facilitator.json') &
  typeof import('../../locales/en/push.json') &
  typeof import('../../locales/en/offline.json') &
  typeof import('../../locales/en/starters.json');

/** Every message id: an unknown id is a type error. */
export type MessageId = Exclude<keyof En, 'default'> & string;

/** ICU placeholder values. */
export type MessageValues = Record<string, string | number | Date>;

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'es';
}

/** The cookie that remembers a visitor's choice (a signed-in person's is on their account too). */
export const LOCALE_COOKIE = 'vw_locale';

/**
 * The language last chosen on this device with the visible language switch, which a sign-in does
 * not change: signing out brings the page back to it (decision 0355).
 */
export const DEVICE_LOCALE_COOKIE = 'vw_device_locale';

/** The first supported language of a preference list (navigator.languages, or parsed Accept-Language). */
export function pickLocale(preferences: readonly string[]): Locale {
  for (const tag of preferences) {
    const base = tag.trim().toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's languages, most preferred first. */
export function acceptLanguageList(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language a path is for: `/es` and `/es/...` are Spanish; null when the path does not say. */
export function localeOfPath(pathname: string): Locale | null {
  return pathname === '/es' || pathname.startsWith('/es/') ? 'es' : null;
}

/** The value of the language cookie (or `name`) in a Cookie header or document.cookie, when valid. */
export function localeFromCookie(cookieHeader: string | undefined, name: string = LOCALE_COOKIE): Locale | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookieHeader ?? '');
  return match && isLocale(match[1]) ? match[1] : null;
}

/**
 * The language of a request or a page load: the path (`/es`), then the remembered choice (cookie),
 * then the browser's preferences. Server (Accept-Language) and browser (navigator.languages) use the
 * same rule, so the prerendered HTML and the app agree.
 */
export function chooseLocale(input: { pathname: string; cookie?: string; preferences: readonly string[] }): Locale {
  return localeOfPath(input.pathname) ?? localeFromCookie(input.cookie) ?? pickLocale(input.preferences);
}
