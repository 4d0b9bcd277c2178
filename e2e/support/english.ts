import type { Page } from '@playwright/test';

/**
 * "No English left" on a Spanish page (issue 35, e2e/every-page.spec.ts): the page's text as a
 * person meets it (visible text, and what a screen reader says: aria-label, alt, title,
 * placeholder; the document's title) holds none of the English words below, chosen because none of them is a Spanish word. Text marked as another language (`lang="en"`:
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
  /\b[a-z]{2,4}_\w+/g, // payment and order ids (pi_..., cs_test_...): random letters can spell "Of"
  /\b[A-Z0-9]+(-[A-Z0-9]+)+\b/g, // access, trial, gift and certificate codes (TRY-52-WEEKS)
];

/** The page's text as a person meets it, with the elements that say they are in another language left out. */
export async function textOf(page: Page): Promise<string> {
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
export function englishIn(text: string): string[] {
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
