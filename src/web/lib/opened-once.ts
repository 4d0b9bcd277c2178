import { useState } from 'react';

/**
 * Whether a dialog has been open at least once: a closed dialog that has never opened is left out
 * of the page, and one that has stays, so its closing transition plays. Mantine's modal mounts its
 * portal on the first commit and renders again at once to fill it (a synchronous second render in
 * the task that first draws the page); a dialog the couple has not opened need not cost that.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [openedOnce, setOpenedOnce] = useState(opened);
  // Set during render (React's pattern for state derived from a prop): no extra commit.
  if (opened && !openedOnce) setOpenedOnce(true);
  return opened || openedOnce;
}
