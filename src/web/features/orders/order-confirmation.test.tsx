import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WORKBOOK_TITLE } from '../../../shared/constants';
import { i18n } from '../../i18n/i18n';
import { dropFocusFromDisabledControls } from '../../test/focus-fixup';
import { renderApp } from '../../test/render';
import { stubTrpcFetch, type StubAnswer } from '../../test/trpc-fetch-stub';
import { PREPARING_POLL } from './workbook-download';
import { fileResponse } from '../../test/saved-files';

const completed = {
  id: 'pi_testCompleted01',
  amount: 4900,
  currency: 'usd',
  firstName: 'Alex',
  lastName: 'Rivera',
  email: 'alex@example.com',
  status: 'completed',
  needsReview: false,
  paymentFailed: false,
};
const pending = { ...completed, id: 'pi_testPending001', amount: 2550, status: 'pending' };
// Stripe reported the bank debit failed (decision 0323): still `pending`, one of the contract's statuses.
const failed = { ...pending, id: 'pi_testFailed0001', paymentFailed: true };
const inYen = { ...completed, id: 'pi_testYen000001', amount: 4900, currency: 'jpy' };
const notFound: StubAnswer = { error: { message: 'Order not found', code: 'NOT_FOUND', httpStatus: 404 } };

function ordersById(input: unknown): StubAnswer {
  const { paymentIntentId } = input as { paymentIntentId: string };
  const order = [completed, pending, inYen, failed].find((candidate) => candidate.id === paymentIntentId);
  return order ? { data: order } : notFound;
}

const downloadLink: StubAnswer = {
  data: {
    message: 'Your workbook is ready: 3 weekly frameworks in one PDF.',
    downloadUrl: `/api/download-workbook/${completed.id}/pdf`,
  },
};

beforeEach(() => {
  // jsdom has no object URLs; the download saves through one.
  URL.createObjectURL = vi.fn(() => 'blob:workbook');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/success', { timeout: 20_000 }, () => {
  it('says the payment session is invalid without payment_intent', async () => {
    renderApp('/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid payment session.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('confirms a completed order and offers the download', async () => {
    stubTrpcFetch({ 'orders.get': ordersById });
    renderApp(`/success?payment_intent=${completed.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    const rows = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Order ID', completed.id],
      ['Amount', '$49.00'],
      ['Name', 'Alex Rivera'],
      ['Email', 'alex@example.com'],
      ['Workbook', WORKBOOK_TITLE],
    ]);
    expect(screen.getByRole('button', { name: 'Download Your Workbook' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('says a pending payment is being processed and offers no download', async () => {
    stubTrpcFetch({ 'orders.get': ordersById });
    renderApp(`/success?payment_intent=${pending.id}`);
    expect(await screen.findByText(/Your payment is being processed/)).toHaveTextContent('alex@example.com');
    expect(screen.getByText('$25.50')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /download/i })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Your Journey' })).toBeInTheDocument();
  });

  // A failed bank debit left the page saying "Your payment is being processed" for ever.
  it('says a failed payment failed, offers to pay again with the details filled in, and no download', async () => {
    stubTrpcFetch({ 'orders.get': ordersById });
    renderApp(`/success?payment_intent=${failed.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The payment did not go through' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged, and this order will not open the course/)).toBeInTheDocument();
    expect(screen.queryByText(/being processed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /download/i })).not.toBeInTheDocument();
    const again = new URL(screen.getByRole('link', { name: 'pay again' }).getAttribute('href')!, 'http://x');
    expect(again.pathname).toBe('/checkout');
    expect(Object.fromEntries(again.searchParams)).toEqual({
      email: 'alex@example.com',
      firstName: 'Alex',
      lastName: 'Rivera',
    });
  });

  it("shows the amount in the order's own currency", async () => {
    stubTrpcFetch({ 'orders.get': ordersById });
    renderApp(`/success?payment_intent=${inYen.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(screen.getByText('¥4,900')).toBeInTheDocument();
  });

  // QA walk: a free order (100 % coupon) for an email with an account sends no code (decision
  // 0316), yet the page said "the personal access code we sent you".
  it('after a free order that kept an account’s code, says to sign in with the code it has', async () => {
    stubTrpcFetch({ 'orders.get': ordersById });
    renderApp(`/success?payment_intent=${completed.id}`);
    expect(await screen.findByText(/the personal access code we sent you/)).toBeInTheDocument();
    cleanup();
    renderApp(`/success?payment_intent=${completed.id}&code=kept`);
    const hint = await screen.findByText(/the personal access code you already have/);
    expect(hint).toHaveTextContent('this order did not change it. Lost it? Choose “Email me my code” on that page.');
    expect(screen.queryByText(/we sent you/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Customer Login' })).toHaveAttribute('href', '/customer-login');
  });

  // QA walk: a signed-in couple's card payment upgrades their account and sends no code (decision
  // 0155), yet the page said "the personal access code we sent you" (decision 0326).
  it('after a signed-in couple’s payment, says the account has the course and no code was sent', async () => {
    stubTrpcFetch({ 'orders.get': ordersById });
    renderApp(`/success?payment_intent=${pending.id}&code=signed-in`);
    expect(await screen.findByText(/Your payment is being processed/)).toHaveTextContent(
      'the full course opens in your account',
    );
    expect(screen.queryByText(/we will email/)).not.toBeInTheDocument();
    cleanup();
    renderApp(`/success?payment_intent=${completed.id}&code=signed-in`);
    const hint = await screen.findByText(/The full course is now open in your account/);
    expect(hint).toHaveTextContent('(alex@example.com). You sign in as before');
    expect(screen.queryByText(/we sent you/)).not.toBeInTheDocument();
    expect(screen.queryByText(/already have/)).not.toBeInTheDocument();
    cleanup();
    try {
      i18n.activate('es');
      renderApp(`/success?payment_intent=${completed.id}&code=signed-in`);
      expect(await screen.findByText(/El curso completo ya está abierto en su cuenta/)).toBeInTheDocument();
    } finally {
      i18n.activate('en');
    }
  });

  it('says Order not found for an unknown id', async () => {
    stubTrpcFetch({ 'orders.get': ordersById });
    renderApp('/success?payment_intent=pi_unknown123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});

describe('downloading the workbook', { timeout: 20_000 }, () => {
  async function clickDownload() {
    const user = userEvent.setup({ delay: null });
    renderApp(`/success?payment_intent=${completed.id}`);
    dropFocusFromDisabledControls();
    await user.click(await screen.findByRole('button', { name: 'Download Your Workbook' }));
  }

  it('fetches the link, then the PDF, and saves it', async () => {
    const pdfRequests: string[] = [];
    stubTrpcFetch({ 'orders.get': ordersById, 'orders.downloadWorkbook': () => downloadLink }, (url) => {
      pdfRequests.push(url.pathname);
      return fileResponse('%PDF-1.7', 'vows-and-weeks-workbook.pdf', 'application/pdf');
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await clickDownload();

    const ready = await screen.findByText('Your workbook is ready: 3 weekly frameworks in one PDF.');
    expect(ready.closest('[role="status"]')).not.toBeNull();
    expect(pdfRequests).toEqual([`/api/download-workbook/${completed.id}/pdf`]);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('vows-and-weeks-workbook.pdf');
    expect(screen.getByRole('link', { name: 'Download again' })).toHaveAttribute(
      'href',
      `/api/download-workbook/${completed.id}/pdf?locale=en`,
    );
    // The button, disabled while the file came, has the focus again, not the page's body.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download Your Workbook' })).toHaveFocus());
    click.mockRestore();
  });

  it('says the workbook is being prepared while the server answers 202, then saves it', async () => {
    const defaults = { ...PREPARING_POLL };
    PREPARING_POLL.ms = 20;
    let requests = 0;
    stubTrpcFetch({ 'orders.get': ordersById, 'orders.downloadWorkbook': () => downloadLink }, () => {
      requests += 1;
      if (requests < 3) {
        return Response.json(
          { message: 'Your workbook is being prepared. It will download here as soon as it is ready.' },
          { status: 202, headers: { 'retry-after': '3' } },
        );
      }
      return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      await clickDownload();
      expect(await screen.findByText(/Your workbook is being prepared/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Preparing your workbook...' })).toBeDisabled();
      expect(await screen.findByText('Your workbook is ready: 3 weekly frameworks in one PDF.')).toBeInTheDocument();
      expect(requests).toBe(3);
      expect(click).toHaveBeenCalledTimes(1);
    } finally {
      Object.assign(PREPARING_POLL, defaults);
      click.mockRestore();
    }
  });

  it('offers each week on its own beside the complete workbook', async () => {
    stubTrpcFetch({ 'orders.get': ordersById });
    renderApp(`/success?payment_intent=${completed.id}`);
    const week7 = await screen.findByRole('link', { name: 'Download week 7' });
    // The link says the page's language, so the file is named in it (semana-7.pdf on a Spanish page).
    expect(week7).toHaveAttribute('href', `/api/download-workbook/${completed.id}/week/7?locale=en`);
    expect(screen.getAllByRole('link', { name: /^Download week \d+$/ })).toHaveLength(52);
  });

  it("shows the server's message when the order cannot be downloaded", async () => {
    stubTrpcFetch({
      'orders.get': ordersById,
      'orders.downloadWorkbook': () => ({
        error: { message: 'This order is not completed yet.', code: 'CONFLICT', httpStatus: 409 },
      }),
    });
    await clickDownload();
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is not completed yet.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download Your Workbook' })).toHaveFocus());
  });

  it("shows the PDF's own error message, e.g. while no framework is uploaded", async () => {
    stubTrpcFetch({ 'orders.get': ordersById, 'orders.downloadWorkbook': () => downloadLink }, () =>
      Response.json(
        { message: 'The workbook is not available yet: no weekly frameworks have been uploaded.' },
        { status: 404 },
      ),
    );
    await clickDownload();
    expect(await screen.findByRole('alert')).toHaveTextContent('The workbook is not available yet');
  });

  it('falls back to the fixed message when the PDF cannot be fetched', async () => {
    stubTrpcFetch({ 'orders.get': ordersById, 'orders.downloadWorkbook': () => downloadLink });
    await clickDownload();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error downloading workbook. Please contact support.');
  });
});

describe('/success in Spanish', { timeout: 20_000 }, () => {
  // QA: a Spanish reader's complete workbook was saved as vows-and-weeks-workbook.pdf, where each
  // week is semana-N.pdf and the keepsake nuestro-año.pdf.
  it('names the complete workbook in Spanish: the PDF is asked for in Spanish, and saved so', async () => {
    const pdfRequests: string[] = [];
    stubTrpcFetch({ 'orders.get': ordersById, 'orders.downloadWorkbook': () => downloadLink }, (url) => {
      pdfRequests.push(`${url.pathname}${url.search}`);
      // A response without a name of its own: the page's name is the one saved.
      return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      i18n.activate('es');
      renderApp(`/success?payment_intent=${completed.id}`);
      await userEvent
        .setup({ delay: null })
        .click(await screen.findByRole('button', { name: 'Descargar su cuaderno' }));
      const again = await screen.findByRole('link', { name: 'Descargar de nuevo' });
      expect(pdfRequests).toEqual([`/api/download-workbook/${completed.id}/pdf?locale=es`]);
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('cuaderno-vows-and-weeks.pdf');
      expect(again).toHaveAttribute('href', `/api/download-workbook/${completed.id}/pdf?locale=es`);
      expect(again).toHaveAttribute('download', 'cuaderno-vows-and-weeks.pdf');
      // The server's sentence is said in Spanish too (it was the only English left on the page).
      expect(again.closest('[role="status"]')).toHaveTextContent(
        'Su cuaderno está listo: 3 guías semanales en un solo PDF.',
      );
      expect(document.querySelector('main')?.textContent).not.toMatch(/workbook|ready/i);
    } finally {
      click.mockRestore();
    }
  });

  it('says a failed payment failed, in Spanish', async () => {
    stubTrpcFetch({ 'orders.get': ordersById });
    i18n.activate('es');
    renderApp(`/success?payment_intent=${failed.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'El pago no se completó' })).toBeInTheDocument();
    expect(screen.getByText(/No se les cobró nada/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'pagar de nuevo' })).toBeInTheDocument();
    expect(document.querySelector('main')?.textContent).not.toMatch(/\b(payment|failed|Nothing|pay again)\b/i);
  });

  it('confirms a completed order with no English left', async () => {
    stubTrpcFetch({ 'orders.get': ordersById });
    i18n.activate('es');
    renderApp(`/success?payment_intent=${completed.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: '¡Gracias por su compra!' })).toBeInTheDocument();
    expect(screen.getByText('$49.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar su cuaderno' })).toBeInTheDocument();
    expect(document.querySelector('main')?.textContent).not.toMatch(
      /\b(Thank you|Order ID|Amount|Workbook|Download|Week|Start Your Journey|Return to Home|sign in)\b/,
    );
  });
});
