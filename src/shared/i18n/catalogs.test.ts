import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { AREAS, LOCALES, SERVER_AREAS } from './locales';

/**
 * The catalogs' rules (docs/i18n.md): every key in both languages, in the file of its area, each
 * ICU string parses with no placeholder the English lacks, no Spanish string left as the English one (but the
 * allow-list), and every key used somewhere in src/ or scripts/ (a literal id, or a template such as
 * `landing.faq.${n}.question`). Ids are found by scanning the source, since with explicit ids and
 * no macros there is nothing for `lingui extract` to extract.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (locale: string, area: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(root, 'src/locales', locale, `${area}.json`), 'utf8'));

/** Spanish strings that are rightly the same as the English. */
const SAME_IN_BOTH = new Set(['common.notFound.eyebrow', 'policies.settings.markdownLabel']);

function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1]!))].sort();
}

/**
 * Whether an id is used in the folders' code (tests aside): a literal id, or a template such as
 * `landing.faq.${n}.question`.
 */
function idsUsedIn(folders: string[]): (id: string) => boolean {
  const literals = new Set<string>();
  const templates: RegExp[] = [];
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const folder of folders) {
    for (const file of fs.readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const text = fs.readFileSync(path.join(root, folder, file), 'utf8');
      for (const match of text.matchAll(/['"]([a-z][a-z-]*(?:\.[A-Za-z0-9]+)+)['"]/g)) literals.add(match[1]!);
      for (const match of text.matchAll(/`([a-z][a-z-]*\.[^`]*\$\{[^`]*)`/g)) {
        const parts = match[1]!.split(/\$\{[^}]*\}/);
        templates.push(new RegExp(`^${parts.map(escapeRegExp).join('[A-Za-z0-9]+')}$`));
      }
    }
  }
  return (id) => literals.has(id) || templates.some((template) => template.test(id));
}

describe('message catalogs', () => {
  const catalogs = Object.fromEntries(
    LOCALES.map((locale) => [locale, Object.fromEntries(AREAS.map((area) => [area, read(locale, area)]))]),
  );

  it.each(AREAS)('%s: the same keys in both languages, each named after its area', (area) => {
    const en = Object.keys(catalogs.en![area]!).sort();
    expect(Object.keys(catalogs.es![area]!).sort()).toEqual(en);
    for (const key of en) expect(key.startsWith(`${area}.`), key).toBe(true);
  });

  it('every string is valid ICU MessageFormat, with the same placeholders in both languages', () => {
    for (const area of AREAS) {
      for (const [key, english] of Object.entries(catalogs.en![area]!)) {
        const spanish = catalogs.es![area]![key] ?? '';
        expect(() => compileMessageOrThrow(english), key).not.toThrow();
        expect(() => compileMessageOrThrow(spanish), key).not.toThrow();
        // A translation may leave a value out ("less than $1 a week" has no natural Spanish twin), never add one.
        const known = placeholders(english);
        expect(
          placeholders(spanish).filter((name) => !known.includes(name)),
          key,
        ).toEqual([]);
      }
    }
  });

  // docs/i18n.md: inclusive Spanish; the role is "persona facilitadora", to a couple "quien los acompaña".
  it('no Spanish string names the facilitator with the masculine generic', () => {
    const masculine = AREAS.flatMap((area) =>
      Object.entries(catalogs.es![area]!)
        .filter(([, spanish]) => /\b(un|el|del|al|su|este|ese)? ?facilitador(es)?\b/i.test(spanish))
        .map(([key]) => key),
    );
    expect(masculine).toEqual([]);
  });

  it('no Spanish string is still the English one (but the allow-list)', () => {
    const same = AREAS.flatMap((area) =>
      Object.entries(catalogs.en![area]!)
        .filter(([key, english]) => catalogs.es![area]![key] === english && !SAME_IN_BOTH.has(key))
        .map(([key]) => key),
    );
    expect(same).toEqual([]);
  });

  it('every key is used in src/ (or scripts/, the prerender)', () => {
    const used = idsUsedIn(['src', 'scripts']);
    expect(AREAS.flatMap((area) => Object.keys(catalogs.en![area]!)).filter((key) => !used(key))).toEqual([]);
  });

  // Every page downloads and evaluates its areas' catalogs: the server's texts belong in its own
  // areas. The calendar feed's and the push notifications' few lines stay beside the web's plan and
  // push texts, and the landing page's description (the prerender writes it into the HTML) beside
  // its other texts.
  it('the areas pages load hold only messages the web uses', () => {
    const used = idsUsedIn(['src/web', 'src/shared']);
    const serverOnly =
      /^(plan\.calendar\.|push\.(weeklyReminder|partnerShared)\.|landing\.meta\.description$|facilitator\.cohort\.automaticName$)/;
    const unused = AREAS.filter((area) => !SERVER_AREAS.includes(area))
      .flatMap((area) => Object.keys(catalogs.en![area]!))
      .filter((key) => !serverOnly.test(key) && !used(key));
    expect(unused).toEqual([]);
  });
});
