import { createFileRoute } from '@tanstack/react-router';
import { translate } from '../i18n/i18n';
import { searchTexts } from '../lib/search-params';
import { HomePage } from './-home-page';

/**
 * The landing page in Spanish (decision 0231): the same page as `/`, its own address so search
 * engines and links reach it; the root route loads the Spanish catalogs for `/es`.
 */
export const Route = createFileRoute('/es')({
  validateSearch: (search: { email?: unknown; firstName?: unknown; lastName?: unknown }) =>
    searchTexts(search, ['email', 'firstName', 'lastName'] as const),
  // The meta description and the hreflang alternates are written by the prerender (scripts/prerender.ts).
  head: () => ({ meta: [{ title: translate('landing.meta.title') }] }),
  component: HomePage,
});
