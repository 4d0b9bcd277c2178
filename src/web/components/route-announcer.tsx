import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import classes from './visually-hidden.module.css';

/** The live region's id (its tests find it by it). */
export const ROUTE_ANNOUNCER_ID = 'vw-route-announcer';

/**
 * Says the new page's title when the app changes page (after signing in, following a link, going
 * back): the browser loads no page then, so a screen reader said nothing and the focus stayed where
 * it was. The first page is the browser's to name, and a change of the address's query alone (a
 * dashboard tab, a week) is no new page. Polite: it waits for what is being read, a toast's message.
 * The focus stays where the browser leaves it (decision 0394).
 */
export function RouteAnnouncer() {
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const previous = useRef(pathname);
  const [title, setTitle] = useState('');
  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    // Before the first page has resolved there is no location yet: that page is the browser's.
    if (pathname === before || before === undefined) return;
    // The new page's title is in the document by now: the router's head renders it in the commit
    // that shows the page, and a page's own effects (the 404's) run before this one.
    setTitle(document.title);
  }, [pathname]);
  return (
    <div id={ROUTE_ANNOUNCER_ID} className={classes.visuallyHidden} aria-live="polite" aria-atomic="true">
      {title}
    </div>
  );
}
