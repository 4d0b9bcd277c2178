import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PartnerSettings } from '../../../shared/partner-schemas';
import { i18n } from '../../i18n/i18n';
import { dropFocusFromDisabledControls } from '../../test/focus-fixup';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { PartnerSignIns } from './partner-sign-ins';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

function settings(overrides: Partial<PartnerSettings> = {}): PartnerSettings {
  return {
    privateAnswers: false,
    you: null,
    names: { partner1: 'Robin', partner2: 'Casey' },
    signIns: [
      { accountId: 1, partner: null, email: 'robin@example.com', username: null, isYou: true, removable: false },
      { accountId: 2, partner: 'partner2', email: 'casey@example.com', username: null, isYou: false, removable: true },
    ],
    invites: [
      {
        id: 7,
        partner: 'partner2',
        email: null,
        createdAt: '2026-11-23T10:00:00.000Z',
        expiresAt: '2026-11-30T10:00:00.000Z',
        status: 'pending',
      },
    ],
    ...overrides,
  };
}

describe('PartnerSignIns', () => {
  it('lists the sign-ins and pending invites, and removes, revokes and switches private answers', async () => {
    const server = stubTrpcFetch({
      'partners.settings': () => ({ data: settings() }),
      'partners.removeSignIn': () => ({ data: { success: true } }),
      'partners.revokeInvite': () => ({ data: { success: true } }),
      'partners.setPrivateAnswers': (input) => ({ data: { privateAnswers: (input as { on: boolean }).on } }),
    });
    const user = userEvent.setup();
    renderRoute(PartnerSignIns);

    expect(await screen.findByText('Shared sign-in (you)')).toBeInTheDocument();
    expect(screen.getByText('casey@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Remove Casey's sign-in" }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Casey’s sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove sign-in' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.path === 'partners.removeSignIn')?.input).toEqual({ accountId: 2 }),
    );
    await user.click(screen.getByRole('button', { name: 'Revoke the invite for Casey' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.path === 'partners.revokeInvite')?.input).toEqual({ inviteId: 7 }),
    );
    const privacy = screen.getByRole('switch', { name: 'Private answers' });
    expect(privacy).not.toBeChecked();
    await user.click(privacy);
    await waitFor(() =>
      expect(server.calls.find((call) => call.path === 'partners.setPrivateAnswers')?.input).toEqual({ on: true }),
    );
  });

  it('makes an invite link and shows it once with its code', async () => {
    const server = stubTrpcFetch({
      'partners.settings': () => ({ data: settings({ signIns: settings().signIns.slice(0, 1), invites: [] }) }),
      'partners.createInvite': () => ({
        data: {
          invite: settings().invites[0],
          code: 'ABCD-EFGH-JKLM',
          link: 'http://localhost:3000/invite#code=ABCD-EFGH-JKLM',
          emailedTo: null,
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute(PartnerSignIns);
    expect(await screen.findByText(/No pending invites/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make an invite link' }));
    expect(await screen.findByLabelText('Invite link')).toHaveTextContent(
      'http://localhost:3000/invite#code=ABCD-EFGH-JKLM',
    );
    expect(screen.getByTestId('invite-code')).toHaveTextContent('ABCD-EFGH-JKLM');
    expect(server.calls.find((call) => call.path === 'partners.createInvite')?.input).toEqual({ email: '' });
  });

  // QA walk (issue 35): the button is disabled while its request runs, and the browser dropped the
  // keyboard focus to the top of the page.
  it('moves the focus to the new invite link, and keeps it on the button when refused', async () => {
    const server = stubTrpcFetch({
      'partners.settings': () => ({ data: settings({ signIns: settings().signIns.slice(0, 1), invites: [] }) }),
      'partners.createInvite': () => ({ error: { message: 'Something went wrong.', httpStatus: 500 } }),
    });
    dropFocusFromDisabledControls();
    const user = userEvent.setup({ delay: null });
    renderRoute(PartnerSignIns);
    const make = await screen.findByRole('button', { name: 'Make an invite link' });
    make.focus();
    await user.keyboard('{Enter}');
    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await notifications.findByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(make));

    server.on('partners.createInvite', () => ({
      data: {
        invite: settings().invites[0],
        code: 'ABCD-EFGH-JKLM',
        link: 'http://localhost:3000/invite#code=ABCD-EFGH-JKLM',
        emailedTo: null,
      },
    }));
    await user.keyboard('{Enter}');
    const link = await screen.findByLabelText('Invite link');
    await waitFor(() => expect(document.activeElement).toContainElement(link));
  });

  // QA walk (issue 35): Revoke and the private-answers switch are disabled while their request runs,
  // and Revoke and Remove go once it has worked; the browser dropped the keyboard focus to the top
  // of the page.
  it('keeps the focus through Revoke, Remove and the private-answers switch', async () => {
    let current = settings();
    const refused = { error: { message: 'Internal error', httpStatus: 500 } } as const;
    const server = stubTrpcFetch({
      'partners.settings': () => ({ data: current }),
      'partners.revokeInvite': () => refused,
      'partners.setPrivateAnswers': () => refused,
    });
    dropFocusFromDisabledControls();
    const user = userEvent.setup({ delay: null });
    renderRoute(PartnerSignIns);
    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));

    const revoke = await screen.findByRole('button', { name: 'Revoke the invite for Casey' });
    revoke.focus();
    await user.keyboard('{Enter}');
    expect(await notifications.findByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(revoke));
    server.on('partners.revokeInvite', () => {
      current = { ...current, invites: [] };
      return { data: { success: true } };
    });
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/No pending invites/)).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Invites')));

    const privacy = screen.getByRole('switch', { name: 'Private answers' });
    privacy.focus();
    await user.keyboard(' ');
    expect(await notifications.findByText('Could not change private answers')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(privacy));
    server.on('partners.setPrivateAnswers', () => {
      current = { ...current, privateAnswers: true };
      return { data: { privateAnswers: true } };
    });
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Private answers' })).toBeChecked());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('switch', { name: 'Private answers' })));

    server.on('partners.removeSignIn', () => {
      current = { ...current, signIns: current.signIns.slice(0, 1) };
      return { data: { success: true } };
    });
    await user.click(screen.getByRole('button', { name: "Remove Casey's sign-in" }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Casey’s sign-in?' });
    within(dialog).getByRole('button', { name: 'Remove sign-in' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('casey@example.com')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Sign-ins')));
  });

  // QA walk: "john@" gave a toast "Something went wrong" and nothing at the field.
  it('says under the field that a typed email is not one, in both languages, and sends nothing', async () => {
    const server = stubTrpcFetch({
      'partners.settings': () => ({ data: settings({ signIns: settings().signIns.slice(0, 1), invites: [] }) }),
    });
    const user = userEvent.setup();
    renderRoute(PartnerSignIns);
    const field = await screen.findByRole('textbox', { name: /Invite your partner/ });
    await user.type(field, 'john@');
    await user.click(screen.getByRole('button', { name: 'Email the invite' }));
    expect(field).toHaveAccessibleDescription(/Enter a valid email address/);
    await user.type(field, 'example.com');
    expect(field).not.toHaveAccessibleDescription(/Enter a valid email address/);
    expect(server.calls.some((call) => call.path === 'partners.createInvite')).toBe(false);
    i18n.activate('es');
    await user.clear(field);
    await user.type(field, 'john@');
    await user.click(screen.getByRole('button', { name: 'Enviar la invitación por correo' }));
    expect(field).toHaveAccessibleDescription(/Escribe un correo electrónico válido/);
    expect(screen.queryByText('Algo salió mal')).toBeNull();
    expect(server.calls.some((call) => call.path === 'partners.createInvite')).toBe(false);
  });

  // QA: Remove took a partner's sign-in away at once, signed out on every device, with no question.
  it('asks before removing a sign-in; Cancel keeps it', async () => {
    const server = stubTrpcFetch({
      'partners.settings': () => ({ data: settings() }),
      'partners.removeSignIn': () => ({ data: { success: true } }),
    });
    const user = userEvent.setup();
    renderRoute(PartnerSignIns);
    await user.click(await screen.findByRole('button', { name: "Remove Casey's sign-in" }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Casey’s sign-in?' });
    expect(dialog).toHaveTextContent('Casey is signed out on every device and can no longer sign in with it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.some((call) => call.path === 'partners.removeSignIn')).toBe(false);
    expect(screen.getByText('casey@example.com')).toBeInTheDocument();
  });

  // A session's notes (issue 35): an invite for a partner who has a sign-in already (accepted
  // meanwhile) said only "No pudimos crear la invitación." on a Spanish page, not what to do.
  it('says in Spanish why an invite was refused for a partner who has a sign-in', async () => {
    i18n.activate('es');
    stubTrpcFetch({
      'partners.settings': () => ({ data: settings({ signIns: settings().signIns.slice(0, 1), invites: [] }) }),
      'partners.createInvite': () => ({
        error: { message: 'Casey already has a sign-in. Remove it first to invite again.', httpStatus: 409 },
      }),
    });
    const user = userEvent.setup();
    renderRoute(PartnerSignIns);
    await user.click(await screen.findByRole('button', { name: 'Crear un enlace de invitación' }));
    const notifications = within(screen.getByRole('region', { name: /Notificaciones/ }));
    expect(
      await notifications.findByText('Casey ya tiene un acceso. Elimínenlo primero para volver a invitar.'),
    ).toBeInTheDocument();
  });

  it('asks in Spanish on a Spanish page', async () => {
    i18n.activate('es');
    const server = stubTrpcFetch({
      'partners.settings': () => ({ data: settings() }),
      'partners.removeSignIn': () => ({ data: { success: true } }),
    });
    const user = userEvent.setup();
    renderRoute(PartnerSignIns);
    await user.click(await screen.findByRole('button', { name: 'Eliminar el acceso de Casey' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar el acceso de Casey?' });
    expect(dialog).toHaveTextContent('Se cerrará la sesión de Casey en todos sus dispositivos');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar acceso' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.path === 'partners.removeSignIn')?.input).toEqual({ accountId: 2 }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
