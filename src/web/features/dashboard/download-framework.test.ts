import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { downloadFramework } from './download-framework';
import { captureSavedFiles } from '../../test/saved-files';

const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const respond = (body: BodyInit | null, init: ResponseInit) =>
  vi.fn(async () => new Response(body, init)) as unknown as typeof fetch;

describe('downloadFramework', () => {
  let clicked: HTMLAnchorElement[];
  beforeEach(() => {
    clicked = captureSavedFiles();
    renderWithProviders(null);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    i18n.activate('en');
  });

  it('saves the PDF as week-{n}.pdf', async () => {
    const fetcher = respond('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
    await expect(downloadFramework(3, fetcher)).resolves.toBe(true);
    expect(fetcher).toHaveBeenCalledWith('/api/download-framework/3', { credentials: 'same-origin' });
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('week-3.pdf');
    expect(clicked[0]!.href).toBe('blob:file');
  });

  it('saves it as semana-{n}.pdf on a Spanish page, when the server names no file', async () => {
    i18n.activate('es');
    await expect(downloadFramework(3, respond('%PDF-1.7', { status: 200 }))).resolves.toBe(true);
    expect(clicked[0]!.download).toBe('semana-3.pdf');
  });

  it("shows Access Denied with the server's message on 403", async () => {
    const fetcher = respond(JSON.stringify({ message: 'Not yours.' }), {
      status: 403,
      headers: { 'content-type': 'application/json' },
    });
    await expect(downloadFramework(4, fetcher)).resolves.toBe(false);
    expect(await within(toasts()).findByText('Access Denied')).toBeInTheDocument();
    expect(within(toasts()).getByText('Not yours.')).toBeInTheDocument();
    expect(clicked).toHaveLength(0);
  });

  it('falls back to the locked-week text on a 403 without a message', async () => {
    await downloadFramework(4, respond('forbidden', { status: 403 }));
    expect(await within(toasts()).findByText('You need to complete the previous week first.')).toBeInTheDocument();
  });

  it.each([404, 500])('shows Download Failed on %s', async (status) => {
    await downloadFramework(5, respond(JSON.stringify({ message: 'x' }), { status }));
    expect(await within(toasts()).findByText('Download Failed')).toBeInTheDocument();
    expect(within(toasts()).getByText('Could not download the framework.')).toBeInTheDocument();
  });

  it('shows Download Failed when the network fails', async () => {
    const fetcher = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await downloadFramework(1, fetcher);
    expect(await within(toasts()).findByText('Download Failed')).toBeInTheDocument();
  });
});
