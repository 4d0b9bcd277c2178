import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '../i18n/i18n';
import { stopReturningFocus } from '../lib/focus';
import { failOnConsoleError } from '../../shared/testing/console-guard';

failOnConsoleError();

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: a route's first render (its lazy
// chunk, its queries) took over 1 s on a busy two-core machine (course-content-page.test, CI run of
// 2026-11-25). A test that passes passes as soon as its element is there.
configure({ asyncUtilTimeout: 5_000 });

// Every catalog of both languages, English active before each test (tests of Spanish activate 'es').
// Uncompiled here: outside production Lingui compiles ICU strings itself.
for (const [file, catalog] of Object.entries(
  import.meta.glob<Record<string, string>>('../../locales/*/*.json', { eager: true, import: 'default' }),
)) {
  i18n.load(file.split('/').at(-2)!, catalog);
}
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: forget a language chosen by an earlier test
  document.cookie = 'vw_locale=; max-age=0; path=/';
  // biome-ignore lint/suspicious/noDocumentCookie: and the device's own choice (decision 0355)
  document.cookie = 'vw_device_locale=; max-age=0; path=/';
  i18n.activate('en');
  document.documentElement.lang = 'en';
  // The test files of a worker share one document (vitest.config.ts, isolate: false).
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  // The notifications store is module state: empty it so one test's toasts never leak into the next.
  notifications.clean();
  // A focus returned after an action is module state too: it never lands in the next test.
  stopReturningFocus();
});

/* What Mantine needs from a browser that jsdom lacks (as in Mantine's Vite template). */
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

/**
 * Mantine's autosize Textarea listens for `loadingdone` on `document.fonts` (the CSS Font Loading
 * API), which jsdom lacks: an event target that never fires, with every font already loaded.
 */
if (!('fonts' in document)) {
  const fonts = Object.assign(new EventTarget(), { status: 'loaded', ready: Promise.resolve() });
  Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
}
