import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { FacilitatorsPage } from './facilitators-page';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

const FACILITATOR = {
  id: 3,
  name: 'Pastor Ana',
  email: 'ana@example.com',
  kind: 'mentor_couple',
  organisation: 'St. Mary Parish',
  status: 'active',
  linkedCouples: 4,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const PACK = {
  id: 9,
  cohortId: 7,
  seats: 10,
  seatsUsed: 4,
  seatsLeft: 6,
  code: 'SEAT-AAAAA-BBBBB-CCCCC-DDDDD',
  channel: 'stripe',
  status: 'active',
  amount: 49000,
  currency: 'usd',
  expiresOn: null,
  paidAt: '2026-11-20T10:00:00.000Z',
  refundedAt: null,
  accessRevoked: false,
  facilitatorName: 'Pastor Ana',
  organisation: 'St. Mary Parish',
};
const REVENUE = {
  courses: [{ channel: 'stripe', currency: 'usd', count: 2, cents: 9800 }],
  packs: [{ channel: 'stripe', currency: 'usd', count: 1, cents: 49000, seats: 10, seatsUsed: 4 }],
};

/** The page with one facilitator and no pack yet: its grant form, and a user to fill it in. */
async function openGrantForm() {
  const stub = stubTrpcFetch({
    'adminFacilitators.list': () => ({ data: [FACILITATOR] }),
    'adminFacilitators.packs': () => ({ data: [] }),
    'adminFacilitators.revenue': () => ({ data: REVENUE }),
    'adminFacilitators.grantPack': () => ({ data: PACK }),
  });
  renderRoute(FacilitatorsPage);
  const form = await screen.findByRole('form', { name: 'Grant a seat pack' });
  return { stub, form, user: userEvent.setup({ delay: null }) };
}

describe('FacilitatorsPage', { timeout: 20_000 }, () => {
  it('lists facilitators, packs with seats used, and revenue by channel', async () => {
    stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [FACILITATOR] }),
      'adminFacilitators.packs': () => ({ data: [PACK] }),
      'adminFacilitators.revenue': () => ({ data: REVENUE }),
    });
    renderRoute(FacilitatorsPage);
    const row = within(await screen.findByRole('table', { name: 'Facilitators' })).getByRole('row', {
      name: /Pastor Ana/,
    });
    expect(within(row).getByText('Mentor couple')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Grant a seat pack' })).toBeInTheDocument();
    const packs = await screen.findByRole('table', { name: 'Seat packs' });
    expect(within(packs).getByText('4 of 10 seats used')).toBeInTheDocument();
    expect(within(packs).getByText('$490.00')).toBeInTheDocument();
    const revenue = await screen.findByRole('table', { name: 'Revenue by channel' });
    expect(within(revenue).getByRole('row', { name: /Course, by card/ })).toHaveTextContent('$98.00');
    expect(within(revenue).getByRole('row', { name: /Seat packs, by card/ })).toHaveTextContent('$490.00');
  });

  // QA walk: with no facilitator, the packs' empty state said "Grant one above" with no grant form.
  it('points the packs’ empty state at what is on the page, with or without a facilitator to grant to', async () => {
    i18n.activate('es');
    stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [{ ...FACILITATOR, status: 'revoked' }] }),
      'adminFacilitators.packs': () => ({ data: [] }),
      'adminFacilitators.revenue': () => ({ data: REVENUE }),
    });
    renderRoute(FacilitatorsPage);
    expect(
      await screen.findByText(/^Aún no hay paquetes de plazas\. Invita a una persona facilitadora/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Otorgar un paquete de plazas' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Otorga uno arriba/)).not.toBeInTheDocument();
  });

  it('says to grant a pack above when the grant form is there', async () => {
    await openGrantForm();
    expect(
      await screen.findByText('No seat packs yet. Grant one above, or a facilitator buys one by card.'),
    ).toBeInTheDocument();
  });

  it('invites a facilitator and shows the link once', async () => {
    const stub = stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [] }),
      'adminFacilitators.packs': () => ({ data: [] }),
      'adminFacilitators.revenue': () => ({ data: { courses: [], packs: [] } }),
      'adminFacilitators.invite': () => ({
        data: { id: 5, inviteLink: 'https://vows.example/facilitator?token=abcdefghijklmnop' },
      }),
    });
    renderRoute(FacilitatorsPage);
    expect(await screen.findByText('No facilitators yet. Invite one above.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Grant a seat pack' })).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Invite a facilitator' });
    // QA walk: the browser's own bubble for "tomas" came before the page's message under the field.
    expect(form).toHaveAttribute('novalidate');
    const user = userEvent.setup({ delay: null });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Lee Counsel');
    await user.type(within(form).getByRole('textbox', { name: /^Email/ }), 'lee@example.com');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind' }), 'counsellor');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('https://vows.example/facilitator?token=abcdefghijklmnop')).toBeInTheDocument();
    expect(stub.calls.find((call) => call.path === 'adminFacilitators.invite')?.input).toEqual({
      name: 'Lee Counsel',
      email: 'lee@example.com',
      kind: 'counsellor',
      organisation: '',
    });
  });

  // QA walk: after an invitation Name and Email cleared but Organisation and Kind stayed, so the
  // next invitation was silently sent under the previous organisation.
  it('starts the whole form over after an invitation, organisation and kind too', async () => {
    const stub = stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [] }),
      'adminFacilitators.packs': () => ({ data: [] }),
      'adminFacilitators.revenue': () => ({ data: { courses: [], packs: [] } }),
      'adminFacilitators.invite': () => ({ data: { id: 5, inviteLink: 'https://vows.example/facilitator?token=x' } }),
    });
    renderRoute(FacilitatorsPage);
    const form = await screen.findByRole('form', { name: 'Invite a facilitator' });
    const user = userEvent.setup({ delay: null });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    const email = within(form).getByRole('textbox', { name: /^Email/ });
    const kind = within(form).getByRole('combobox', { name: 'Kind' });
    const organisation = within(form).getByRole('textbox', { name: /^Organisation/ });
    const pristineKind = (kind as HTMLSelectElement).value;
    await user.type(name, 'Lee Counsel');
    await user.type(email, 'lee@example.com');
    await user.selectOptions(kind, 'counsellor');
    await user.type(organisation, 'St. Mary Parish');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(stub.calls.some((call) => call.path === 'adminFacilitators.invite')).toBe(true));
    await waitFor(() => expect(organisation).toHaveValue(''));
    expect(name).toHaveValue('');
    expect(email).toHaveValue('');
    expect(kind).toHaveValue(pristineKind);
    expect(pristineKind).not.toBe('counsellor');
  });

  // Issue 35: an email the browser takes ("lee@example") came back as the schema's English sentence.
  it('checks the invitation before sending it, each message under its field in the page’s language', async () => {
    i18n.activate('es');
    const stub = stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [] }),
      'adminFacilitators.packs': () => ({ data: [] }),
      'adminFacilitators.revenue': () => ({ data: { courses: [], packs: [] } }),
      'adminFacilitators.invite': () => ({ data: { id: 5, inviteLink: 'https://vows.example/facilitator?token=x' } }),
    });
    renderRoute(FacilitatorsPage);
    const form = await screen.findByRole('form', { name: 'Invitar a una persona facilitadora' });
    const user = userEvent.setup({ delay: null });
    const name = within(form).getByRole('textbox', { name: /^Nombre/ });
    const email = within(form).getByRole('textbox', { name: /^Correo electrónico/ });
    await user.type(name, '   ');
    await user.type(email, 'lee@example');
    await user.click(within(form).getByRole('button', { name: 'Enviar invitación' }));
    expect(
      await within(form).findByText('Escribe el nombre de la persona facilitadora, con 160 caracteres como máximo.'),
    ).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Escribe un correo electrónico válido');
    expect(stub.calls.some((call) => call.path === 'adminFacilitators.invite')).toBe(false);
    // Corrected, it is sent.
    await user.type(name, 'Lee Counsel');
    await user.type(email, '.org');
    await user.click(within(form).getByRole('button', { name: 'Enviar invitación' }));
    await waitFor(() => expect(stub.calls.some((call) => call.path === 'adminFacilitators.invite')).toBe(true));
  });

  it('refunds a pack keeping access unless "also end access" is ticked', async () => {
    const stub = stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [FACILITATOR] }),
      'adminFacilitators.packs': () => ({ data: [PACK] }),
      'adminFacilitators.revenue': () => ({ data: REVENUE }),
      'adminFacilitators.refundPack': () => ({ data: { ...PACK, status: 'refunded' } }),
    });
    renderRoute(FacilitatorsPage);
    const packs = await screen.findByRole('table', { name: 'Seat packs' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(packs).getByRole('checkbox', { name: /Also end redeemed couples/ }));
    await user.click(within(packs).getByRole('button', { name: 'Refund the 10-seat pack of Pastor Ana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the 10-seat pack of Pastor Ana?' });
    expect(dialog).toHaveTextContent('Couples who already took one of its seats lose that access');
    await user.click(within(dialog).getByRole('button', { name: 'Refund the 10-seat pack of Pastor Ana' }));
    await waitFor(() =>
      expect(stub.calls.find((call) => call.path === 'adminFacilitators.refundPack')?.input).toEqual({
        packId: 9,
        revokeAccess: true,
      }),
    );
  });

  // Security review: the refund revokes the certificates of the couples it takes back to the trial (decision 0332).
  it('says in Spanish how many certificates a refund that ends access revoked', async () => {
    i18n.activate('es');
    stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [FACILITATOR] }),
      'adminFacilitators.packs': () => ({ data: [PACK] }),
      'adminFacilitators.revenue': () => ({ data: REVENUE }),
      'adminFacilitators.refundPack': () => ({
        data: { ...PACK, status: 'refunded', accessRevoked: true, certificatesRevoked: 2 },
      }),
    });
    renderRoute(FacilitatorsPage);
    const packs = await screen.findByRole('table', { name: 'Paquetes de plazas' });
    const user = userEvent.setup({ delay: null });
    const name = 'Reembolsar el paquete de 10 plazas de Pastor Ana';
    await user.click(within(packs).getByRole('checkbox', { name: /También quitar el acceso/ }));
    await user.click(within(packs).getByRole('button', { name }));
    const dialog = await screen.findByRole('dialog', { name: `¿${name}?` });
    expect(dialog).toHaveTextContent('vuelven a ella y pierden sus certificados');
    await user.click(within(dialog).getByRole('button', { name }));
    expect(
      await screen.findByText('Se revocaron 2 certificados de parejas que volvieron a la prueba.'),
    ).toBeInTheDocument();
  });

  // QA walk: one click refunded a seat pack, with no question asked.
  it('asks before refunding a pack, saying what the refund does, and Cancel refunds nothing', async () => {
    i18n.activate('es');
    const stub = stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [FACILITATOR] }),
      'adminFacilitators.packs': () => ({ data: [PACK] }),
      'adminFacilitators.revenue': () => ({ data: REVENUE }),
      'adminFacilitators.refundPack': () => ({ data: { ...PACK, status: 'refunded' } }),
    });
    renderRoute(FacilitatorsPage);
    const user = userEvent.setup({ delay: null });
    const refunded = () => stub.calls.filter((call) => call.path === 'adminFacilitators.refundPack');
    const name = 'Reembolsar el paquete de 10 plazas de Pastor Ana';
    await user.click(await screen.findByRole('button', { name }));
    const dialog = await screen.findByRole('dialog', { name: '¿Reembolsar el paquete de 10 plazas de Pastor Ana?' });
    expect(dialog).toHaveTextContent('El pago con tarjeta se reembolsa en Stripe');
    expect(dialog).toHaveTextContent('Las parejas que ya usaron una de sus plazas conservan su acceso completo.');
    expect(dialog).toHaveTextContent('No se puede deshacer.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    expect(refunded()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(refunded()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name }));
    await waitFor(() => expect(refunded().map((call) => call.input)).toEqual([{ packId: 9, revokeAccess: false }]));
    expect(await screen.findByText('Paquete de plazas reembolsado')).toBeInTheDocument();
  });

  // QA walk: one click revoked a facilitator, with no question asked.
  it('asks before revoking a facilitator, and Cancel revokes nobody', async () => {
    i18n.activate('es');
    const stub = stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [FACILITATOR] }),
      'adminFacilitators.packs': () => ({ data: [] }),
      'adminFacilitators.revenue': () => ({ data: REVENUE }),
      'adminFacilitators.revoke': () => ({ data: { success: true } }),
    });
    renderRoute(FacilitatorsPage);
    const user = userEvent.setup({ delay: null });
    const revoked = () => stub.calls.filter((call) => call.path === 'adminFacilitators.revoke');
    await user.click(await screen.findByRole('button', { name: 'Revocar a Pastor Ana' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Revocar a Pastor Ana?' });
    expect(dialog).toHaveTextContent('Pastor Ana sale de su sesión al instante y ya no podrá entrar');
    expect(dialog).toHaveTextContent('No se puede deshacer.');
    expect(revoked()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revoked()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Revocar a Pastor Ana' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revocar a Pastor Ana' }));
    await waitFor(() => expect(revoked().map((call) => call.input)).toEqual([{ facilitatorId: 3 }]));
    expect(await screen.findByText('Acceso revocado')).toBeInTheDocument();
  });

  // QA: a refusal the page does not know left a Spanish toast with a title and no text.
  it('says to try again in Spanish when a refund or a revocation fails for a reason the page does not know', async () => {
    i18n.activate('es');
    const unknown = () => ({ error: { message: 'Something only the server knows about.', httpStatus: 409 } });
    stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [FACILITATOR] }),
      'adminFacilitators.packs': () => ({ data: [PACK] }),
      'adminFacilitators.revenue': () => ({ data: REVENUE }),
      'adminFacilitators.refundPack': unknown,
      'adminFacilitators.revoke': unknown,
    });
    renderRoute(FacilitatorsPage);
    const user = userEvent.setup({ delay: null });
    const toastOf = async (title: string) =>
      (await screen.findByText(title)).closest('.mantine-Notification-root') as HTMLElement;
    await user.click(await screen.findByRole('button', { name: 'Reembolsar el paquete de 10 plazas de Pastor Ana' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Reembolsar el paquete de 10 plazas de Pastor Ana',
      }),
    );
    expect(await toastOf('No se reembolsó')).toHaveTextContent('Inténtalo de nuevo, por favor.');
    await user.click(screen.getByRole('button', { name: 'Revocar a Pastor Ana' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revocar a Pastor Ana' }));
    expect(await toastOf('No se revocó')).toHaveTextContent('Inténtalo de nuevo, por favor.');
    expect(document.body.textContent).not.toContain('Something only the server knows');
  });

  // Mantine's NumberInput used to move a number into range on blur: 0 or -5 seats became 1,
  // 1,000,000 became 500, and -100 paid outside the app was saved as $0.
  it.each([
    ['Seats', '0', 'Enter a whole number of seats from 1 to 500.'],
    ['Seats', '-5', 'Enter a whole number of seats from 1 to 500.'],
    ['Seats', '1000000', 'Enter a whole number of seats from 1 to 500.'],
    ['Seats', '2.5', 'Enter a whole number of seats from 1 to 500.'],
    ['Paid outside the app', '-100', 'Enter the amount paid, from 0 (a gift) to $1,000,000.00.'],
  ])('keeps %s %s as typed, says why and grants nothing', async (field, typed, message) => {
    const { stub, form, user } = await openGrantForm();
    const input = within(form).getByRole('textbox', { name: field });
    await user.clear(input);
    await user.type(input, typed);
    await user.tab();
    expect(input).toHaveValue(typed);
    await user.click(within(form).getByRole('button', { name: 'Grant pack' }));
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(input).toHaveValue(typed);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls.some((call) => call.path === 'adminFacilitators.grantPack')).toBe(false);
  });

  // QA: a pack past its last day was listed "Active", and a last day of 1 Jan 2020 was granted.
  it('lists a pack past its last day as expired, still refundable', async () => {
    stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [FACILITATOR] }),
      'adminFacilitators.packs': () => ({
        data: [{ ...PACK, seatsUsed: 0, seatsLeft: 0, seats: 1, status: 'expired', expiresOn: '2020-01-01' }],
      }),
      'adminFacilitators.revenue': () => ({ data: REVENUE }),
    });
    renderRoute(FacilitatorsPage);
    const packs = await screen.findByRole('table', { name: 'Seat packs' });
    const row = within(packs).getByRole('row', { name: /Pastor Ana/ });
    expect(within(row).getByText('Expired')).toBeInTheDocument();
    expect(within(row).queryByText('Active')).not.toBeInTheDocument();
    expect(within(row).getByText('1 January 2020')).toBeInTheDocument();
    expect(within(row).getByText('0 of 1 seat used')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Refund the 1-seat pack of Pastor Ana' })).toBeInTheDocument();
  });

  it('refuses a last day in the past on the form, saying why, and grants nothing', async () => {
    const { stub, form, user } = await openGrantForm();
    const lastDay = within(form).getByLabelText(/^Last day to redeem/);
    fireEvent.change(lastDay, { target: { value: '2020-01-01' } });
    await user.click(within(form).getByRole('button', { name: 'Grant pack' }));
    expect(
      await within(form).findByText('Choose today or a later day: a pack gives no seat after its last day.'),
    ).toBeInTheDocument();
    expect(lastDay).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls.some((call) => call.path === 'adminFacilitators.grantPack')).toBe(false);
    // A later day is granted as chosen.
    fireEvent.change(lastDay, { target: { value: '2099-12-31' } });
    expect(lastDay).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(form).getByRole('button', { name: 'Grant pack' }));
    await waitFor(() =>
      expect(stub.calls.find((call) => call.path === 'adminFacilitators.grantPack')?.input).toMatchObject({
        expiresOn: '2099-12-31',
      }),
    );
  });

  // QA walk: the browser's own check of the last day ("Please enter a valid value.", in the
  // browser's language on a Spanish page) instead of the form's message.
  it('refuses a half-typed last day under the field, in the page’s language, and grants nothing', async () => {
    i18n.activate('es');
    const stub = stubTrpcFetch({
      'adminFacilitators.list': () => ({ data: [FACILITATOR] }),
      'adminFacilitators.packs': () => ({ data: [] }),
      'adminFacilitators.revenue': () => ({ data: REVENUE }),
      'adminFacilitators.grantPack': () => ({ data: PACK }),
    });
    renderRoute(FacilitatorsPage);
    const form = await screen.findByRole('form', { name: 'Otorgar un paquete de plazas' });
    expect(form).toHaveAttribute('novalidate');
    const lastDay = within(form).getByLabelText(/^Último día para usarlas/);
    // A browser gives a date field with only a day typed the value '' and `badInput`.
    Object.defineProperty(lastDay, 'validity', { value: { badInput: true, valid: false } });
    await userEvent.setup({ delay: null }).click(within(form).getByRole('button', { name: 'Otorgar paquete' }));
    expect(
      await within(form).findByText('Elige hoy o un día posterior: un paquete no da plazas después de su último día.'),
    ).toBeInTheDocument();
    expect(lastDay).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls.some((call) => call.path === 'adminFacilitators.grantPack')).toBe(false);
  });

  it('grants a pack with the seats and the amount as typed, in cents', async () => {
    const { stub, form, user } = await openGrantForm();
    const seats = within(form).getByRole('textbox', { name: 'Seats' });
    await user.clear(seats);
    await user.type(seats, '25');
    const amount = within(form).getByRole('textbox', { name: 'Paid outside the app' });
    await user.clear(amount);
    await user.type(amount, '120.50');
    await user.click(within(form).getByRole('button', { name: 'Grant pack' }));
    await waitFor(() =>
      expect(stub.calls.find((call) => call.path === 'adminFacilitators.grantPack')?.input).toEqual({
        facilitatorId: 3,
        seats: 25,
        expiresOn: null,
        amount: 12050,
      }),
    );
  });
});
