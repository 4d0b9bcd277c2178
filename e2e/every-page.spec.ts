import { expect, type Page, test } from '@playwright/test';
import { signInAdmin } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { namedCouple } from './support/couple';
import { englishIn, textOf } from './support/english';
import {
  ADMIN_PAGES,
  COUPLE_PAGES,
  closeContext,
  contextIn,
  keepLanguage,
  type Lang,
  openPage,
  PUBLIC_PAGES,
  type WalkedPage,
  watchConsole,
} from './support/languages';
import { expectWcag22 } from './support/wcag';

/**
 * Every page, as a visitor, a couple and the seller meet it, in both languages (the language the app
 * sets: the `vw_locale` cookie and the browser's language; the public pages at their `/es/...`
 * address), on a phone and on a desktop: one walk per language and screen, each page opened once and
 * checked for everything a browser can tell about it (decision 0285, docs/accessibility.md):
 * - the document's language, and no English left on a Spanish page (issue 35);
 * - axe with no violation of any impact, on the desktop walk;
 * - WCAG 2.2 beyond axe: target size, no dragging, no puzzle, the help link first in the footer,
 *   the focused control never hidden (e2e/support/wcag.ts);
 * - no console error.
 * The twelve walks run in parallel across the workers.
 */

const SCREENS = [
  { name: 'phone', size: { width: 375, height: 740 }, axe: false },
  { name: 'desktop', size: { width: 1280, height: 800 }, axe: true },
] as const;

type Screen = (typeof SCREENS)[number];

const GROUPS: {
  name: string;
  pages: WalkedPage[];
  /** Signs the page in as whoever sees these pages; signed out, the session check's 401 is the browser's expected line. */
  signIn?: (page: Page, lang: Lang) => Promise<void>;
}[] = [
  { name: 'the public pages', pages: PUBLIC_PAGES },
  {
    name: "the couple's pages",
    pages: COUPLE_PAGES,
    signIn: async (page, lang) => {
      await namedCouple(page);
      await keepLanguage(page, lang);
    },
  },
  {
    name: "the seller's pages",
    pages: ADMIN_PAGES,
    // The seller's account is shared with other specs: its language (their emails) stays as it is.
    signIn: (page) => signInAdmin(page),
  },
];

async function checkPage(
  page: Page,
  walked: WalkedPage,
  lang: Lang,
  screen: Screen,
  problems: ReturnType<typeof watchConsole>,
  signedOut: boolean,
) {
  const label = `${walked.label} (${lang}, ${screen.name})`;
  problems.allowNotFound = signedOut || walked.notFound === true;
  await openPage(page, walked, lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  if (lang === 'es') expect.soft(englishIn(await textOf(page)), `English on ${label}`).toEqual([]);
  if (screen.axe) await expectNoAxeViolations(page, label);
  await expectWcag22(page, walked, lang);
  expect.soft([...problems], `console on ${label}`).toEqual([]);
  problems.length = 0;
}

test.describe.configure({ mode: 'parallel' });

for (const lang of ['es', 'en'] as const) {
  for (const screen of SCREENS) {
    test.describe(`every page in ${lang === 'es' ? 'Spanish' : 'English'} on a ${screen.name}`, () => {
      for (const group of GROUPS) {
        test(group.name, async ({ browser }) => {
          // Each page takes a few seconds (its load, axe, fifty presses of Tab); up to 25 s on a busy
          // two-core machine.
          test.setTimeout(30_000 + group.pages.length * 25_000);
          const context = await contextIn(browser, lang, screen.size);
          const page = await context.newPage();
          const problems = watchConsole(page);
          await group.signIn?.(page, lang);
          for (const walked of group.pages) {
            await test.step(walked.label, () => checkPage(page, walked, lang, screen, problems, !group.signIn));
          }
          await closeContext(context, problems);
        });
      }
    });
  }
}

test('the word check finds English, and leaves Spanish, names and codes alone', () => {
  expect(englishIn('Guarden su semana\nVows & Weeks · Maya y Noah · ABCD-EFGH-IJKL')).toEqual([]);
  expect(englishIn('Guarden su semana\nSave your week')).toEqual([
    '"Save" in "Save your week"',
    '"your" in "Save your week"',
    '"week" in "Save your week"',
  ]);
});
