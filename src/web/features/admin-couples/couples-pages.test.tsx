import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { CouplePage } from './couple-page';
import { CouplesPage } from './couples-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = {
  coupleId: 7,
  signIn: 'mira@example.com',
  displayName: 'Mira',
  partnerName: 'Jon',
  accessLevel: 'trial',
  weeksCompleted: 3,
  lastActiveAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-10-01T10:00:00.000Z',
};

const detail = {
  coupleId: 7,
  displayName: 'Mira',
  partnerName: 'Jon',
  weddingDate: '2027-06-12',
  accessLevel: 'trial',
  accessSources: [],
  createdAt: '2026-10-01T10:00:00.000Z',
  lastActiveAt: null,
  progress: { weeksCompleted: 3, currentWeek: 4, ratingsCount: 2 },
  orders: [
    {
      id: 'pi_x1',
      amount: 4900,
      currency: 'usd',
      status: 'refunded',
      email: 'mira@example.com',
      createdAt: '2026-10-02T10:00:00.000Z',
      paymentFailed: false,
      gift: false,
    },
  ],
  signIns: [
    {
      accountId: 9,
      email: 'mira@example.com',
      username: null,
      hasPassword: false,
      hasAccessCode: true,
      createdAt: '2026-10-01T10:00:00.000Z',
      activeSessions: 2,
      lastSignInAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

describe('CouplesPage', { timeout: 20_000 }, () => {
  it('says what to do when there are no couples yet', async () => {
    stubTrpcFetch({ 'adminCouples.list': () => ({ data: { items: [], total: 0, page: 1, pageSize: 25 } }) });
    renderRoute(CouplesPage);
    expect(await screen.findByTestId('couples-empty')).toHaveTextContent('No couples yet');
  });

  it('lists couples with a link to each one, and filters by access and activity on the server', async () => {
    const stub = stubTrpcFetch({
      'adminCouples.list': () => ({ data: { items: [row], total: 1, page: 1, pageSize: 25 } }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(CouplesPage);
    const table = await screen.findByRole('table', { name: 'Couples' });
    const cells = within(table).getAllByRole('row')[1]!;
    expect(cells).toHaveTextContent('mira@example.com');
    expect(cells).toHaveTextContent('Mira & Jon');
    expect(cells).toHaveTextContent('Trial');
    const link = within(cells).getByRole('link', { name: 'mira@example.com' });
    expect(link).toHaveAttribute('href', '/admin/couples/7');
    // The sign-in name is the couple's data, not the app's text (the word check of e2e/every-page.spec.ts).
    expect(within(link).getByText('mira@example.com')).toHaveAttribute('data-user-content');
    await user.click(screen.getAllByLabelText('Activity')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Active in the last 7 days' }));
    await waitFor(() => expect(stub.calls.at(-1)?.input).toMatchObject({ activity: 'active7', page: 1 }));
  });
});

describe('CouplePage', { timeout: 20_000 }, () => {
  it('shows facts, progress numbers, orders and sign-ins', async () => {
    stubTrpcFetch({ 'adminCouples.get': () => ({ data: detail }) });
    renderRoute(() => <CouplePage coupleId={7} />);
    expect(await screen.findByRole('heading', { name: 'Mira & Jon', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('3 of 52')).toBeInTheDocument();
    expect(screen.getByText('12 June 2027')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Their orders' })).toHaveTextContent('pi_x1');
    expect(screen.getByText(/2 active sessions/)).toBeInTheDocument();
    expect(screen.getByText(/answers, notes and summaries are private/)).toBeInTheDocument();
  });

  it('deletes only once the email is typed', async () => {
    const stub = stubTrpcFetch({
      'adminCouples.get': () => ({ data: detail }),
      'adminCouples.delete': () => ({
        data: {
          workbookResponses: 0,
          weekSummaries: 0,
          progress: 3,
          sessions: 2,
          accounts: 1,
          couples: 1,
          ordersUnlinked: 1,
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(() => <CouplePage coupleId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    // The warning explains the dialog: a note, not an alert read out over the dialog's own name
    // (Mantine's Alert is role=alert unless told).
    expect(within(dialog).getByRole('note', { name: 'This cannot be undone' })).toBeInTheDocument();
    expect(within(dialog).queryAllByRole('alert')).toEqual([]);
    await user.click(within(dialog).getByRole('textbox', { name: 'Type mira@example.com to confirm' }));
    await user.paste('mira@example.co');
    expect(confirm).toBeDisabled();
    await user.paste('m');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() =>
      expect(stub.calls.find((call) => call.path === 'adminCouples.delete')?.input).toEqual({
        coupleId: 7,
        confirmation: 'mira@example.com',
      }),
    );
  });

  // QA walk: a couple whose full access came from a facilitator's seat showed only "Full", beside a
  // greyed "Grant full access" that said nothing of why.
  it('says where a full access comes from, and why there is nothing to grant', async () => {
    const seat = {
      kind: 'seat',
      facilitator: 'Pastor Ana',
      organisation: 'St. Mary Parish',
      packRefunded: false,
      at: '2026-11-20T10:00:00.000Z',
    };
    stubTrpcFetch({ 'adminCouples.get': () => ({ data: { ...detail, accessLevel: 'full', accessSources: [seat] } }) });
    renderRoute(() => <CouplePage coupleId={7} />);
    const sources = await screen.findByRole('list', { name: 'Where their full access comes from' });
    expect(within(sources).getByRole('listitem')).toHaveTextContent(
      'A seat of Pastor Ana’s pack (St. Mary Parish): redeemed 20 November 2026',
    );
    expect(screen.queryByRole('button', { name: 'Grant full access' })).not.toBeInTheDocument();
    expect(screen.getByTestId('grant-not-needed')).toHaveTextContent(
      'They have full access already, so there is nothing to grant. It rests on a facilitator’s seat alone',
    );
  });

  it('names each source of a full access, and offers the grant only to a couple on trial', async () => {
    const sources = [
      { kind: 'bought', orderId: 'pi_x2', at: '2026-10-05T10:00:00.000Z' },
      { kind: 'gift', orderId: 'pi_g1', at: '2026-10-06T10:00:00.000Z' },
      { kind: 'granted', by: 'owner', at: '2026-10-07T10:00:00.000Z' },
      {
        kind: 'seat',
        facilitator: 'Pastor Ana',
        organisation: null,
        packRefunded: true,
        at: '2026-10-08T10:00:00.000Z',
      },
    ];
    stubTrpcFetch({ 'adminCouples.get': () => ({ data: { ...detail, accessLevel: 'full', accessSources: sources } }) });
    const { unmount } = renderRoute(() => <CouplePage coupleId={7} />);
    const list = await screen.findByRole('list', { name: 'Where their full access comes from' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Bought: order pi_x2, 5 October 2026',
      'A gift they opened: order pi_g1, 6 October 2026',
      'Granted by the seller (owner), 7 October 2026',
      'A seat of Pastor Ana’s pack, refunded without ending their access: redeemed 8 October 2026',
    ]);
    // Not seats alone: no word of a pack refund.
    expect(screen.getByTestId('grant-not-needed')).not.toHaveTextContent('seat');
    unmount();

    stubTrpcFetch({ 'adminCouples.get': () => ({ data: detail }) });
    renderRoute(() => <CouplePage coupleId={7} />);
    expect(await screen.findByRole('button', { name: 'Grant full access' })).toBeEnabled();
    expect(screen.queryByTestId('access-sources')).not.toBeInTheDocument();
    expect(screen.queryByTestId('grant-not-needed')).not.toBeInTheDocument();
  });

  it('after granting full access, says where it now comes from and keeps the focus there', async () => {
    let granted = false;
    const grantedSource = { kind: 'granted', by: 'owner', at: '2026-11-27T10:00:00.000Z' };
    stubTrpcFetch({
      'adminCouples.get': () => ({
        data: granted ? { ...detail, accessLevel: 'full', accessSources: [grantedSource] } : detail,
      }),
      'adminCouples.grantFullAccess': () => {
        granted = true;
        return { data: { coupleId: 7, accessLevel: 'full', changed: true } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(() => <CouplePage coupleId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Grant full access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant full access?' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant full access' }));
    const sources = await screen.findByTestId('access-sources');
    expect(sources).toHaveTextContent('Granted by the seller (owner), 27 November 2026');
    await waitFor(() => expect(sources).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Grant full access' })).not.toBeInTheDocument();
  });

  // Decision 0368: the new code was shown to the seller, who could then sign in as the couple.
  it('issues a new code by email: says where it went, and shows no code', async () => {
    const stub = stubTrpcFetch({
      'adminCouples.get': () => ({ data: detail }),
      'adminCouples.issueCode': () => ({ data: { coupleId: 7, sentTo: 'mira@example.com' } }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(() => <CouplePage coupleId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Issue a new code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue a new access code?' });
    expect(dialog).toHaveTextContent('A new personal code is emailed to the couple, never shown to you');
    await user.click(within(dialog).getByRole('button', { name: 'Issue new code' }));
    expect(
      await screen.findByText(
        'A new code was sent to mira@example.com. Their old code no longer works, and they were signed out.',
      ),
    ).toBeInTheDocument();
    expect(stub.calls.find((call) => call.path === 'adminCouples.issueCode')?.input).toEqual({ coupleId: 7 });
    expect(screen.queryByRole('dialog', { name: /code/i })).not.toBeInTheDocument();
  });

  it('says the code could not be sent when mail is not set up, in Spanish too', async () => {
    const message =
      'Email is not set up on this server (SMTP_URL), so a new code cannot be sent to the couple. Nothing was changed.';
    stubTrpcFetch({
      'adminCouples.get': () => ({ data: detail }),
      'adminCouples.issueCode': () => ({ error: { message, httpStatus: 409 } }),
    });
    i18n.activate('es');
    try {
      const user = userEvent.setup({ delay: null });
      renderRoute(() => <CouplePage coupleId={7} />);
      await user.click(await screen.findByRole('button', { name: 'Generar un código nuevo' }));
      const dialog = await screen.findByRole('dialog', { name: '¿Generar un nuevo código de acceso?' });
      expect(dialog).toHaveTextContent(
        'Enviamos a la pareja por correo un nuevo código personal, que nunca se te muestra',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Generar código nuevo' }));
      expect(
        await screen.findByText(
          'El correo no está configurado en este servidor (SMTP_URL), así que no se puede enviar un código nuevo a la pareja. No se cambió nada.',
        ),
      ).toBeInTheDocument();
    } finally {
      i18n.activate('en');
    }
  });

  it('says so when a full access has no source on record', async () => {
    stubTrpcFetch({ 'adminCouples.get': () => ({ data: { ...detail, accessLevel: 'full', accessSources: [] } }) });
    renderRoute(() => <CouplePage coupleId={7} />);
    expect(await screen.findByTestId('access-sources')).toHaveTextContent(
      'Nothing on record: no order, gift, seat or grant.',
    );
  });

  it("shows the server's message for an unknown couple", async () => {
    stubTrpcFetch({ 'adminCouples.get': () => ({ error: { message: 'Couple not found', httpStatus: 404 } }) });
    renderRoute(() => <CouplePage coupleId={99} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Couple not found');
  });
});

describe('CouplePage in Spanish', { timeout: 20_000 }, () => {
  afterEach(() => i18n.activate('en'));

  // QA walk: two columns of the couples table were both headed "Acceso" in Spanish.
  it('heads each column of the couples table with its own name', async () => {
    i18n.activate('es');
    stubTrpcFetch({ 'adminCouples.list': () => ({ data: { items: [row], total: 1, page: 1, pageSize: 25 } }) });
    renderRoute(CouplesPage);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Inicio de sesión', 'Nombres', 'Acceso', 'Semanas hechas', 'Última actividad', 'Creada']);
  });

  it('says everything in Spanish, dates included', async () => {
    i18n.activate('es');
    stubTrpcFetch({ 'adminCouples.get': () => ({ data: detail }) });
    renderRoute(() => <CouplePage coupleId={7} />);
    expect(await screen.findByRole('heading', { name: 'Mira & Jon', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('3 de 52')).toBeInTheDocument();
    expect(screen.getByText('12 de junio de 2027')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Sus pedidos' })).toHaveTextContent('Reembolsado');
    expect(screen.getByRole('button', { name: 'Dar acceso completo' })).toBeEnabled();
    const text = visibleText();
    for (const english of [
      'Profile',
      'Progress',
      'Orders',
      'Sign-ins',
      'Grant full access',
      'Delete account',
      'session',
      'Refunded',
      'June',
    ]) {
      expect(text).not.toContain(english);
    }
  });
});

describe('CouplePage in Spanish: where a full access comes from', { timeout: 20_000 }, () => {
  afterEach(() => i18n.activate('en'));

  it('names a facilitator’s seat and says why there is nothing to grant, in Spanish', async () => {
    i18n.activate('es');
    const seat = {
      kind: 'seat',
      facilitator: 'Pastora Ana',
      organisation: 'Parroquia San José',
      packRefunded: false,
      at: '2026-11-20T10:00:00.000Z',
    };
    stubTrpcFetch({ 'adminCouples.get': () => ({ data: { ...detail, accessLevel: 'full', accessSources: [seat] } }) });
    renderRoute(() => <CouplePage coupleId={7} />);
    const sources = await screen.findByRole('list', { name: 'De dónde viene su acceso completo' });
    expect(within(sources).getByRole('listitem')).toHaveTextContent(
      'Una plaza del paquete de Pastora Ana (Parroquia San José): usada el 20 de noviembre de 2026',
    );
    expect(screen.getByTestId('grant-not-needed')).toHaveTextContent(
      'Ya tienen acceso completo, así que no hay nada que dar. Depende solo de una plaza',
    );
    const text = visibleText();
    for (const english of ['seat', 'pack', 'Grant', 'full access', 'November']) expect(text).not.toContain(english);
  });
});

/** The page's text without Mantine's style tags. */
function visibleText(): string {
  const clone = document.body.cloneNode(true) as HTMLElement;
  for (const element of clone.querySelectorAll('style, script')) element.remove();
  return clone.textContent ?? '';
}
