import english from '../../../locales/en/certificates.json';

/*
 * The certificates area's texts (src/locales/{en,es}/certificates.json). Written before the i18n
 * foundation (branch s13-i18n, docs/i18n.md) reached this branch: the ids, the catalogs and the
 * `{name}` placeholders are already in its format, and this stand-in reads the English catalog.
 * When the foundation is merged, `useT()` from src/web/i18n/use-t.tsx replaces it, line for line.
 */
export type CertificateTextId = keyof typeof english;

export function translate(id: CertificateTextId, values: Record<string, string | number> = {}): string {
  return english[id].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function useT() {
  return { t: translate, locale: 'en' as const };
}
