import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SitePageDraft } from '../../../shared/site-pages';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { PublicPageLinks } from '../../components/public-page-links';
import { PublicPagesSettings, starterNotice } from './public-pages-settings';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

const drafts: SitePageDraft[] = [
  {
    slug: 'faq',
    path: '/faq',
    markdown: '## Questions',
    saved: false,
    updatedAt: null,
    updatedBy: null,
    language: 'en',
  },
  {
    slug: 'refund',
    path: '/refund',
    markdown: 'Within **30 days**.',
    saved: true,
    updatedAt: '2026-11-20T09:00:00.000Z',
    updatedBy: 'admin',
    language: 'es',
  },
  {
    slug: 'privacy',
    path: '/privacy',
    markdown: 'Privacy',
    saved: false,
    updatedAt: null,
    updatedBy: null,
    language: 'en',
  },
  {
    slug: 'terms',
    path: '/terms',
    markdown: 'Terms',
    saved: false,
    updatedAt: null,
    updatedBy: null,
    language: 'en',
  },
];

describe('PublicPagesSettings', { timeout: 20_000 }, () => {
  it('tells the seller to review a starter text, and previews the Markdown safely as it is typed', async () => {
    stubTrpcFetch({ 'sitePages.listForEditing': () => ({ data: drafts }) });
    const user = userEvent.setup({ delay: null });
    renderRoute(PublicPagesSettings);
    expect(await screen.findByText(starterNotice())).toBeInTheDocument();
    // A note, not an alert: it is there as the page opens (Mantine's Alert is role=alert unless told).
    expect(screen.getByRole('note', { name: starterNotice() })).toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
    const preview = screen.getByRole('region', { name: 'Preview of the Frequently asked questions' });
    expect(within(preview).getByRole('heading', { level: 2, name: 'Questions' })).toBeInTheDocument();

    const editor = screen.getByRole('textbox', { name: /Frequently asked questions \(Markdown\)/ });
    await user.clear(editor);
    await user.click(editor);
    await user.paste('<script>alert(1)</script> [bad](javascript:alert(1)) [good](https://example.com)');
    await waitFor(() => expect(within(preview).getByRole('link', { name: 'good' })).toBeInTheDocument());
    expect(within(preview).getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(within(preview).queryByRole('link', { name: 'bad' })).toBeNull();
    expect(preview.querySelector('script')).toBeNull();
  });

  // QA walk: the starter FAQ's "[Refund Policy](/refund)" was reported missing from the preview. A
  // path of this site is a link in the preview as on the public page (same renderer); a
  // protocol-relative or javascript: address is not.
  it("previews the starter FAQ's link to the refund page as a link, in both languages", async () => {
    for (const [lang, text] of [
      ['en', 'Refund Policy'],
      ['es', 'Política de reembolso'],
    ] as const) {
      i18n.activate(lang);
      const faq = {
        ...drafts[0]!,
        language: lang,
        markdown: `See our [${text}](/refund). [x](//evil.example) [y](javascript:alert(1))`,
      };
      stubTrpcFetch({ 'sitePages.listForEditing': () => ({ data: [faq, ...drafts.slice(1)] }) });
      const { unmount } = renderRoute(PublicPagesSettings);
      const preview = await screen.findByRole('region', { name: lang === 'en' ? /^Preview/ : /^Vista previa/ });
      expect(within(preview).getByRole('link', { name: text })).toHaveAttribute('href', '/refund');
      expect(within(preview).getAllByRole('link')).toHaveLength(1);
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('saves a page with a toast, and says where a saved page is published', async () => {
    const stub = stubTrpcFetch({
      'sitePages.listForEditing': () => ({ data: drafts }),
      'sitePages.save': (input) => ({ data: { ...drafts[1], ...(input as object), saved: true } }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(PublicPagesSettings);
    await user.click(await screen.findByRole('tab', { name: 'Refund Policy' }));
    expect(await screen.findByRole('link', { name: '/refund' })).toBeInTheDocument();
    expect(screen.queryByText(starterNotice())).toBeNull();
    // The language it was saved in; the text and its preview say so (WCAG 3.1.2).
    const panel = screen.getByRole('tabpanel', { name: 'Refund Policy' });
    expect(within(panel).getByRole('radio', { name: 'Español' })).toBeChecked();
    const editor = within(panel).getByRole('textbox', { name: /Refund Policy \(Markdown\)/ });
    expect(editor).toHaveAttribute('lang', 'es');
    await user.click(within(panel).getByRole('radio', { name: 'English' }));
    expect(editor).toHaveAttribute('lang', 'en');
    expect(within(panel).getByText('30 days').closest('[lang]')).toHaveAttribute('lang', 'en');
    await user.click(screen.getByRole('button', { name: 'Save Refund Policy' }));
    expect(await screen.findByText('Page saved')).toBeInTheDocument();
    expect(screen.getByText('The Refund Policy is published at /refund.')).toBeInTheDocument();
    expect(stub.calls).toContainEqual({
      path: 'sitePages.save',
      input: { slug: 'refund', markdown: 'Within **30 days**.', language: 'en' },
    });
  });

  /** The settings page with the FAQ's editor emptied and focused, saving into a stub. */
  async function editFaq() {
    const stub = stubTrpcFetch({
      'sitePages.listForEditing': () => ({ data: drafts }),
      'sitePages.save': (input) => ({ data: { ...drafts[0], ...(input as object), saved: true } }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(PublicPagesSettings);
    const editor = await screen.findByRole('textbox', { name: /Frequently asked questions \(Markdown\)/ });
    await user.clear(editor);
    await user.click(editor);
    return { stub, user, editor };
  }

  it('asks once before publishing a page whose [placeholders] are not filled in', async () => {
    const { stub, user, editor } = await editFaq();
    await user.paste('Write to [contact email]. It costs [price], see [our terms](https://example.com/terms).');
    await user.click(screen.getByRole('button', { name: 'Save FAQ' }));
    expect(
      await screen.findByText(
        'Still to fill in: [contact email], [price]. Replace them with your own details, or save again to publish the page as it is.',
      ),
    ).toBeInTheDocument();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls.map((call) => call.path)).not.toContain('sitePages.save');

    // Saved again unchanged: the seller meant it.
    await user.click(screen.getByRole('button', { name: 'Save FAQ' }));
    expect(await screen.findByText('Page saved')).toBeInTheDocument();
    expect(stub.calls.filter((call) => call.path === 'sitePages.save')).toHaveLength(1);
  });

  it('saves a filled-in page at once: a Markdown link is not a placeholder', async () => {
    const { stub, user } = await editFaq();
    await user.paste('Write to hello@example.com or read [our terms](https://example.com/terms).');
    await user.click(screen.getByRole('button', { name: 'Save FAQ' }));
    expect(await screen.findByText('Page saved')).toBeInTheDocument();
    expect(stub.calls.map((call) => call.path)).toContain('sitePages.save');
  });

  it('refuses an empty page before sending, naming the field', async () => {
    const stub = stubTrpcFetch({ 'sitePages.listForEditing': () => ({ data: drafts }) });
    const user = userEvent.setup({ delay: null });
    renderRoute(PublicPagesSettings);
    await user.clear(await screen.findByRole('textbox', { name: /Frequently asked questions \(Markdown\)/ }));
    await user.click(screen.getByRole('button', { name: 'Save FAQ' }));
    expect(await screen.findByText('Write the page before saving it: it is empty.')).toBeInTheDocument();
    expect(stub.calls.map((call) => call.path)).not.toContain('sitePages.save');
  });

  // Issue 35: the schema's English ("markdown is required: …") was shown on a Spanish page too.
  it('says why in the page’s language', async () => {
    i18n.activate('es');
    const stub = stubTrpcFetch({ 'sitePages.listForEditing': () => ({ data: drafts }) });
    const user = userEvent.setup({ delay: null });
    renderRoute(PublicPagesSettings);
    const markdown = await screen.findByRole('textbox', { name: /Preguntas frecuentes \(Markdown\)/ });
    await user.clear(markdown);
    await user.click(screen.getByRole('button', { name: /^Guardar/ }));
    expect(await screen.findByText('Escribe la página antes de guardarla: está vacía.')).toBeInTheDocument();
    expect(markdown).toHaveAccessibleDescription(/^Escribe la página antes de guardarla: está vacía\./);
    expect(stub.calls.map((call) => call.path)).not.toContain('sitePages.save');
  });
});

describe('PublicPageLinks', () => {
  it('links the published pages and keeps "coming soon" placeholders for the others', async () => {
    renderRoute(() => (
      <ul>
        <PublicPageLinks published={['refund']} />
      </ul>
    ));
    expect(await screen.findByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund');
    expect(screen.getByRole('button', { name: /Privacy Policy\s*\(coming soon\)/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.queryByRole('link', { name: /FAQ/ })).toBeNull();
  });
});
