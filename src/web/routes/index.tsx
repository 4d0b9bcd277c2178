import { createFileRoute } from '@tanstack/react-router';
import { translate } from '../i18n/i18n';
import { searchTexts } from '../lib/search-params';
import { HomePage } from './-home-page';

export const Route = createFileRoute('/')({
  // A signed-in trial couple's "Get the full course" comes here with its email and first name, and
  // the checkout's "Change my details" with all three, which the pricing form fills in
  // (docs/product.md#card-payments).
  validateSearch: (search: { email?: unknown; firstName?: unknown; lastName?: unknown }) =>
    searchTexts(search, ['email', 'firstName', 'lastName'] as const),
  // The meta description and the hreflang alternates are written by the prerender (scripts/prerender.ts).
  head: () => ({ meta: [{ title: translate('landing.meta.title') }] }),
  component: HomePage,
});
