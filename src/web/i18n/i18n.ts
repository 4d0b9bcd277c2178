import { type I18n, i18n, type Messages } from '@lingui/core';
import {
  AREAS,
  type Area,
  chooseLocale,
  DEFAULT_LOCALE,
  DEVICE_LOCALE_COOKIE,
  LOCALE_COOKIE,
  type Locale,
  localeFromCookie,
  localeOfPath,
  type MessageId,
  type MessageValues,
  SERVER_AREAS,
} from '../../shared/i18n/locales';
import { intlTag } from '../../shared/i18n/format';

/**
 * The web's Lingui instance and catalog loading (docs/i18n.md). The catalogs
 * (src/locales/<locale>/<area>.json, compiled at build by vite.config.ts) are loaded only for the
 * active language and only for the areas a page needs: the landing page loads common + landing.
 */
export { i18n };

/**
 * The landing page's and the back office's catalogs, each its own chunk: the landing page and the
 * back office load no one else's messages. The server's own areas (SERVER_AREAS: emails, PDFs,
 * starter texts) are left out of the build, or the service worker would keep them on every couple's
 * device (i18n.test.ts checks the lists agree).
 */
const CATALOG_FILES = import.meta.glob<{ default: Messages }>([
  '../../locales/*/{common,contact,landing,admin,admin-coupons}.json',
]);

/**
 * The other pages' catalogs (the couples' and the public pages'), all of a language in one module:
 * a page asks for them with one `import()`. One per area, some seventeen, took 21-30 ms of the
 * task that starts a page's takeover on this machine (decision 0395, amending 0376).
 */
const PAGE_CATALOGS: Record<Locale, () => Promise<{ default: Record<string, Messages> }>> = {
  en: () => import('./page-catalogs-en'),
  es: () => import('./page-catalogs-es'),
};

/** The areas the web's build holds catalogs of, per language (tests). */
export async function builtCatalogs(): Promise<string[]> {
  const bundled = await Promise.all(
    Object.values(PAGE_CATALOGS).map(async (load) => Object.keys((await load()).default)),
  );
  return [...Object.keys(CATALOG_FILES), ...bundled.flat()].map((file) =>
    file.replace('../../locales/', '').replace('.json', ''),
  );
}

/** The server's own areas, and the landing page's, which only the landing page loads. */
const NOT_FOR_PAGES: readonly Area[] = [...SERVER_AREAS, 'landing'];

/** The areas the web's pages (the landing page aside) use. */
const ALL_AREAS: readonly Area[] = AREAS.filter((area) => !NOT_FOR_PAGES.includes(area));

/**
 * The back office's own catalogs (its lists, forms and audit log: nearly a quarter of the messages):
 * loaded on its pages and the facilitators', never for a couple's or a visitor's page
 * (i18n.test.ts checks no other page uses them).
 */
export const BACK_OFFICE_AREAS: readonly Area[] = ['admin', 'admin-coupons'];

/** Paths whose pages use the back office's catalogs. */
const BACK_OFFICE_PATH = /^\/(admin|facilitator)(\/|-|$)/;

/**
 * The catalog areas the web loads for a path; the landing page only its own, `common` and its
 * contact form's; the other public and couple pages all but the back office's.
 */
export function areasFor(pathname: string): Area[] {
  if (pathname === '/' || pathname === '/es') return ['common', 'landing', 'contact'];
  if (!BACK_OFFICE_PATH.test(pathname)) return ALL_AREAS.filter((area) => !BACK_OFFICE_AREAS.includes(area));
  return [...ALL_AREAS];
}

const loaded = new Set<string>();

/** Loads the areas' catalogs of `locale` (once each) and makes it the active language. */
export async function loadCatalogs(locale: Locale, areas: readonly Area[]): Promise<void> {
  const missing = areas.filter((area) => !loaded.has(`${locale}/${area}`));
  const file = (area: Area) => `../../locales/${locale}/${area}.json`;
  const ownChunk = missing.filter((area) => CATALOG_FILES[file(area)]);
  const [bundled, ...own] = await Promise.all([
    ownChunk.length < missing.length ? PAGE_CATALOGS[locale]().then((module) => module.default) : undefined,
    ...ownChunk.map(async (area) => (await CATALOG_FILES[file(area)]!()).default),
  ]);
  for (const area of missing) {
    const index = ownChunk.indexOf(area);
    i18n.load(locale, (index === -1 ? bundled?.[file(area)] : own[index]) ?? {});
    loaded.add(`${locale}/${area}`);
  }
  // A plural's `#` is counted as the page's other numbers are (format.ts: es-US, "13,479 días").
  if (i18n.locale !== locale) i18n.activate(locale, [intlTag(locale)]);
  // Only when it changes: setting `lang`, even to the same value, restyles every element (`:lang`).
  if (typeof document !== 'undefined' && document.documentElement.lang !== locale) {
    document.documentElement.lang = locale;
  }
}

/** Whether those catalogs are in already (the router's beforeLoad then does not wait). */
function catalogsLoaded(locale: Locale, areas: readonly Area[]): boolean {
  return i18n.locale === locale && areas.every((area) => loaded.has(`${locale}/${area}`));
}

/**
 * The language and catalogs of the page at `pathname`, loaded unless they are in already: `/es` is
 * Spanish; otherwise the language already chosen, or on the first load the cookie, then the
 * browser's languages (the root route's beforeLoad, and the takeover of a prerendered page, which
 * starts them alongside the page's chunks).
 */
export async function loadPageCatalogs(pathname: string): Promise<void> {
  const locale = localeOfPath(pathname) ?? (i18n.locale ? activeLocale() : initialLocale());
  const areas = areasFor(pathname);
  if (!catalogsLoaded(locale, areas)) await loadCatalogs(locale, areas);
}

/** The language the browser starts in: `/es`, then the remembered choice, then navigator.languages. */
export function initialLocale(): Locale {
  if (typeof window === 'undefined') return DEFAULT_LOCALE;
  return chooseLocale({
    pathname: window.location.pathname,
    cookie: document.cookie,
    preferences: navigator.languages ?? [navigator.language],
  });
}

/** The active language ('en' before any catalog is loaded). */
export function activeLocale(): Locale {
  return (i18n.locale as Locale) || DEFAULT_LOCALE;
}

/**
 * Remembers the language switch's choice for a year: the page's language cookie (the server reads
 * it for the first HTML) and this device's own choice, which a sign-in leaves alone and a sign-out
 * brings back (decision 0355).
 */
export function rememberLocale(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  for (const name of [LOCALE_COOKIE, DEVICE_LOCALE_COOKIE]) {
    // biome-ignore lint/suspicious/noDocumentCookie: plain cookies; the Cookie Store API is not everywhere yet
    document.cookie = `${name}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
  }
}

/**
 * After a sign-in, the page takes on the account's language (decision 0309): the server has just
 * put it in the language cookie. Loads what the page at `pathname` needs in it, when it differs,
 * and what the page still on screen needs (the landing page's own texts, after its instant login),
 * so no text shows as its id while the next page opens.
 */
export function adoptAccountLocale(pathname: string): Promise<void> {
  return adoptCookieLocale(pathname);
}

/**
 * After a sign-out, the page takes on the language last chosen on this device with the switch
 * (decision 0355), which the server has just put back in the language cookie (unchanged when the
 * device never chose one).
 */
export function adoptDeviceLocale(pathname: string): Promise<void> {
  return adoptCookieLocale(pathname);
}

async function adoptCookieLocale(pathname: string): Promise<void> {
  const locale = localeFromCookie(document.cookie);
  if (locale && locale !== activeLocale()) await loadCatalogs(locale, adoptedAreas(pathname, window.location.pathname));
}

/** The areas a sign-in's language is loaded with: the next page's and the one still on screen. */
export function adoptedAreas(next: string, onScreen: string): Area[] {
  return [...new Set([...areasFor(next), ...areasFor(onScreen)])];
}

/**
 * Resolves once a language is active (the root route's beforeLoad activates one after loading the
 * page's catalogs), at once when one is. For code that may run before the router has loaded a route
 * and says something (the service worker's "updated" notice): translating earlier throws.
 */
export function languageReady(instance: I18n = i18n): Promise<void> {
  return new Promise((resolve) => {
    if (instance.locale) {
      resolve();
      return;
    }
    const stop = instance.on('change', () => {
      if (!instance.locale) return;
      stop();
      resolve();
    });
  });
}

/** Outside React (toasts raised in handlers, titles): the active language's text. */
export function translate(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}
