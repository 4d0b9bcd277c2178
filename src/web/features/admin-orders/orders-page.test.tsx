import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { OrdersPage } from './orders-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const order = (overrides: Record<string, unknown> = {}) => ({
  id: 'pi_abc123',
  amount: 4900,
  currency: 'usd',
  firstName: 'Noor',
  lastName: 'Haddad',
  email: 'noor@example.com',
  status: 'completed',
  createdAt: '2026-11-20T10:00:00.000Z',
  coupleId: 3,
  paidThroughStripe: false,
  gift: null,
  flag: null,
  paymentFailed: false,
  ...overrides,
});

/** An unopened gift an order paid for (the order's name and email are the giver's). */
const gift = {
  id: 5,
  coupleNames: 'Lucía & Tomás',
  coupleEmail: 'couple@example.com',
  coupleId: null,
  redeemed: false,
};

const page = (items: unknown[], total = items.length, pageNumber = 1) => ({
  data: { items, total, page: pageNumber, pageSize: 25 },
});

type User = ReturnType<typeof userEvent.setup>;

describe('OrdersPage', { timeout: 20_000 }, () => {
  it('says what to do when there are no orders yet', async () => {
    stubTrpcFetch({ 'adminOrders.list': () => page([]) });
    renderRoute(OrdersPage);
    const empty = await screen.findByTestId('orders-empty');
    expect(empty).toHaveTextContent('No orders yet: record one here with Record an order');
    expect(empty).toHaveTextContent('npm run order:create');
  });

  it('lists orders with their status, amount, name, email and the actions their status allows', async () => {
    stubTrpcFetch({
      'adminOrders.list': () =>
        page([
          order(),
          order({ id: 'pi_pending1', status: 'pending' }),
          order({ id: 'pi_refund1', status: 'refunded', amount: 3900, currency: 'eur' }),
        ]),
    });
    renderRoute(OrdersPage);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Completed');
    expect(rows[0]).toHaveTextContent('$49.00');
    expect(rows[0]).toHaveTextContent('Noor Haddad');
    expect(rows[0]).toHaveTextContent('noor@example.com');
    // Each order in its own currency.
    expect(rows[2]).toHaveTextContent('€39.00');
    expect(
      within(rows[0]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Resend access', 'Refund']);
    expect(
      within(rows[1]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark paid']);
    expect(
      within(rows[2]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Resend access']);
    // The phone layout has the same orders as cards.
    expect(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem')).toHaveLength(3);
  });

  // QA: a paid gift was listed under the giver's name with "Resend access", which could only fail
  // ("No account signs in with giver@example.com"), and nothing said it was a gift.
  it('says a gift’s order is a gift and for whom, and leads to the gift or its couple instead of Resend access', async () => {
    stubTrpcFetch({
      'adminOrders.list': () =>
        page([
          order({
            id: 'pi_gift1',
            firstName: 'Aunt',
            lastName: 'Marisol',
            email: 'giver@example.com',
            coupleId: null,
            gift,
          }),
          order({ id: 'pi_gift2', email: 'giver@example.com', gift: { ...gift, coupleId: 12, redeemed: true } }),
          order(),
        ]),
    });
    renderRoute(OrdersPage);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Gift for Lucía & Tomás (couple@example.com), not opened yet');
    expect(
      within(rows[0]!).getByRole('link', { name: /^Manage gift: .* order pi_gift1 on the Gifts page/ }),
    ).toHaveAttribute('href', '/admin/gifts');
    expect(
      within(rows[0]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Refund']);
    expect(rows[1]).toHaveTextContent('Gift for Lucía & Tomás (couple@example.com), opened');
    expect(within(rows[1]!).getByRole('link', { name: /^Couple’s page: .* order pi_gift2/ })).toHaveAttribute(
      'href',
      '/admin/couples/12',
    );
    expect(within(rows[1]!).queryByRole('button', { name: /Resend access/ })).not.toBeInTheDocument();
    // An order that is not a gift keeps its Resend access, and says nothing of gifts.
    expect(rows[2]).not.toHaveTextContent(/Gift for/);
    expect(within(rows[2]!).getByRole('button', { name: 'Resend access: order pi_abc123' })).toBeInTheDocument();
    // The phone layout's cards say it too.
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Gift for Lucía & Tomás (couple@example.com), not opened yet');
    expect(within(cards[0]!).queryByRole('button', { name: /Resend access/ })).not.toBeInTheDocument();
  });

  // QA: a payment kept pending for the seller (the webhook's flag) said only "Pending", never why.
  it('says why a pending order waits, in a few words, on the table and the cards', async () => {
    stubTrpcFetch({
      'adminOrders.list': () =>
        page([
          order({ id: 'pi_price', status: 'pending', flag: FLAGS.price }),
          order({ id: 'pi_demo', status: 'pending', flag: FLAGS.demoEmail }),
          order({ id: 'pi_gift', status: 'pending', flag: FLAGS.unknownGift }),
          order({ id: 'pi_admin', status: 'pending', flag: FLAGS.adminEmail }),
          order({ id: 'pi_other', status: 'pending', flag: 'Something new the server says.' }),
          order({ id: 'pi_plain', status: 'pending' }),
        ]),
    });
    renderRoute(OrdersPage);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(statuses).toEqual([
      'PendingAmount or currency is not the price',
      'PendingEmail reserved for the demo account: refund it',
      'PendingUnknown gift, or a gift paid already',
      'PendingThe buyer’s email is an administrator’s',
      'PendingNeeds a check before it is paid',
      'Pending',
    ]);
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Amount or currency is not the price');
    expect(cards[5]).not.toHaveTextContent(/price|check/);
  });

  // A failed bank debit (decision 0323) read "Pending" with Mark paid for ever.
  it('says a payment Stripe reported failed has failed, with nothing to do, on the table and the cards', async () => {
    stubTrpcFetch({
      'adminOrders.list': () =>
        page([
          order({ id: 'pi_failed1', status: 'pending', paymentFailed: true, paidThroughStripe: true }),
          order({ id: 'pi_pending1', status: 'pending' }),
        ]),
    });
    renderRoute(OrdersPage);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    const buttons = (element: HTMLElement) =>
      within(element)
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(rows[0]!.querySelector('td')?.textContent).toBe('Payment failed');
    expect(buttons(rows[0]!)).toEqual([]);
    expect(rows[1]!.querySelector('td')?.textContent).toBe('Pending');
    expect(buttons(rows[1]!)).toEqual(['Mark paid']);
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Payment failed');
    expect(buttons(cards[0]!)).toEqual([]);
  });

  it("links a Stripe payment to Stripe's dashboard; a recorded order says so", async () => {
    stubTrpcFetch({
      'adminOrders.list': () => page([order({ id: 'pi_stripe1', paidThroughStripe: true }), order()]),
    });
    renderRoute(OrdersPage);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: /Stripe.*pi_stripe1/ })).toHaveAttribute(
      'href',
      'https://dashboard.stripe.com/payments/pi_stripe1',
    );
    expect(within(rows[1]!).queryByRole('link', { name: /Stripe/ })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Recorded');
  });

  it('searches and filters on the server, back to page 1', async () => {
    const stub = stubTrpcFetch({ 'adminOrders.list': () => page([order()], 60) });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(stub.calls.at(-1)?.input).toMatchObject({ page: 2 }));
    await user.click(screen.getByRole('textbox', { name: /search/i }));
    await user.paste('noor');
    await waitFor(() => expect(stub.calls.at(-1)?.input).toMatchObject({ search: 'noor', page: 1 }));
  });

  it('refunds only after a confirmation', async () => {
    const stub = stubTrpcFetch({
      'adminOrders.list': () => page([order()]),
      'adminOrders.refund': () => ({
        data: { orderId: 'pi_abc123', changed: true, coupleId: 3, accessLevel: 'trial', accessDropped: true },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    const table = await screen.findByRole('table', { name: 'Orders' });
    await user.click(within(table).getByRole('button', { name: 'Refund: order pi_abc123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    expect(stub.calls.some((call) => call.path === 'adminOrders.refund')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(stub.calls.find((call) => call.path === 'adminOrders.refund')?.input).toEqual({ orderId: 'pi_abc123' }),
    );
    expect(await screen.findByText('The couple is back on trial access.')).toBeInTheDocument();
  });

  // Security review: a refund revokes the certificates of a couple it takes back to the trial (decision 0332).
  it('says how many of the couple’s certificates the refund revoked', async () => {
    stubTrpcFetch({
      'adminOrders.list': () => page([order()]),
      'adminOrders.refund': () => ({
        data: {
          orderId: 'pi_abc123',
          changed: true,
          coupleId: 3,
          accessLevel: 'trial',
          accessDropped: true,
          giftVoided: false,
          certificatesRevoked: 2,
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    const table = await screen.findByRole('table', { name: 'Orders' });
    await user.click(within(table).getByRole('button', { name: 'Refund: order pi_abc123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    expect(dialog).toHaveTextContent('back on trial, their certificates are revoked');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText('The couple is back on trial access. 2 certificates of theirs were revoked.'),
    ).toBeInTheDocument();
  });

  // QA: Mark paid on a flagged gift payment promised the giver full access and a code; refunding an
  // unopened gift said "another order covers their access".
  it('says a gift’s Mark paid pays the gift and its refund voids it, not anyone’s access', async () => {
    const stub = stubTrpcFetch({
      'adminOrders.list': () =>
        page([
          order({ id: 'pi_flagged', status: 'pending', email: 'giver@example.com', coupleId: null, gift }),
          order({ id: 'pi_paidgift', email: 'giver@example.com', coupleId: null, gift }),
        ]),
      'adminOrders.markPaid': () => ({
        data: {
          orderId: 'pi_flagged',
          email: 'giver@example.com',
          status: 'completed',
          accessCode: null,
          successUrl: 'https://vows.example/success?payment_intent=pi_flagged',
          giftFor: 'couple@example.com',
        },
      }),
      'adminOrders.refund': () => ({
        data: {
          orderId: 'pi_paidgift',
          changed: true,
          coupleId: null,
          accessLevel: null,
          accessDropped: false,
          giftVoided: true,
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    const table = await screen.findByRole('table', { name: 'Orders' });
    // QA walk: "Manage gift" led to the Gifts page, which lists paid gifts only.
    const flaggedRow = within(table).getByRole('button', { name: 'Mark paid: order pi_flagged' }).closest('tr')!;
    expect(within(flaggedRow).queryByRole('link', { name: /Manage gift/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Mark paid: order pi_flagged' }));
    const paying = await screen.findByRole('dialog', { name: 'Mark this order paid?' });
    expect(paying).toHaveTextContent('the gift is marked paid, its email goes to couple@example.com on its date');
    expect(paying).not.toHaveTextContent(/new personal access code/);
    await user.click(within(paying).getByRole('button', { name: 'Mark paid' }));
    expect(
      await screen.findByText('The gift is paid: its email goes to couple@example.com on its date.'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog', { name: /code/i })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Refund: order pi_paidgift' }));
    const refunding = await screen.findByRole('dialog', { name: 'Refund this order?' });
    expect(refunding).toHaveTextContent('the gift’s code stops opening the course');
    await user.click(within(refunding).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('The gift can no longer be opened; nobody’s access changed.')).toBeVisible();
    expect(
      stub.calls.filter((call) => call.path.startsWith('adminOrders.') && call.path !== 'adminOrders.list'),
    ).toEqual([
      expect.objectContaining({ path: 'adminOrders.markPaid', input: { orderId: 'pi_flagged' } }),
      expect.objectContaining({ path: 'adminOrders.refund', input: { orderId: 'pi_paidgift' } }),
    ]);
  });

  async function recordOrder(user: User) {
    await user.click(await screen.findByRole('button', { name: 'Record an order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record an order' });
    return dialog;
  }

  /** Mia Okoro, mia@example.com, typed into the record form. */
  async function fillBuyer(user: User, dialog: HTMLElement) {
    for (const [name, text] of [
      [/email/i, 'mia@example.com'],
      [/first name/i, 'Mia'],
      [/last name/i, 'Okoro'],
    ] as const) {
      await user.click(within(dialog).getByRole('textbox', { name }));
      await user.paste(text);
    }
  }

  it('checks the record form with the shared schema before sending', async () => {
    const stub = stubTrpcFetch({ 'adminOrders.list': () => page([]) });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    const dialog = await recordOrder(user);
    await user.click(within(dialog).getByRole('textbox', { name: /email/i }));
    await user.paste('not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Record order' }));
    expect(await within(dialog).findByText(/valid email/i)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /first name/i })).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls.some((call) => call.path === 'adminOrders.record')).toBe(false);
  });

  // Mantine's NumberInput used to move the amount into range on blur ($100,000.00 recorded) and
  // dropped the minus sign (-5 recorded as $5.00).
  it.each(['99999999999', '-5'])('keeps the amount %s as typed, says why and records nothing', async (typed) => {
    const stub = stubTrpcFetch({ 'adminOrders.list': () => page([]) });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    const dialog = await recordOrder(user);
    await fillBuyer(user, dialog);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD)' });
    await user.clear(amount);
    await user.type(amount, typed);
    await user.tab();
    expect(amount).toHaveValue(`${typed}.00`);
    await user.click(within(dialog).getByRole('button', { name: 'Record order' }));
    expect(await within(dialog).findByText('Enter an amount between 0 and $100,000.00.')).toBeInTheDocument();
    expect(amount).toHaveValue(`${typed}.00`);
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls.some((call) => call.path === 'adminOrders.record')).toBe(false);
  });

  it('records an order and shows its code once with the success link', async () => {
    const stub = stubTrpcFetch({
      'adminOrders.list': () => page([]),
      'adminOrders.record': () => ({
        data: {
          orderId: 'pi_new1',
          email: 'mia@example.com',
          status: 'completed',
          accessCode: 'ABCD-EFGH-JKLM',
          successUrl: 'https://vows.example/success?payment_intent=pi_new1',
          sentTo: null,
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    const dialog = await recordOrder(user);
    await fillBuyer(user, dialog);
    // The amount is typed as a price is written, and sent in cents.
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD)' });
    expect(amount).toHaveValue('49.00');
    await user.clear(amount);
    await user.type(amount, '25.5');
    await user.click(within(dialog).getByRole('button', { name: 'Record order' }));
    const shown = await screen.findByRole('dialog', { name: 'New personal access code' });
    expect(within(shown).getByTestId('shown-once-code')).toHaveTextContent('ABCD-EFGH-JKLM');
    expect(within(shown).getByRole('link')).toHaveAttribute(
      'href',
      'https://vows.example/success?payment_intent=pi_new1',
    );
    expect(within(shown).getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    // "Shown only once" explains the dialog: a note, not an alert read out over the dialog's own
    // name (Mantine's Alert is role=alert unless told).
    expect(within(shown).getByRole('note', { name: 'Shown only once' })).toBeInTheDocument();
    expect(within(shown).queryAllByRole('alert')).toEqual([]);
    // Only a brand-new account's first code shows here, on a server without email (decision 0369):
    // there is no older code, and a lost one is asked for by the couple, not issued in the back office.
    expect(shown).not.toHaveTextContent(/older code|Issue a new one/);
    expect(shown).toHaveTextContent('“Email me my code” on the sign-in page once this server sends email');
    expect(stub.calls.find((call) => call.path === 'adminOrders.record')?.input).toEqual({
      email: 'mia@example.com',
      firstName: 'Mia',
      lastName: 'Okoro',
      amount: 2550,
      status: 'completed',
    });
  });

  // Decision 0369: a working code lets whoever holds it read the couple's answers.
  it('records an order whose code went by email: says where, and shows no code', async () => {
    stubTrpcFetch({
      'adminOrders.list': () => page([]),
      'adminOrders.record': () => ({
        data: {
          orderId: 'pi_new2',
          email: 'mia@example.com',
          status: 'completed',
          accessCode: null,
          successUrl: 'https://vows.example/success?payment_intent=pi_new2',
          sentTo: 'mia@example.com',
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    const dialog = await recordOrder(user);
    await fillBuyer(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Record order' }));
    expect(await screen.findByText('The access code was sent to mia@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'New personal access code' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('shown-once-code')).not.toBeInTheDocument();
  });

  // A session's notes: an order recorded for an account that signs in with another email issues no
  // code, and the notice said "The order is pending." of a completed order.
  it('records a completed order that issued no code: says the account keeps its own code', async () => {
    stubTrpcFetch({
      'adminOrders.list': () => page([]),
      'adminOrders.record': () => ({
        data: {
          orderId: 'pi_new3',
          email: 'mia@example.com',
          status: 'completed',
          accessCode: null,
          successUrl: 'https://vows.example/success?payment_intent=pi_new3',
          sentTo: null,
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    const dialog = await recordOrder(user);
    await fillBuyer(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Record order' }));
    expect(
      await screen.findByText(/The couple has full access\. Their account signs in with its own email/),
    ).toBeInTheDocument();
    expect(screen.queryByText('The order is pending.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('shown-once-code')).not.toBeInTheDocument();
  });

  it('Mark paid and Resend access say where the new code went, and never show it', async () => {
    const stub = stubTrpcFetch({
      'adminOrders.list': () => page([order({ id: 'pi_pending1', status: 'pending' }), order()]),
      'adminOrders.markPaid': () => ({
        data: {
          orderId: 'pi_pending1',
          email: 'noor@example.com',
          status: 'completed',
          accessCode: null,
          successUrl: 'https://vows.example/success?payment_intent=pi_pending1',
          giftFor: null,
          sentTo: 'noor@example.com',
        },
      }),
      'adminOrders.resendAccess': () => ({
        data: { orderId: 'pi_abc123', email: 'noor@example.com', sentTo: 'noor@example.com' },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    const table = await screen.findByRole('table', { name: 'Orders' });
    await user.click(within(table).getByRole('button', { name: 'Mark paid: order pi_pending1' }));
    const paying = await screen.findByRole('dialog', { name: 'Mark this order paid?' });
    expect(paying).toHaveTextContent('a new personal access code, emailed to them');
    await user.click(within(paying).getByRole('button', { name: 'Mark paid' }));
    expect(
      await screen.findByText('The couple now has full access. Their new code was sent to noor@example.com.'),
    ).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Resend access: order pi_abc123' }));
    const resending = await screen.findByRole('dialog', { name: 'Issue a new access code?' });
    expect(resending).toHaveTextContent('A new personal code is emailed to the couple, never shown to you');
    await user.click(within(resending).getByRole('button', { name: 'Issue new code' }));
    expect(
      await screen.findByText(
        'A new code was sent to noor@example.com. Their old code no longer works, and they were signed out.',
      ),
    ).toBeInTheDocument();
    expect(stub.calls.find((call) => call.path === 'adminOrders.resendAccess')?.input).toEqual({
      orderId: 'pi_abc123',
    });
    expect(screen.queryByRole('dialog', { name: 'New personal access code' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('shown-once-code')).not.toBeInTheDocument();
  });

  it('starts the amount at the configured price and names it in its currency', async () => {
    const config = { demoMode: false, trialAccessCode: null, demoEmail: null, demoAccessCode: null, trialWeeks: 4 };
    stubTrpcFetch({
      'adminOrders.list': () => page([]),
      'publicConfig.get': () => ({ data: { ...config, cardPayments: true, priceCents: 3900, currency: 'eur' } }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    const dialog = await recordOrder(user);
    const amount = within(dialog).getByRole('textbox', { name: /amount/i });
    await waitFor(() => expect(amount).toHaveValue('39.00'));
    expect(within(dialog).getByText('The price is €39.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Amount (EUR)' })).toBe(amount);
  });
});

describe('OrdersPage in Spanish', { timeout: 20_000 }, () => {
  afterEach(() => i18n.activate('en'));

  it('says the list, its statuses, money and dates in Spanish', async () => {
    i18n.activate('es');
    stubTrpcFetch({
      'adminOrders.list': () =>
        page([
          order(),
          order({ id: 'pi_pending1', status: 'pending' }),
          order({ id: 'pi_flagged1', status: 'pending', flag: FLAGS.price }),
          order({ id: 'pi_failed1', status: 'pending', paymentFailed: true }),
        ]),
    });
    renderRoute(OrdersPage);
    const table = await screen.findByRole('table', { name: 'Pedidos' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Completado');
    expect(rows[0]).toHaveTextContent('$49.00');
    expect(rows[0]).toHaveTextContent('20 nov 2026');
    expect(rows[1]).toHaveTextContent('Marcar como pagado');
    expect(rows[3]).toHaveTextContent('Pago fallido');
    expect(screen.getByText('4 pedidos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar un pedido' })).toBeInTheDocument();
    const text = visibleText();
    // A flagged payment says why it waits in Spanish too, not the server's English note.
    expect(rows[2]).toHaveTextContent('El importe o la moneda no coinciden con el precio');
    for (const english of [
      'not the price',
      'Orders',
      'Status',
      'Amount',
      'Record',
      'Export CSV',
      'Mark paid',
      'Payment failed',
      'Refund',
      'Search',
      'Nov',
    ]) {
      expect(text).not.toContain(english);
    }
  });
});

describe('OrdersPage in Spanish: codes go by email (decision 0369)', { timeout: 20_000 }, () => {
  afterEach(() => i18n.activate('en'));

  it('says Resend access emails the code, where it went, and why it was refused without mail', async () => {
    i18n.activate('es');
    let refused = false;
    stubTrpcFetch({
      'adminOrders.list': () => page([order()]),
      'adminOrders.resendAccess': () =>
        refused
          ? {
              error: {
                message:
                  'Email is not set up on this server (SMTP_URL), so a new code cannot be sent to the couple. Nothing was changed.',
                httpStatus: 409,
              },
            }
          : { data: { orderId: 'pi_abc123', email: 'noor@example.com', sentTo: 'noor@example.com' } },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(OrdersPage);
    const table = await screen.findByRole('table', { name: 'Pedidos' });
    const resend = async () => {
      await user.click(within(table).getByRole('button', { name: 'Reenviar acceso: pedido pi_abc123' }));
      const dialog = await screen.findByRole('dialog', { name: '¿Generar un nuevo código de acceso?' });
      expect(dialog).toHaveTextContent(
        'Enviamos a la pareja por correo un nuevo código personal, que nunca se te muestra',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Generar código nuevo' }));
    };
    await resend();
    expect(
      await screen.findByText(
        'Enviamos un código nuevo a noor@example.com. Su código anterior ya no funciona y se cerró su sesión.',
      ),
    ).toBeInTheDocument();
    refused = true;
    await resend();
    expect(
      await screen.findByText(
        'El correo no está configurado en este servidor (SMTP_URL), así que no se puede enviar un código nuevo a la pareja. No se cambió nada.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('shown-once-code')).not.toBeInTheDocument();
  });
});

/** The server's notes on a payment kept pending (src/server/features/payments/service.ts), word for word. */
const FLAGS = {
  price: 'Paid 100 usd, not the price 4900 usd: check the payment in Stripe, then mark the order paid or refund it.',
  demoEmail: 'The email demo@example.com is reserved for the demo account (DEMO_EMAIL): refund the payment.',
  unknownGift: 'Paid for a gift this server does not know, or one paid already: check the payment in Stripe.',
  adminEmail: 'The email admin@example.com belongs to an administrator account.',
};

// The notes are the server's sentences: one it rewords would silently read "Needs a check".
describe('the flags the list knows', () => {
  it('are each still said by the server, word for word around their values', () => {
    const source = ['src/server/features/payments/service.ts', 'src/server/features/orders/service.ts']
      .map((file) => fs.readFileSync(path.join(process.cwd(), file), 'utf8'))
      .join('\n');
    for (const fragment of [
      'return `Paid ',
      ', not the price ',
      ': check the payment in Stripe, then mark the order paid or refund it.',
      'is reserved for the demo account (DEMO_EMAIL): refund the payment.',
      'Paid for a gift this server does not know, or one paid already: check the payment in Stripe.',
      'belongs to an administrator account.',
    ]) {
      expect(source).toContain(fragment);
    }
  });
});

/** The page's text without Mantine's style tags. */
function visibleText(): string {
  const clone = document.body.cloneNode(true) as HTMLElement;
  for (const element of clone.querySelectorAll('style, script')) element.remove();
  return clone.textContent ?? '';
}
