import type { MouseEvent } from 'react';
import type { SectionId } from './content';

/** The id of a section's heading, which receives focus when the section is chosen. */
export const sectionHeadingId = (id: SectionId) => `${id}-heading`;

/**
 * Scrolls smoothly to a landing section (instantly when the visitor prefers reduced motion) and moves
 * keyboard and screen-reader focus to its heading, without touching the URL: the router would treat a
 * hash change as a navigation.
 */
export function scrollToSection(id: SectionId): void {
  const section = document.getElementById(id);
  if (!section) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  document.getElementById(sectionHeadingId(id))?.focus({ preventScroll: true });
}

/**
 * Click handler for an `<a href="#id">`: a plain click scrolls in the page; a modified click (new tab,
 * new window) keeps the browser's own behaviour. Without JavaScript the anchor still works.
 */
export function handleSectionClick(id: SectionId, after?: () => void) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    after?.();
    scrollToSection(id);
  };
}
