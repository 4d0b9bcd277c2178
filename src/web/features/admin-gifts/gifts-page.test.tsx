import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminGiftItem } from '../../../shared/gifts-schemas';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { GiftsPage } from './gifts-page';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

const scheduled: AdminGiftItem = {
  id: 7,
  buyerName: 'Aunt Marisol',
  buyerEmail: 'aunt@example.com',
  coupleNames: 'Ana & Luis',
  coupleEmail: 'ana.luis@example.com',
  sendAt: '2027-05-01T09:00:00.000Z',
  status: 'scheduled',
  paidAt: '2026-11-20T09:30:00.000Z',
  redeemedAt: null,
  orderId: 'pi_abc',
};
const opened: AdminGiftItem = {
  ...scheduled,
  id: 6,
  coupleNames: 'Bo & Cy',
  status: 'redeemed',
  redeemedAt: '2026-11-21T10:00:00.000Z',
};
const refunded: AdminGiftItem = { ...scheduled, id: 5, coupleNames: 'Di & El', status: 'refunded' };

describe('GiftsPage', { timeout: 20_000 }, () => {
  it('lists gifts with their status; only an unopened one can be resent or redirected', async () => {
    const stub = stubTrpcFetch({
      'adminGifts.list': () => ({ data: [scheduled, opened, refunded] }),
      'adminGifts.resend': () => ({ data: { success: true } }),
    });
    renderRoute(GiftsPage);
    const row = (await screen.findByText('Ana & Luis')).closest('tr')!;
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    const openedRow = screen.getByText('Bo & Cy').closest('tr')!;
    expect(within(openedRow).getByText('Opened')).toBeInTheDocument();
    expect(within(openedRow).queryByRole('button')).not.toBeInTheDocument();
    // A refunded gift's code opens nothing: there is nothing to resend or redirect.
    const refundedRow = screen.getByText('Di & El').closest('tr')!;
    expect(within(refundedRow).getByText('Refunded')).toBeInTheDocument();
    expect(within(refundedRow).queryByRole('button')).not.toBeInTheDocument();
    await userEvent
      .setup({ delay: null })
      .click(within(row).getByRole('button', { name: 'Resend the gift to Ana & Luis' }));
    await waitFor(() => expect(stub.calls.find((call) => call.path === 'adminGifts.resend')?.input).toEqual({ id: 7 }));
  });

  // Decision 0366: a gift whose payment was being confirmed, or failed, was not on the page.
  it.each([
    [
      'en',
      ['Awaiting payment', 'The payment is being confirmed (a bank payment can take a few days).'],
      ['Payment failed', 'The buyer was emailed a link to give it again.'],
    ],
    [
      'es',
      ['Pago pendiente', 'El pago se está confirmando (un pago bancario puede tardar unos días).'],
      ['Pago fallido', 'Se le envió por correo un enlace para regalarlo de nuevo.'],
    ],
  ])(
    'shows in %s a gift being paid or whose payment failed, what comes next, and nothing to resend',
    async (locale, awaiting, failed) => {
      stubTrpcFetch({
        'adminGifts.list': () => ({
          data: [
            { ...scheduled, id: 9, coupleNames: 'Fe & Gil', status: 'awaiting-payment', paidAt: null },
            { ...scheduled, id: 8, coupleNames: 'Hu & Io', status: 'payment-failed', paidAt: null },
          ],
        }),
      });
      i18n.activate(locale);
      renderRoute(GiftsPage);
      for (const [couple, [badge, note]] of [
        ['Fe & Gil', awaiting],
        ['Hu & Io', failed],
      ] as const) {
        const row = (await screen.findByText(couple)).closest('tr')!;
        expect(within(row).getByText(badge!)).toBeInTheDocument();
        expect(row).toHaveTextContent(note!);
        expect(within(row).queryByRole('button')).not.toBeInTheDocument();
      }
    },
  );

  // A session's notes: the seller could not list the gifts whose payment was under way or failed alone.
  it.each([
    ['en', 'Show', 'Payment failed'],
    ['es', 'Mostrar', 'Con pago fallido'],
  ])('lists in %s only the gifts whose payment failed, or is being confirmed', async (locale, show, option) => {
    const stub = stubTrpcFetch({ 'adminGifts.list': () => ({ data: [scheduled] }) });
    i18n.activate(locale);
    renderRoute(GiftsPage);
    await screen.findByText('Ana & Luis');
    const filter = screen.getByRole('combobox', { name: show });
    await userEvent.setup({ delay: null }).selectOptions(filter, option);
    await waitFor(() =>
      expect(stub.calls.filter((call) => call.path === 'adminGifts.list').at(-1)?.input).toEqual({
        status: 'payment-failed',
      }),
    );
    expect(
      within(filter)
        .getAllByRole('option')
        .map((element) => element.getAttribute('value')),
    ).toEqual(['all', 'awaiting-payment', 'payment-failed', 'scheduled', 'sent', 'redeemed', 'refunded']);
  });

  it('changes the couple’s email of an unopened gift', async () => {
    const stub = stubTrpcFetch({
      'adminGifts.list': () => ({ data: [scheduled] }),
      'adminGifts.changeEmail': () => ({ data: { success: true } }),
    });
    renderRoute(GiftsPage);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Change the email of the gift to Ana & Luis' }));
    const field = screen.getByRole('textbox', { name: 'Couple’s email' });
    await user.clear(field);
    await user.type(field, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(stub.calls.find((call) => call.path === 'adminGifts.changeEmail')?.input).toEqual({
        id: 7,
        email: 'new@example.com',
      }),
    );
  });

  it('records a gift paid by hand after checking its fields, and lists it', async () => {
    let listed: AdminGiftItem[] = [];
    const stub = stubTrpcFetch({
      'adminGifts.list': () => ({ data: listed }),
      'adminGifts.record': () => {
        listed = [scheduled];
        return { data: { giftId: 7, receiptUrl: 'https://vows.example/gift/sent#token=abc' } };
      },
    });
    renderRoute(GiftsPage);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(/No gifts here yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a gift paid by hand' });
    await user.click(within(dialog).getByRole('button', { name: 'Record gift' }));
    expect(within(dialog).getByText('Enter the giver’s name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the couple’s email, like name@example.com.')).toBeInTheDocument();
    expect(stub.calls.some((call) => call.path === 'adminGifts.record')).toBe(false);

    for (const [name, text] of [
      [/Giver’s name/, 'Aunt Marisol'],
      [/Giver’s email/, 'aunt@example.com'],
      [/Couple’s names/, 'Ana & Luis'],
      [/Couple’s email/, 'ana.luis@example.com'],
      [/Message from the giver/, 'With love.'],
    ] as const) {
      await user.click(within(dialog).getByRole('textbox', { name }));
      await user.paste(text);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Record gift' }));
    await waitFor(() =>
      expect(stub.calls.find((call) => call.path === 'adminGifts.record')?.input).toEqual({
        buyerName: 'Aunt Marisol',
        buyerEmail: 'aunt@example.com',
        coupleNames: 'Ana & Luis',
        coupleEmail: 'ana.luis@example.com',
        message: 'With love.',
        sendAt: null,
        locale: 'en',
        amount: 4900,
      }),
    );
    expect(await screen.findByText(/The gift email goes to ana\.luis@example\.com on its date/)).toBeInTheDocument();
    expect(await screen.findByText('Ana & Luis')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  // Issue 35: an email the browser takes ("new@example") came back as the schema's English sentence.
  it('checks the new email before sending it, saying why in the page’s language', async () => {
    i18n.activate('es');
    const stub = stubTrpcFetch({
      'adminGifts.list': () => ({ data: [scheduled] }),
      'adminGifts.changeEmail': () => ({ data: { success: true } }),
    });
    renderRoute(GiftsPage);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Cambiar el correo del regalo para Ana & Luis' }));
    const field = screen.getByRole('textbox', { name: 'Correo de la pareja' });
    await user.clear(field);
    await user.type(field, 'new@example');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Escribe un correo electrónico válido')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls.some((call) => call.path === 'adminGifts.changeEmail')).toBe(false);
    await user.type(field, '.com');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(stub.calls.some((call) => call.path === 'adminGifts.changeEmail')).toBe(true));
  });

  // QA walk: an emptied or malformed email got the browser's own bubble, in the browser's language.
  it('says an emptied email is not valid under the field, not with the browser’s bubble', async () => {
    i18n.activate('es');
    const stub = stubTrpcFetch({ 'adminGifts.list': () => ({ data: [scheduled] }) });
    renderRoute(GiftsPage);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Cambiar el correo del regalo para Ana & Luis' }));
    const field = screen.getByRole('textbox', { name: 'Correo de la pareja' });
    expect(field.closest('form')).toHaveAttribute('novalidate');
    await user.clear(field);
    await user.type(field, 'nueva');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Escribe un correo electrónico válido')).toBeInTheDocument();
    expect(stub.calls.some((call) => call.path === 'adminGifts.changeEmail')).toBe(false);
  });

  // QA: a past delivery day was refused only by the server, in a toast; the field said nothing.
  it('refuses a past or too far delivery day under its field, in the page’s language, sending nothing', async () => {
    i18n.activate('es');
    const stub = stubTrpcFetch({
      'adminGifts.list': () => ({ data: [] }),
      'adminGifts.record': () => ({ data: { giftId: 7, receiptUrl: 'https://vows.example/gift/sent#token=abc' } }),
    });
    renderRoute(GiftsPage);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Registrar un regalo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar un regalo pagado a mano' });
    for (const [name, text] of [
      [/Nombre de quien regala/, 'Tía Marisol'],
      [/Correo de quien regala/, 'tia@example.com'],
      [/Nombres de la pareja/, 'Ana y Luis'],
      [/Correo de la pareja/, 'ana.luis@example.com'],
    ] as const) {
      await user.click(within(dialog).getByRole('textbox', { name }));
      await user.paste(text);
    }
    const day = within(dialog).getByLabelText(/Enviar el/);
    const submit = within(dialog).getByRole('button', { name: 'Registrar regalo' });
    fireEvent.change(day, { target: { value: dayFromToday(-3) } });
    await user.click(submit);
    expect(await within(dialog).findByText('Elige una fecha de envío de hoy en adelante.')).toBeInTheDocument();
    expect(day).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(day, { target: { value: dayFromToday(500) } });
    await user.click(submit);
    expect(
      await within(dialog).findByText('Elige una fecha de envío dentro de los próximos 400 días.'),
    ).toBeInTheDocument();
    expect(stub.calls.some((call) => call.path === 'adminGifts.record')).toBe(false);
    // Today is fine: the gift is recorded for it.
    fireEvent.change(day, { target: { value: dayFromToday(0) } });
    await user.click(submit);
    await waitFor(() => expect(stub.calls.some((call) => call.path === 'adminGifts.record')).toBe(true));
  });
});

/** The local day `days` from today, as a date field holds it (yyyy-mm-dd). */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
