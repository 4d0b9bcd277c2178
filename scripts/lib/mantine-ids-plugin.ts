import type { Plugin } from 'vite';

/** The file of Mantine's `useId` hook, and the layout effect in it that swaps React's id for a random one. */
export const MANTINE_USE_ID_FILE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const MANTINE_RANDOM_ID_SWAP = /useIsomorphicEffect\(\(\) => \{[^}]*setUuid\(randomId\(\)\);\s*\}, \[\]\);/;

/**
 * Mantine's `useId` renders with React's id, then swaps it for a random one in a layout effect: a
 * synchronous second render of every component that uses it (the dashboard's tabs, inputs, radios,
 * switches) in the task of the commit that mounted it, which makes React flush the page's passive
 * effects in that task too (decision 0383). React's id is unique in the page and the same on the
 * server and in the browser, so the build keeps it. A Mantine release that changes the hook fails
 * the build here instead of quietly bringing the second render back.
 */
export function mantineIdsFromReact(): Plugin {
  let kept = false;
  // The prerender's server build leaves Mantine to Node (its first render is the same either way).
  let ssr = false;
  return {
    name: 'vows:mantine-ids-from-react',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    transform(code, id) {
      if (!MANTINE_USE_ID_FILE.test(id)) return null;
      if (!MANTINE_RANDOM_ID_SWAP.test(code)) {
        this.error(`Mantine's useId (${id}) no longer has the effect decision 0383 removes: check the decision.`);
      }
      kept = true;
      return { code: code.replace(MANTINE_RANDOM_ID_SWAP, ''), map: null };
    },
    buildEnd(error) {
      if (!error && !ssr && !kept)
        this.error("Mantine's useId was not in the build: decision 0383's check found nothing to keep.");
    },
  };
}
