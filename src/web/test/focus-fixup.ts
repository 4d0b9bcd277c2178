import { onTestFinished } from 'vitest';

/**
 * A browser's focus fixup, which jsdom lacks: a focused control that becomes disabled loses the
 * focus to the page's body (Chromium does so, and Mantine's `loading` disables a button while its
 * request runs). For the rest of the calling test.
 */
export function dropFocusFromDisabledControls(): void {
  const fixup = new MutationObserver(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && (focused as HTMLButtonElement).disabled) focused.blur();
  });
  fixup.observe(document.body, { attributes: true, attributeFilter: ['disabled'], subtree: true });
  onTestFinished(() => fixup.disconnect());
}
