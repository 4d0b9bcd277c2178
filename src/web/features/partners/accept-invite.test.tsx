import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderApp, renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { DATA_CACHE } from '../../sw/offline-data';
import { AcceptInvite } from './accept-invite';

/** An invite from Mia to Sam, accepted: Sam's own sign-in and access code. */
const INVITE = {
  'partners.invite': () => ({
    data: {
      partner: 'partner2',
      partnerName: 'Sam',
      otherName: 'Mia',
      expiresAt: '2026-12-01T00:00:00.000Z',
      privateAnswers: false,
    },
  }),
  'partners.acceptInvite': () => ({
    data: {
      success: true,
      message: 'Welcome! Your own sign-in is ready.',
      accessCode: 'MRP3-TFF9-ZW8Q',
      email: 'sam@example.com',
      partner: 'partner2',
    },
  }),
};

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

describe('AcceptInvite', { timeout: 20_000 }, () => {
  it("shows the partner's new code once, with a button that copies it", async () => {
    stubTrpcFetch(INVITE);
    const user = userEvent.setup({ delay: null });
    renderRoute(() => <AcceptInvite code="ABCD-EFGH-JKMN" />);
    await user.type(await screen.findByRole('textbox', { name: /Your email/ }), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Accept the invite' }));
    expect(await screen.findByLabelText('Your personal access code')).toHaveTextContent('MRP3-TFF9-ZW8Q');

    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('MRP3-TFF9-ZW8Q');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  // Review: the inviting partner's kept offline data (their own, sealed answers) stayed in this
  // browser under the new sign-in's cookie until "Open" was pressed.
  it('forgets what this browser kept offline of the previous sign-in as soon as the invite is accepted', async () => {
    stubTrpcFetch(INVITE);
    const deleted = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: deleted });
    const user = userEvent.setup({ delay: null });
    renderRoute(() => <AcceptInvite code="ABCD-EFGH-JKMN" />);
    await user.type(await screen.findByRole('textbox', { name: /Your email/ }), 'sam@example.com');
    expect(deleted).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Accept the invite' }));
    expect(await screen.findByLabelText('Your personal access code')).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledWith(DATA_CACHE);
  });

  // QA walk: an empty email read "email: Enter your email", the schema's path before the rule.
  it('says under the field what the email needs, without a field path, in both languages', async () => {
    const stub = stubTrpcFetch(INVITE);
    const user = userEvent.setup({ delay: null });
    renderRoute(() => <AcceptInvite code="ABCD-EFGH-JKMN" />);
    const field = await screen.findByRole('textbox', { name: /Your email/ });
    await user.click(screen.getByRole('button', { name: 'Accept the invite' }));
    expect(field).toHaveAccessibleDescription(/Enter your email/);
    expect(screen.queryByText(/email: /)).toBeNull();
    await user.type(field, 'sam@');
    await user.click(screen.getByRole('button', { name: 'Accept the invite' }));
    expect(field).toHaveAccessibleDescription(/Enter a valid email address/);
    expect(stub.calls.some((call) => call.path === 'partners.acceptInvite')).toBe(false);
    i18n.activate('es');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Aceptar la invitación' }));
    expect(field).toHaveAccessibleDescription(/Escribe tu correo electrónico/);
  });

  it('says the server’s refusal of the email without its path', async () => {
    stubTrpcFetch({
      ...INVITE,
      'partners.acceptInvite': () => ({ error: { message: 'email: Enter a valid email address', httpStatus: 400 } }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(() => <AcceptInvite code="ABCD-EFGH-JKMN" />);
    await user.type(await screen.findByRole('textbox', { name: /Your email/ }), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Accept the invite' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText(/^email: /)).toBeNull();
  });

  // QA walk: the inviting partner's own email was refused with a generic message on a Spanish page.
  it('says under the field that the email already has a sign-in, in both languages', async () => {
    stubTrpcFetch({
      ...INVITE,
      'partners.acceptInvite': () => ({
        error: {
          message: 'email: this email already has a sign-in. Use another email, or sign in with it.',
          httpStatus: 409,
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(() => <AcceptInvite code="ABCD-EFGH-JKMN" />);
    const field = await screen.findByRole('textbox', { name: /Your email/ });
    await user.type(field, 'mia@example.com');
    await user.click(screen.getByRole('button', { name: 'Accept the invite' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        /This email already has a sign-in\. Use another email, or sign in with it\./,
      ),
    );
    expect(screen.queryByText(/email: /)).toBeNull();
    i18n.activate('es');
    await user.click(await screen.findByRole('button', { name: 'Aceptar la invitación' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/Este correo electrónico ya tiene un acceso\. Usa otro correo/),
    );
  });

  it('offers to sign in when the invite cannot be used (it was used already)', async () => {
    stubTrpcFetch({
      'partners.invite': () => ({
        error: { message: 'This invite has already been used. Sign in instead.', httpStatus: 409 },
      }),
    });
    renderRoute(() => <AcceptInvite code="ABCD-EFGH-JKMN" />);
    expect(await screen.findByText('This invite has already been used. Sign in instead.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/customer-login');
  });

  // QA walk: "unless you turn on “Private answers”" when the couple had them on already.
  it.each([
    ['en', false, /Your partner can read them unless you turn on “Private answers”/, /is on/],
    ['en', true, /“Private answers” is on: each week’s answers stay sealed/, /unless you turn on/],
    ['es', false, /Tu pareja puede leerlas, salvo que activen “Respuestas privadas”/, /está activada/],
    ['es', true, /La opción “Respuestas privadas” está activada: las respuestas/, /salvo que activen/],
  ] as const)(
    'says what the answers are open to as the couple has it (%s, private answers %s)',
    async (locale, on, says, never) => {
      i18n.activate(locale);
      stubTrpcFetch({
        ...INVITE,
        'partners.invite': () => ({
          data: {
            partner: 'partner2',
            partnerName: 'Sam',
            otherName: 'Mia',
            expiresAt: '2026-12-01T00:00:00.000Z',
            privateAnswers: on,
          },
        }),
      });
      renderRoute(() => <AcceptInvite code="ABCD-EFGH-JKMN" />);
      const intro = await screen.findByText(says);
      expect(intro.textContent).not.toMatch(never);
    },
  );

  it('in Spanish: invites, accepts and welcomes with no English left', async () => {
    stubTrpcFetch(INVITE);
    i18n.activate('es');
    const user = userEvent.setup({ delay: null });
    renderRoute(() => <AcceptInvite code="ABCD-EFGH-JKMN" />);
    expect(await screen.findByText(/^Mia te invita, Sam, a iniciar sesión/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\b(invites|Your|email|Accept)\b/);
    await user.type(screen.getByRole('textbox', { name: /Tu correo electrónico/ }), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Aceptar la invitación' }));
    expect(await screen.findByLabelText('Tu código de acceso personal')).toHaveTextContent('MRP3-TFF9-ZW8Q');
    // The API's English welcome is shown in Spanish.
    expect(screen.getByText('¡Te damos la bienvenida! Tu propio acceso ya está listo.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\b(Welcome|Sign in|emailed|Open our course)\b/);
  });

  // Decision 0370: the code rides in the link's fragment (the server sends a link made before, with
  // the code in its path, there); the page takes it out of the address at once and asks in a body.
  it('reads the invite from the fragment, takes it out of the address, and asks with a POST', async () => {
    const stub = stubTrpcFetch({
      ...INVITE,
      'auth.check': () => ({ data: { authenticated: false, isAdmin: false, role: null, userId: null } }),
    });
    const { router } = renderApp('/invite#code=ABCD-EFGH-JKMN');
    expect(await screen.findByText(/^Mia invites you, Sam, to sign in/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.publicHref).toBe('/invite'));
    expect(stub.calls.find((call) => call.path === 'partners.invite')?.input).toEqual({ code: 'ABCD-EFGH-JKMN' });
    const asked = stub.fetch.mock.calls.filter(([url]) => String(url).includes('partners.invite'));
    expect(asked.map(([url, init]) => [(init as RequestInit).method, String(url).includes('ABCD')])).toEqual([
      ['POST', false],
    ]);
  });

  it('without a code (the bare address in a new tab) says the link is not valid, in both languages, and asks nothing', async () => {
    const stub = stubTrpcFetch({
      ...INVITE,
      'auth.check': () => ({ data: { authenticated: false, isAdmin: false, role: null, userId: null } }),
    });
    renderApp('/invite');
    expect(
      await screen.findByText('This invite link is not valid. Ask your partner for a new one.'),
    ).toBeInTheDocument();
    i18n.activate('es');
    expect(
      await screen.findByText('Este enlace de invitación no es válido. Pídele uno nuevo a tu pareja.'),
    ).toBeInTheDocument();
    expect(stub.calls.some((call) => call.path === 'partners.invite')).toBe(false);
  });
});
