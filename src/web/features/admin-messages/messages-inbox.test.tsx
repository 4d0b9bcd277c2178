import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactInboxItem, ContactInboxMessage } from '../../../shared/contact-inbox-schemas';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { MessagesInbox } from './messages-inbox';
import { replyMailto } from './message-format';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item: ContactInboxItem = {
  id: 7,
  firstName: 'Priya',
  lastName: 'Shah',
  email: 'priya@example.com',
  subject: 'payment',
  preview: 'Can I pay in two parts?',
  createdAt: '2026-11-20T09:30:00.000Z',
  readAt: null,
  handledAt: null,
  state: 'unread',
};
const full: ContactInboxMessage = {
  ...item,
  message: 'Can I pay in two parts? We are saving for the wedding.',
  readAt: '2026-11-21T10:00:00.000Z',
  state: 'open',
};

const page = (items: ContactInboxItem[], total = items.length) => ({
  data: { items, total, page: 1, pageSize: 20 },
});

describe('MessagesInbox', { timeout: 20_000 }, () => {
  it('says what to do when there are no messages yet', async () => {
    stubTrpcFetch({ 'contact.list': () => page([]) });
    renderRoute(MessagesInbox);
    expect(
      await screen.findByText('No messages yet: the contact form on the home page sends them here.'),
    ).toBeInTheDocument();
  });

  it('lists messages with their state, and sends the filters and search to the server', async () => {
    const stub = stubTrpcFetch({ 'contact.list': () => page([item], 45) });
    const user = userEvent.setup({ delay: null });
    renderRoute(MessagesInbox);
    const list = await screen.findByRole('list', { name: 'Messages, newest first' });
    expect(within(list).getByText('Unread')).toBeInTheDocument();
    expect(within(list).getByText('Payment Support')).toBeInTheDocument();
    expect(screen.getByText('45 messages · page 1 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'open');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), 'payment');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'wedding{Enter}');
    await waitFor(() =>
      expect(stub.calls.at(-1)).toEqual({
        path: 'contact.list',
        input: { state: 'open', subject: 'payment', search: 'wedding', page: 1, pageSize: 20 },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(stub.calls.at(-1)?.input).toMatchObject({ page: 2 }));
  });

  it('offers to clear the filters when nothing matches', async () => {
    const stub = stubTrpcFetch({ 'contact.list': (input) => page((input as { state?: string }).state ? [] : [item]) });
    const user = userEvent.setup({ delay: null });
    renderRoute(MessagesInbox);
    await screen.findByRole('list', { name: 'Messages, newest first' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'handled');
    await user.click(await screen.findByRole('button', { name: 'Clear search and filters' }));
    await screen.findByRole('list', { name: 'Messages, newest first' });
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
    expect(stub.calls.map((call) => (call.input as { state?: string }).state)).toEqual([undefined, 'handled']);
  });

  it('opens a message in full with Reply and Mark handled, by keyboard', async () => {
    const stub = stubTrpcFetch({
      'contact.list': () => page([item]),
      'contact.countUnread': () => ({ data: { unread: 0 } }),
      'contact.open': () => ({ data: full }),
      'contact.setHandled': () => ({ data: { ...full, handledAt: '2026-11-21T10:05:00.000Z', state: 'handled' } }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(MessagesInbox);
    const row = await screen.findByRole('button', { name: /Priya Shah/ });
    row.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Message from Priya Shah' });
    expect(await within(dialog).findByText(full.message)).toBeInTheDocument();
    expect(within(dialog).getByText('priya@example.com')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Reply in your mail program' })).toHaveAttribute(
      'href',
      'mailto:priya@example.com?subject=Re%3A%20Payment%20Support',
    );
    expect(stub.calls).toContainEqual({ path: 'contact.open', input: { id: 7 } });

    await user.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Marked handled')).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Mark unhandled' })).toBeInTheDocument();
    expect(stub.calls).toContainEqual({ path: 'contact.setHandled', input: { id: 7, handled: true } });
  });
});

describe('the in-app reply', { timeout: 20_000 }, () => {
  async function openDialog() {
    const user = userEvent.setup({ delay: null });
    renderRoute(MessagesInbox);
    await user.click(await screen.findByRole('button', { name: /Priya Shah/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message from Priya Shah' });
    await within(dialog).findByText(full.message);
    return { user, dialog };
  }

  it('sends the reply, says so, shows the message handled and refreshes the inbox', async () => {
    const stub = stubTrpcFetch({
      'contact.list': () => page([item]),
      'contact.countUnread': () => ({ data: { unread: 0 } }),
      'contact.open': () => ({ data: full }),
      'mail.replyToMessage': () => ({
        data: { success: true, handledAt: '2026-11-21T10:07:00.000Z', emailId: 3 },
      }),
    });
    const { user, dialog } = await openDialog();
    const form = within(dialog).getByRole('form', { name: 'Reply to Priya' });
    expect(within(form).getByText(/Emailed to priya@example.com with their message quoted/)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText('Please write your reply first.')).toBeInTheDocument();
    expect(stub.calls.some((call) => call.path === 'mail.replyToMessage')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Your reply' }), 'Yes, in two parts.');
    const listCalls = stub.calls.filter((call) => call.path === 'contact.list').length;
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
    expect(stub.calls).toContainEqual({
      path: 'mail.replyToMessage',
      input: { messageId: 7, body: 'Yes, in two parts.' },
    });
    expect(await within(dialog).findByText('Handled')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark unhandled' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Your reply' })).toHaveValue('');
    // The same refresh as Mark handled (the list and the nav's unread count, not mounted here).
    await waitFor(() =>
      expect(stub.calls.filter((call) => call.path === 'contact.list').length).toBeGreaterThan(listCalls),
    );
  });

  it('keeps the text and says why when the reply fails', async () => {
    stubTrpcFetch({
      'contact.list': () => page([item]),
      'contact.countUnread': () => ({ data: { unread: 0 } }),
      'contact.open': () => ({ data: full }),
      'mail.replyToMessage': () => ({ error: { message: 'No contact message with this id.', httpStatus: 404 } }),
    });
    const { user, dialog } = await openDialog();
    const box = within(dialog).getByRole('textbox', { name: 'Your reply' });
    await user.type(box, 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('No contact message with this id.')).toBeInTheDocument();
    expect(box).toHaveValue('Hello');
    expect(within(dialog).getByText('Open')).toBeInTheDocument();
  });
});

describe('replyMailto', () => {
  it('fills in Re: and the subject, or a general one without a subject', () => {
    expect(replyMailto({ email: 'a+b@example.com', subject: null })).toBe(
      'mailto:a%2Bb@example.com?subject=Re%3A%20Your%20message',
    );
  });
});

describe('MessagesInbox in Spanish', { timeout: 20_000 }, () => {
  afterEach(() => i18n.activate('en'));

  it('says the inbox, its filters, subjects and states in Spanish', async () => {
    i18n.activate('es');
    stubTrpcFetch({ 'contact.list': () => page([item]) });
    renderRoute(MessagesInbox);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mensajes' })).toBeInTheDocument();
    expect(await screen.findByText('Ayuda con pagos')).toBeInTheDocument();
    expect(screen.getByText('1 mensaje')).toBeInTheDocument();
    expect(screen.getAllByText('Sin leer').length).toBeGreaterThan(0);
    const text = visibleText();
    for (const english of ['Messages', 'Search', 'Subject', 'All subjects', 'Unread', 'Payment Support', 'Nov']) {
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
