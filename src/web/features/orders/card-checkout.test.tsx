import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { dropFocusFromDisabledControls } from '../../test/focus-fixup';
import { renderApp } from '../../test/render';
import { ANONYMOUS, DEFAULT_PUBLIC_CONFIG, type StubAnswer, stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { checkoutNavigation } from './card-checkout';
import { PENDING_POLL } from './order-confirmation';

const CONFIG = { ...DEFAULT_PUBLIC_CONFIG, cardPayments: true };
const PATH = '/checkout?email=ana%40example.com&firstName=Ana&lastName=Lima';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/checkout with card payments', { timeout: 20_000 }, () => {
  it('shows the order and sends the browser to the payment page', async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => {});
    const stub = stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: CONFIG }),
      'payments.startCheckout': () => ({ data: { url: 'https://checkout.stripe.test/pay/cs_test_1' } }),
    });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const rows = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Course', 'The 52-Week Marriage Preparation Workbook'],
      ['Price', '$49.00, one-time'],
      ['Name', 'Ana Lima'],
      ['Email', 'ana@example.com'],
    ]);
    expect(screen.getByText(/30-day money-back guarantee/)).toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Pay $49.00' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_test_1'));
    expect(stub.calls.find((call) => call.path === 'payments.startCheckout')?.input).toEqual({
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Lima',
    });
  });

  it('takes the buyer back to the pricing form with their details filled in, to correct them', async () => {
    stubTrpcFetch({ 'auth.check': () => ANONYMOUS, 'publicConfig.get': () => ({ data: CONFIG }) });
    renderApp(PATH);
    const link = await screen.findByRole('link', { name: 'Change my details' });
    expect(link).toHaveAttribute('href', '/?firstName=Ana&lastName=Lima&email=ana%40example.com#pricing');
    await userEvent.setup({ delay: null }).click(link);
    const form = await screen.findByRole('form', { name: 'Order the workbook' }, { timeout: 5000 });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /last name/i })).toHaveValue('Lima'));
    expect(within(form).getByRole('textbox', { name: /first name/i })).toHaveValue('Ana');
    expect(within(form).getByRole('textbox', { name: /email/i })).toHaveValue('ana@example.com');
  });

  it('formats the configured price in its currency', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: { ...CONFIG, priceCents: 5900, currency: 'eur' } }),
    });
    renderApp(PATH);
    expect(await screen.findByRole('button', { name: 'Pay €59.00' })).toBeInTheDocument();
  });

  it('says why when the payment page cannot be opened, and lets the buyer try again', async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => {});
    const refused: StubAnswer = {
      error: { message: 'The payment page could not be opened just now.', httpStatus: 503 },
    };
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: CONFIG }),
      'payments.startCheckout': () => refused,
    });
    renderApp(PATH);
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Pay $49.00' }));
    expect(await screen.findByText('The payment page could not be opened just now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $49.00' })).toBeEnabled();
    expect(go).not.toHaveBeenCalled();
  });
});

describe('/checkout with a coupon code', { timeout: 20_000 }, () => {
  const QUOTE = { couponCode: 'SPRING20', priceCents: 4900, discountCents: 980, totalCents: 3920, currency: 'usd' };

  it('shows the server-quoted price before paying and sends the one applied code', async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => {});
    const stub = stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: CONFIG }),
      'payments.quote': () => ({ data: QUOTE }),
      'payments.startCheckout': () => ({ data: { url: 'https://checkout.stripe.test/pay/cs_test_2' } }),
    });
    renderApp(PATH);
    dropFocusFromDisabledControls();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code (optional)' }), 'spring20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SPRING20 applied: $39.20 instead of $49.00.')).toBeInTheDocument();
    // Apply, disabled while asking and then replaced, dropped the focus: it is on Remove, not the body.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus());
    expect(stub.calls.find((call) => call.path === 'payments.quote')?.input).toEqual({
      couponCode: 'spring20',
      email: 'ana@example.com',
    });
    await user.click(screen.getByRole('button', { name: 'Pay $39.20' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_test_2'));
    expect(stub.calls.find((call) => call.path === 'payments.startCheckout')?.input).toEqual({
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Lima',
      couponCode: 'SPRING20',
    });
  });

  // QA: editing the field after applying left "Code SPRING20 applied" beside another code.
  it('keeps an applied code as it is until Remove, which empties the field for another', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: CONFIG }),
      'payments.quote': () => ({ data: QUOTE }),
    });
    renderApp(PATH);
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: 'Coupon code (optional)' });
    await user.type(field, 'spring20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SPRING20 applied: $39.20 instead of $49.00.')).toBeInTheDocument();
    expect(field).toHaveAttribute('readonly');
    await user.type(field, 'X');
    expect(field).toHaveValue('spring20');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(field).not.toHaveAttribute('readonly');
    expect(field).toHaveValue('');
    expect(screen.queryByText(/applied/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $49.00' })).toBeInTheDocument();
  });

  it('says why a code is refused, under the field, and keeps the full price', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: CONFIG }),
      'payments.quote': () => ({ error: { message: 'This coupon code has expired.', httpStatus: 409 } }),
    });
    renderApp(PATH);
    dropFocusFromDisabledControls();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code (optional)' }), 'OLD');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon code has expired.')).toBeInTheDocument();
    // The focus is in the field, whose message a screen reader then reads, not on the page's body.
    const field = screen.getByRole('textbox', { name: 'Coupon code (optional)' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription('This coupon code has expired.');
    expect(screen.getByRole('button', { name: 'Pay $49.00' })).toBeEnabled();
  });

  // The refusal stayed under the field once the code was cleared or changed, as if it were about
  // the new text (the shared CouponField: /gift too).
  it('takes a refusal away once the field is cleared or edited', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: CONFIG }),
      'payments.quote': () => ({ error: { message: 'This coupon code has expired.', httpStatus: 409 } }),
    });
    renderApp(PATH);
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: 'Coupon code (optional)' });
    await user.type(field, 'OLD');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon code has expired.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    expect(screen.queryByText('This coupon code has expired.')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(field).not.toHaveAccessibleDescription();
    await user.type(field, 'OLD');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon code has expired.')).toBeInTheDocument();
    await user.type(field, '2');
    expect(screen.queryByText('This coupon code has expired.')).not.toBeInTheDocument();
    expect(field).toHaveValue('OLD2');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  // QA walk: in Spanish every refusal read "try again in a moment", and a code pasted with a space
  // was refused for its characters.
  it('says each refusal in Spanish, and sends a code pasted with spaces without them', async () => {
    const refusals: Record<string, string> = {
      NOPE12: 'This coupon code does not exist. Check the spelling, or continue without a code.',
      OLD: 'This coupon code has expired.',
      'BAD!': 'couponCode may hold only letters, digits, - and _',
    };
    const stub = stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: CONFIG }),
      'payments.quote': (input) => ({
        error: {
          message: refusals[String((input as { couponCode: string }).couponCode).toUpperCase()]!,
          httpStatus: 409,
        },
      }),
    });
    i18n.activate('es');
    renderApp(PATH);
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: 'Código de descuento (opcional)' });
    await user.type(field, ' nope 12 ');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText(/^Este código de descuento no existe\./)).toBeInTheDocument();
    expect(stub.calls.find((call) => call.path === 'payments.quote')?.input).toEqual({
      couponCode: 'nope12',
      email: 'ana@example.com',
    });
    expect(field).toHaveValue('nope12');
    for (const [typed, text] of [
      ['old', 'Este código de descuento ya venció.'],
      ['bad!', 'Un código de descuento solo lleva letras, números, - y _.'],
    ]) {
      await user.clear(field);
      await user.type(field, typed!);
      await user.click(screen.getByRole('button', { name: 'Aplicar' }));
      expect(await screen.findByText(text!)).toBeInTheDocument();
    }
    expect(screen.queryByText(/volver a intentar/)).not.toBeInTheDocument();
  });

  it('applies a code brought back in the address (the cancel URL)', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: CONFIG }),
      'payments.quote': () => ({ data: QUOTE }),
    });
    renderApp(`${PATH}&couponCode=SPRING20`);
    expect(await screen.findByRole('button', { name: 'Pay $39.20' })).toBeInTheDocument();
  });
});

describe('/checkout without card payments', { timeout: 20_000 }, () => {
  it('is exactly the Payment Setup Required page, texts unchanged', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: { ...CONFIG, cardPayments: false } }),
    });
    renderApp(PATH);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment Setup Required' });
    const paper = heading.closest('.mantine-Paper-root')!;
    expect(paper.textContent).toBe(
      'Payment Setup Required' +
        'Card payments are being set up' +
        'We are still configuring payment processing, so we cannot take your payment online just yet. Please contact us and we will complete your order by hand.' +
        'Thank you, Ana! You asked for The 52-Week Marriage Preparation Workbook ($49.00, one-time) for Ana Lima, at ana@example.com.' +
        'Send us a note through the contact form with the email above and we will reply within 24 hours with a secure way to pay and your personal access code.' +
        'Return to Course Page',
    );
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    // A note, not an alert: it is there as the page opens (Mantine's Alert is role=alert unless told).
    expect(screen.getByRole('note', { name: 'Card payments are being set up' })).toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('names the configured price, not the default', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: { ...CONFIG, cardPayments: false, priceCents: 2900, currency: 'gbp' } }),
    });
    renderApp(PATH);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment Setup Required' });
    expect(heading.closest('.mantine-Paper-root')).toHaveTextContent('(£29.00, one-time)');
  });
});

describe('/success while the card payment is being confirmed', { timeout: 20_000 }, () => {
  it('says the payment is being processed, then shows the completed order without a reload', async () => {
    const defaults = { ...PENDING_POLL };
    PENDING_POLL.ms = 20;
    const order = {
      id: 'pi_cardPending0001',
      amount: 4900,
      currency: 'usd',
      firstName: 'Ana',
      lastName: 'Lima',
      email: 'ana@example.com',
      needsReview: false,
    };
    let asked = 0;
    stubTrpcFetch({
      'orders.get': () => {
        asked += 1;
        return { data: { ...order, status: asked < 3 ? 'pending' : 'completed' } };
      },
    });
    try {
      renderApp(`/success?payment_intent=${order.id}`);
      expect(await screen.findByText(/Your payment is being processed/)).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download Your Workbook' })).toBeEnabled();
      const settled = asked;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(asked).toBe(settled);
    } finally {
      Object.assign(PENDING_POLL, defaults);
    }
  });

  it('stops asking for a payment a person must check, and says so kindly', async () => {
    const defaults = { ...PENDING_POLL };
    PENDING_POLL.ms = 20;
    const order = {
      id: 'pi_cardFlagged0001',
      amount: 100,
      currency: 'usd',
      firstName: 'Ana',
      lastName: 'Lima',
      email: 'ana@example.com',
      status: 'pending',
      needsReview: true,
    };
    let asked = 0;
    stubTrpcFetch({
      'orders.get': () => {
        asked += 1;
        return { data: order };
      },
    });
    try {
      renderApp(`/success?payment_intent=${order.id}`);
      const alert = await screen.findByText(/We received your payment, but something in it needs a quick check/);
      expect(alert).toHaveTextContent('We will email you at ana@example.com within 24 hours');
      expect(screen.getByText('We are checking your payment')).toBeInTheDocument();
      expect(screen.queryByText(/Your payment is being processed/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /download/i })).not.toBeInTheDocument();
      // Twenty polling intervals later it has still asked only once.
      await new Promise((resolve) => setTimeout(resolve, 20 * PENDING_POLL.ms));
      expect(asked).toBe(1);
    } finally {
      Object.assign(PENDING_POLL, defaults);
    }
  });
});

describe('/checkout in Spanish', () => {
  it('shows the order and the Pay button with no English left', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: { ...CONFIG, priceCents: 5900, currency: 'eur' } }),
    });
    i18n.activate('es');
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Finalizar la compra' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pagar EUR\s59\.00$/ })).toBeInTheDocument();
    expect(document.querySelector('main')?.textContent).not.toMatch(
      /\b(Checkout|Course|Price|Pay|one-time|guarantee|Change my details|Workbook)\b/,
    );
  });
});

describe('/checkout without card payments, in Spanish', () => {
  it('speaks to the couple as ustedes throughout, as the card checkout does (decision 0230)', async () => {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'publicConfig.get': () => ({ data: { ...CONFIG, cardPayments: false } }),
    });
    i18n.activate('es');
    renderApp(PATH);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pagos en configuración' });
    const text = heading.closest('.mantine-Paper-root')!.textContent!;
    expect(text).toContain('no podemos recibir su pago en línea. Escríbannos y completaremos su pedido');
    expect(text).toContain('Recibimos su pedido del Cuaderno de preparación matrimonial');
    expect(text).toContain('les responderemos con una forma segura de pagar y su código de acceso personal');
    // No tú: the forms a single reader would get.
    expect(text).not.toMatch(/\b(tu|te|Escríbenos|Pediste)\b/);
  });
});
