/**
 * Mantine's autosize Textarea listens for font loading on `document.fonts`, which jsdom lacks.
 * Import this module first in tests that render the week card. (Belongs in src/web/test/setup.ts.)
 */
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}
export {};
