import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_PAGES } from '../../../shared/site-page-list';
import { i18n } from '../../i18n/i18n';
import { renderApp } from '../../test/render';
import { ANONYMOUS, type StubAnswer, stubTrpcFetch } from '../../test/trpc-fetch-stub';

afterEach(() => vi.unstubAllGlobals());

/** Each page's name in English, as its heading and tab title say it. */
const NAMES = {
  faq: 'Frequently asked questions',
  refund: 'Refund Policy',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
} as const;

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
                  html: `<p>The text of ${slug}.</p>`,
                  updatedAt: '2026-11-01T00:00:00.000Z',
                  language: 'en',
                },
              }
            : notFound;
        },
      });
      const { unmount } = renderApp(page.path);
      expect(await screen.findByRole('heading', { level: 1, name: NAMES[page.slug] })).toBeInTheDocument();
      expect(screen.getByText(`The text of ${page.slug}.`)).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(`${NAMES[page.slug]} · Vows & Weeks`));
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('in Spanish, the page’s name, frame and tab title are Spanish (the seller’s text stays as written)', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'sitePages.get': () => ({
        data: {
          slug: 'privacy',
          html: '<p>Texto.</p>',
          updatedAt: '2026-11-01T00:00:00.000Z',
          language: 'es',
        },
      }),
    });
    i18n.activate('es');
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeInTheDocument();
    expect(screen.getByText('Actualizado el 1 de noviembre de 2026')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Política de privacidad · Vows & Weeks'));
    expect(document.querySelector('main')?.textContent).not.toMatch(/\b(Updated|November|Privacy)\b/);
    expect(screen.queryByText(/Esta página está escrita en/)).toBeNull();
  });

  it('marks the seller’s text with its language, and says so to a visitor reading in the other', async () => {
    const page = (language: 'en' | 'es' | null) => ({
      data: { slug: 'faq', html: '<p>Preguntas.</p>', updatedAt: '2026-11-01T00:00:00.000Z', language },
    });
    stubTrpcFetch({ 'auth.check': () => ANONYMOUS, 'sitePages.get': () => page('es') });
    const { unmount } = renderApp('/faq');
    expect((await screen.findByText('Preguntas.')).closest('[lang]')).toHaveAttribute('lang', 'es');
    expect(screen.getByText('This page is written in Spanish.')).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();

    // A page saved before its language was asked says nothing of it.
    stubTrpcFetch({ 'auth.check': () => ANONYMOUS, 'sitePages.get': () => page(null) });
    renderApp('/faq');
    expect((await screen.findByText('Preguntas.')).closest('[lang]')?.tagName).toBe('HTML');
    expect(screen.queryByText(/This page is written in/)).toBeNull();
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
