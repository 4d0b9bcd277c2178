import { expect, type Page, test } from '@playwright/test';
import { signInAdmin } from './support/auth';
import { namedCouple } from './support/couple';
import {
  ADMIN_PAGES,
  COUPLE_PAGES,
  closeContext,
  contextIn,
  expectNoAxeViolations,
  keepLanguage,
  type Lang,
  openPage,
  PUBLIC_PAGES,
  type WalkedPage,
  watchConsole,
} from './support/languages';

/**
 * Issue 35: every page in Spanish, as a Spanish visitor, couple and seller see it (the language the
 * app sets: the `vw_locale` cookie and the browser's language; the public pages at their `/es/...`
 * address), with no English left, and axe with no violation in both languages.
 *
 * "No English left": the page's text as a person meets it (visible text, and what a screen reader
 * says: aria-label, alt, title, placeholder; the document's title) holds none of the English words
 * below, chosen because none of them is a Spanish word. Text marked as another language (`lang="en"`:
 * the "English" button of the switch) is not Spanish text and is left out, and so is what people
 * wrote themselves (names, emails, codes, the data other specs left on this shared server).
 */
const ENGLISH_WORDS = new Set(
  `the and your you with for of is are to this that what our their will have from here who how when
  why week weeks day days month year today save sign signed please loading back next new open close
  cancel delete edit yes partner answers order orders messages message download upload settings
  account welcome progress current wins profile login logout password username code email help
  contact status search show hide copy print send sent add remove view details`.split(/\s+/),
);

/** The brand, and data written by people rather than the app, taken out before the words are read. */
const NOT_THE_APP_TEXT = [
  /Vows & Weeks/g,
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g, // emails
  /https?:\/\/\S+/g,
  /\bcouple_\w+/g, // the e2e usernames
  /\b[A-Z0-9]+(-[A-Z0-9]+)+\b/g, // access, trial, gift and certificate codes (TRY-52-WEEKS)
];

/** The page's text as a person meets it, with the elements that say they are in another language left out. */
async function textOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const foreign = (element: Element | null) => {
      const marked = element?.closest('[lang]');
      return Boolean(marked && !marked.getAttribute('lang')?.startsWith('es'));
    };
    // People's own words on the admin screens (contact messages, email subjects and bodies of other
    // recipients, couples' names): marked by the app as data.
    const data = (element: Element | null) => Boolean(element?.closest('[data-user-content]'));
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || foreign(parent) || data(parent)) continue;
      if (parent.closest('script, style, noscript, template')) continue;
      if (!parent.checkVisibility()) continue;
      texts.push(node.textContent ?? '');
    }
    for (const element of document.querySelectorAll(
      '[aria-label], [alt], [title], [placeholder], [aria-description]',
    )) {
      if (foreign(element) || data(element) || !element.checkVisibility()) continue;
      for (const name of ['aria-label', 'alt', 'title', 'placeholder', 'aria-description']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.join('\n');
  });
}

/** The English words of a Spanish page, each with a little of its context. */
function englishIn(text: string): string[] {
  let cleaned = text;
  for (const pattern of NOT_THE_APP_TEXT) cleaned = cleaned.replace(pattern, ' ');
  const found = new Set<string>();
  for (const line of cleaned.split('\n')) {
    for (const word of line.match(/[\p{L}]+/gu) ?? []) {
      if (ENGLISH_WORDS.has(word.toLowerCase())) found.add(`"${word}" in "${line.trim().slice(0, 90)}"`);
    }
  }
  return [...found];
}

async function walk(page: Page, pages: WalkedPage[], lang: Lang, problems: ReturnType<typeof watchConsole>) {
  for (const walked of pages) {
    await test.step(`${walked.label} (${lang})`, async () => {
      problems.allowNotFound = walked.notFound === true;
      await openPage(page, walked, lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      if (lang === 'es') expect.soft(englishIn(await textOf(page)), `English on ${walked.label}`).toEqual([]);
      await expectNoAxeViolations(page, `${walked.label} (${lang})`);
      expect.soft([...problems], `console on ${walked.label}`).toEqual([]);
      problems.length = 0;
    });
  }
}

for (const lang of ['es', 'en'] as const) {
  test.describe(`every page in ${lang === 'es' ? 'Spanish' : 'English'}`, () => {
    test('the public pages', async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await contextIn(browser, lang);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await walk(page, PUBLIC_PAGES, lang, problems);
      await closeContext(context, problems);
    });

    test("the couple's pages", async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await contextIn(browser, lang);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await namedCouple(page);
      await keepLanguage(page, lang);
      await walk(page, COUPLE_PAGES, lang, problems);
      await closeContext(context, problems);
    });

    test("the seller's pages", async ({ browser }) => {
      test.setTimeout(240_000);
      const context = await contextIn(browser, lang);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signInAdmin(page);
      // The seller's account is shared with other specs: its language (their emails) stays as it is.
      await walk(page, ADMIN_PAGES, lang, problems);
      await closeContext(context, problems);
    });
  });
}

test('the word check finds English, and leaves Spanish, names and codes alone', () => {
  expect(englishIn('Guarden su semana\nVows & Weeks · Maya y Noah · ABCD-EFGH-IJKL')).toEqual([]);
  expect(englishIn('Guarden su semana\nSave your week')).toEqual([
    '"Save" in "Save your week"',
    '"your" in "Save your week"',
    '"week" in "Save your week"',
  ]);
});
