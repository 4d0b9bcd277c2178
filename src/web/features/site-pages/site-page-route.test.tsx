import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_PAGES } from '../../../shared/site-page-list';
import { i18n } from '../../i18n/i18n';
import { renderApp } from '../../test/render';
import { ANONYMOUS, type StubAnswer, stubTrpcFetch } from '../../test/trpc-fetch-stub';

afterEach(() => vi.unstubAllGlobals());

const notFound: StubAnswer = { error: { message: 'Page not found', code: 'NOT_FOUND', httpStatus: 404 } };

describe('the seller pages /faq, /refund, /privacy and /terms', { timeout: 20_000 }, () => {
  it('each shows its own page, with its title in the tab', async () => {
    for (const page of SITE_PAGES) {
      stubTrpcFetch({
        'auth.check': () => ANONYMOUS,
        'sitePages.get': (input) => {
          const { slug } = input as { slug: string };
          return slug === page.slug
            ? {
                data: {
                  slug,
                  title: page.title,
                  html: `<p>The text of ${slug}.</p>`,
                  updatedAt: '2026-11-01T00:00:00.000Z',
                },
              }
            : notFound;
        },
      });
      const { unmount } = renderApp(page.path);
      expect(await screen.findByRole('heading', { level: 1, name: page.title })).toBeInTheDocument();
      expect(screen.getByText(`The text of ${page.slug}.`)).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(`${page.title} · Vows & Weeks`));
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('in Spanish, the page’s frame and tab title are Spanish (the seller’s text stays as written)', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'sitePages.get': () => ({
        data: {
          slug: 'privacy',
          title: 'Aviso de privacidad',
          html: '<p>Texto.</p>',
          updatedAt: '2026-11-01T00:00:00.000Z',
        },
      }),
    });
    i18n.activate('es');
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeInTheDocument();
    expect(screen.getByText('Actualizado el 1 de noviembre de 2026')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Política de privacidad · Vows & Weeks'));
    expect(document.querySelector('main')?.textContent).not.toMatch(/\b(Updated|November|Privacy)\b/);
  });

  it('is the 404 page until the seller saves it', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'sitePages.get': () => notFound,
    });
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
