import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { localizedPath, unlocalizedPath } from '../src/shared/i18n/localized-pages';
import type { Locale } from '../src/shared/i18n/locales';
import { AppProviders } from '../src/web/components/app-providers';
import { areasFor, i18n, loadCatalogs, translate } from '../src/web/i18n/i18n';
import { localeRewrite } from '../src/web/i18n/locale-rewrite';
import { SHELL_PAGES, SHELL_TITLES } from '../src/web/page-shells';
import { theme } from '../src/web/theme';
import { createAppRouter } from '../src/web/router';
import type { PublicConfig } from '../src/web/public-config';
import { createQueryClient } from '../src/web/query-client';
import { trpc } from '../src/web/trpc';
import { BUYER_FIRST_NAME_PLACEHOLDER } from '../src/shared/onboarding-page';

/**
 * The server-side entry of the build-time prerender (built by Vite in SSR mode, see
 * scripts/prerender.ts): renders the app at `path` to HTML, exactly the tree the browser hydrates.
 * `router.load()` loads the lazily split route component. A first pass with `prerenderToNodeStream`
 * waits for the lazily loaded parts inside the page (its forms), which resolves their `lazy()`
 * payloads; the second pass with `renderToString` then renders the whole page in place, without
 * streaming's out-of-order inline scripts (the CSP forbids inline scripts, and the page must show
 * without JavaScript). With `publicConfig`, the page renders as if the server had sent it that
 * config (the code hints of the sign-in pages).
 */
export { SHELL_PAGES };

export async function renderPage(path: string, publicConfig?: PublicConfig, locale: Locale = 'en'): Promise<string> {
  // One Lingui instance for every render: each page activates its own language first.
  await loadCatalogs(locale, areasFor(path));
  const queryClient = createQueryClient();
  // The sign-in pages' code hints, as placeholders the server fills in (decision 0175).
  if (publicConfig) queryClient.setQueryData(trpc.publicConfig.get.queryOptions().queryKey, publicConfig);
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
    prerender: true,
  });
  await router.load();
  // A route that sends the visitor elsewhere without its data (a guard, missing search parameters)
  // must be prerendered as a shell (SHELL_PAGES), not as the page it redirects to.
  // `/es/login` is the `/login` route in Spanish (decision 0275).
  if (router.state.location.pathname !== unlocalizedPath(path))
    throw new Error(`${path} redirected to ${router.state.location.pathname} while prerendering; give it a shell.`);
  const app = <AppProviders router={router} queryClient={queryClient} />;
  const { prelude } = await prerenderToNodeStream(app);
  for await (const _chunk of prelude) {
    // Drained only to let every lazy part load.
  }
  const html = renderToString(app);
  if (html.includes('<script'))
    throw new Error('The prerendered page contains an inline script (forbidden by the CSP).');
  return html;
}

/**
 * The shell of a page from SHELL_PAGES (src/web/page-shells.tsx): its frame and loading
 * skeleton, rendered inside a one-route router (for the links) with an empty query client, so every
 * query is still loading (nothing is fetched while rendering on the server).
 */
export async function renderShell(
  path: string,
  options: { locale?: Locale; seed?: (queryClient: ReturnType<typeof createQueryClient>) => void } = {},
): Promise<string> {
  const shell = SHELL_PAGES[path];
  if (!shell) throw new Error(`No shell for ${path}`);
  const locale = options.locale ?? 'en';
  await loadCatalogs(locale, areasFor(path));
  const queryClient = createQueryClient();
  options.seed?.(queryClient);
  const rootRoute = createRootRoute({ component: () => <>{shell()}</> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [localizedPath(path, locale)] }),
    scrollRestoration: false,
    // Its links to the public pages in its language (`/es/login`), as the app draws them.
    rewrite: localeRewrite,
  });
  await router.load();
  const app = (
    <StrictMode>
      <MantineProvider theme={theme} withCssVariables={false} defaultColorScheme="light">
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </I18nProvider>
      </MantineProvider>
    </StrictMode>
  );
  // As renderPage: a first pass loads the lazily loaded parts the shell shows (the welcome dialog).
  const { prelude } = await prerenderToNodeStream(app);
  for await (const _chunk of prelude) {
    // Drained only to let every lazy part load.
  }
  const html = renderToString(app);
  if (html.includes('<script'))
    throw new Error(`The shell of ${path} contains an inline script (forbidden by the CSP).`);
  // The route's title, first, as a rendered page carries it (scripts/prerender.ts moves it to <head>).
  const titleId = SHELL_TITLES[path];
  return titleId ? `<title>${escapeText(translate(titleId))}</title>${html}` : html;
}

/**
 * A new buyer's first /dashboard (decision 0273): the dashboard's shell with the welcome dialog
 * open, in `locale`, its first name field holding BUYER_FIRST_NAME_PLACEHOLDER for the server to
 * fill in (src/server/http/pages.ts), so the dialog paints from the HTML.
 */
export async function renderOnboardingShell(locale: Locale): Promise<string> {
  const html = await renderShell('/dashboard', {
    locale,
    seed: (queryClient) =>
      queryClient.setQueryData(trpc.profile.get.queryOptions().queryKey, {
        userDisplayName: '',
        partnerName: '',
        weddingDate: null,
        buyerFirstName: BUYER_FIRST_NAME_PLACEHOLDER,
      }),
  });
  // Mantine names the dialog by its title only once the title has mounted (an effect, which a
  // server render does not run): name it here, as the browser will.
  const titleId = /<h2[^>]*mantine-Modal-title[^>]*\sid="([^"]+)"/.exec(html)?.[1];
  if (!titleId) throw new Error('The onboarding shell has no dialog title.');
  return html.replace('role="dialog"', `role="dialog" aria-labelledby="${titleId}"`);
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
