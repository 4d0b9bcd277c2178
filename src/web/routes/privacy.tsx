import { createFileRoute } from '@tanstack/react-router';
import { sitePageRouteOptions } from '../features/site-pages/site-page-route';

/** The seller's Privacy Policy (docs/product.md#pages-and-routes): the 404 page until saved in Settings. */
export const Route = createFileRoute('/privacy')(sitePageRouteOptions('privacy'));
