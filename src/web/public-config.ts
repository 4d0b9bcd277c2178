import { PUBLIC_CONFIG_ELEMENT_ID } from '../shared/constants';
import type { RouterOutputs } from './trpc';

export type PublicConfig = RouterOutputs['publicConfig']['get'];

/**
 * The public config the server wrote into the page (a JSON data block), or undefined when the page
 * has none (the Vite dev server, tests). The same answer `publicConfig.get` would give.
 */
export function embeddedPublicConfig(): PublicConfig | undefined {
  // No document while the build prerenders the page (scripts/prerender.ts).
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicConfig;
  } catch {
    return undefined;
  }
}
