import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { EMAIL_KINDS } from '../../../shared/email-kinds';
import { hasKindLabel, kindLabel, type OutboxItem } from './outbox-format';
import { OUTBOX_PAGE_SIZE, OutboxPage } from './outbox-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const sent: OutboxItem = {
  id: 12,
  messageId: '<a@vows.example.com>',
  kind: 'access-code',
  recipient: 'ana@example.com',
  subject: 'Your Vows & Weeks access code',
  language: 'en',
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: '1970-01-01T00:00:00.000Z',
  createdAt: '2026-11-20T09:30:00.000Z',
  sentAt: '2026-11-20T09:30:05.000Z',
};
const failed: OutboxItem = {
  ...sent,
  id: 11,
  kind: 'order-notice',
  recipient: 'seller@example.com',
  subject: 'New order from Dana Kim',
  status: 'failed',
  attempts: 8,
  lastError: '450 Mailbox busy, try later',
  sentAt: null,
};

const answer = (
  items: OutboxItem[],
  extra: { nextBefore?: number | null; delivery?: 'smtp' | 'outbox-folder' } = {},
) => ({
  data: { items, nextBefore: extra.nextBefore ?? null, delivery: extra.delivery ?? 'smtp' },
});

describe('the kinds of email', () => {
  afterEach(() => i18n.activate('en'));

  it('names every kind the app queues in words, in both languages; an unknown one shows its code', () => {
    const listed = EMAIL_KINDS.filter((kind) => kind !== 'code-request');
    for (const locale of ['en', 'es'] as const) {
      i18n.activate(locale);
      const labels = listed.map((kind) => kindLabel(kind));
      for (const [index, label] of labels.entries()) {
        expect(label, listed[index]).not.toBe(listed[index]);
        expect(label, listed[index]).not.toMatch(/^admin\.outbox\./);
      }
      expect(new Set(labels).size).toBe(labels.length);
    }
    expect(hasKindLabel('a-kind-no-longer-sent')).toBe(false);
    expect(kindLabel('a-kind-no-longer-sent')).toBe('a-kind-no-longer-sent');
  });
});

describe('OutboxPage', { timeout: 20_000 }, () => {
  it('says what appears here when nothing was sent yet, and where mail goes without SMTP_URL', async () => {
    stubTrpcFetch({ 'mail.outbox': () => answer([], { delivery: 'outbox-folder' }) });
    renderRoute(OutboxPage);
    expect(await screen.findByText('No emails yet.')).toBeInTheDocument();
    expect(
      screen.getByText(/Access codes for new orders, trial codes, .* will appear here once they are sent/),
    ).toBeInTheDocument();
    // A note, not an alert: it is there as the page opens (Mantine's Alert is role=alert unless told).
    expect(screen.queryAllByRole('alert')).toEqual([]);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('No mail server is set up');
    expect(note).toHaveTextContent('each one is written as an .eml file under DATA_DIR/outbox on the server');
  });

  it('lists emails with recipient, kind, status, attempts and last error, never a body', async () => {
    stubTrpcFetch({ 'mail.outbox': () => answer([sent, failed]) });
    renderRoute(OutboxPage);
    const list = await screen.findByRole('list', { name: 'Emails, newest first' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Your Vows & Weeks access code');
    // Each subject says its language, which need not be the seller's.
    expect(within(first!).getByText('Your Vows & Weeks access code')).toHaveAttribute('lang', 'en');
    expect(first).toHaveTextContent('ana@example.com');
    expect(first).toHaveTextContent('Access code (new order)');
    expect(within(first!).getByText('Sent', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(second).toHaveTextContent('New order notice');
    expect(second).toHaveTextContent(
      'Not sent after 8 attempts. The mail server asked to try again later. A retry usually works.',
    );
    expect(second).toHaveTextContent('The mail server said: 450 Mailbox busy, try later');
    expect(second).toHaveTextContent('Attempts8');
    expect(screen.getByText(/Emails go out through your mail server/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('retries a failed email by keyboard and refreshes the list', async () => {
    const stub = stubTrpcFetch({
      'mail.outbox': () => answer([failed]),
      'mail.retry': () => ({ data: { success: true } }),
    });
    stub.on('mail.outbox', () =>
      answer(
        stub.calls.some((call) => call.path === 'mail.retry')
          ? [{ ...failed, status: 'pending', attempts: 0 }]
          : [failed],
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderRoute(OutboxPage);
    const retry = await screen.findByRole('button', { name: 'Retry the email to seller@example.com' });
    retry.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Email queued again')).toBeInTheDocument();
    expect(stub.calls).toContainEqual({ path: 'mail.retry', input: { id: 11 } });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Retry the email/ })).toBeNull());
    expect(screen.getByText('Queued', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
  });

  it('says why a retry failed', async () => {
    stubTrpcFetch({
      'mail.outbox': () => answer([failed]),
      'mail.retry': () => ({
        error: { message: 'Only a failed email can be retried; this one is pending.', httpStatus: 409 },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(OutboxPage);
    await user.click(await screen.findByRole('button', { name: 'Retry the email to seller@example.com' }));
    expect(await screen.findByText('Only a failed email can be retried; this one is pending.')).toBeInTheDocument();
  });

  it('filters by status and pages to older and newer emails', async () => {
    const stub = stubTrpcFetch({
      'mail.outbox': (input) => {
        const { before, status } = input as { before?: number; status?: string };
        if (status === 'failed') return answer([]);
        return before === undefined ? answer([sent], { nextBefore: 12 }) : answer([failed]);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(OutboxPage);
    await screen.findByText('Your Vows & Weeks access code');
    expect(screen.getByRole('button', { name: 'Newer emails' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older emails' }));
    expect(await screen.findByText('New order from Dana Kim')).toBeInTheDocument();
    expect(stub.calls.at(-1)).toEqual({ path: 'mail.outbox', input: { limit: OUTBOX_PAGE_SIZE, before: 12 } });
    await user.click(screen.getByRole('button', { name: 'Newer emails' }));
    expect(await screen.findByText('Your Vows & Weeks access code')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    expect(await screen.findByText('No failed emails: nothing needs a retry.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every email' }));
    expect(await screen.findByText('Your Vows & Weeks access code')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });
});

describe('OutboxPage in Spanish', { timeout: 20_000 }, () => {
  afterEach(() => i18n.activate('en'));

  it('says the emails, their kinds, states and errors in Spanish', async () => {
    i18n.activate('es');
    stubTrpcFetch({ 'mail.outbox': () => answer([sent, failed]) });
    renderRoute(OutboxPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bandeja de salida' })).toBeInTheDocument();
    expect(await screen.findByText('Código de acceso (pedido nuevo)')).toBeInTheDocument();
    expect(screen.getByText(/No se envió después de 8 intentos\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar el correo para seller@example.com' })).toBeInTheDocument();
    const text = visibleText();
    for (const english of ['Email outbox', 'Queued', 'Attempts', 'Failed', 'Not sent', 'Retry', 'mail server', 'Nov']) {
      expect(text).not.toContain(english);
    }
  });
});

/** The page's text without Mantine's style tags. */
function visibleText(): string {
  const clone = document.body.cloneNode(true) as HTMLElement;
  for (const element of clone.querySelectorAll('style, script')) element.remove();
  return clone.textContent ?? '';
}
