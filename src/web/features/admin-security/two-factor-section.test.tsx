import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { dropFocusFromDisabledControls } from '../../test/focus-fixup';
import { renderApp } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { ADMIN_CHECK } from '../auth/test-support';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

const CODES = Array.from({ length: 10 }, (_, index) => `ABCDE-FGH${String(index).padStart(2, '2')}`);
const WRONG =
  'That code is not right. Check that the time on your phone is set automatically, and enter the newest code.';

describe('Settings → Two-factor sign-in', () => {
  it('sets up: QR code and key, a wrong code under the field, then the recovery codes once', async () => {
    let enabled = false;
    const server = stubTrpcFetch({
      'auth.check': () => ({ data: ADMIN_CHECK }),
      'sitePages.listForEditing': () => ({ data: [] }),
      'adminSecurity.status': () => ({
        data: { enabled, enabledAt: enabled ? '2026-11-23T10:00:00.000Z' : null, recoveryCodesLeft: enabled ? 10 : 0 },
      }),
      'adminSecurity.startSetup': () => ({
        data: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Vows%20%26%20Weeks:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      }),
      'adminSecurity.confirmSetup': (input) => {
        if ((input as { code: string }).code !== '123456') return { error: { httpStatus: 400, message: WRONG } };
        enabled = true;
        return { data: { recoveryCodes: CODES } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/settings');
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await within(section).findByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(within(section).getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');

    const field = within(section).getByLabelText(/^6-digit code/);
    await user.type(field, '12');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(server.calls.map((call) => call.path)).not.toContain('adminSecurity.confirmSetup');

    await user.clear(field);
    await user.type(field, '654321');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText(WRONG)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(within(section).getByRole('button', { name: 'Download the codes' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'I have saved them' }));
    expect(await within(section).findByText(/10 of 10 recovery codes left/)).toBeInTheDocument();
    expect(within(section).queryByText(CODES[0]!)).not.toBeInTheDocument();
  });

  // Issue 35: on a Spanish page every refusal read "Código incorrecto" or "Algo salió mal".
  it('says the server’s reason in Spanish on a Spanish page', async () => {
    i18n.activate('es');
    stubTrpcFetch({
      'auth.check': () => ({ data: ADMIN_CHECK }),
      'sitePages.listForEditing': () => ({ data: [] }),
      'adminSecurity.status': () => ({ data: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } }),
      'adminSecurity.startSetup': () => ({
        data: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Vows%20%26%20Weeks:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      }),
      'adminSecurity.confirmSetup': () => ({ error: { httpStatus: 400, message: WRONG } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/settings');
    const section = await screen.findByRole('region', { name: 'Verificación en dos pasos' });
    await user.click(await within(section).findByRole('button', { name: 'Configurar la verificación en dos pasos' }));
    await user.type(await within(section).findByLabelText(/^Código de 6 dígitos/), '654321');
    await user.click(within(section).getByRole('button', { name: 'Activar' }));
    expect(
      await within(section).findByText(
        'Ese código no es correcto. Revisa que la hora de tu teléfono se ajuste automáticamente e ingresa el código más reciente.',
      ),
    ).toBeInTheDocument();
  });

  it('turns off with a current code', async () => {
    let enabled = true;
    const server = stubTrpcFetch({
      'auth.check': () => ({ data: ADMIN_CHECK }),
      'sitePages.listForEditing': () => ({ data: [] }),
      'adminSecurity.status': () => ({
        data: { enabled, enabledAt: enabled ? '2026-11-23T10:00:00.000Z' : null, recoveryCodesLeft: enabled ? 7 : 0 },
      }),
      'adminSecurity.disable': () => {
        enabled = false;
        return { data: { success: true } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/settings');
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(await within(section).findByText(/7 of 10 recovery codes left/)).toBeInTheDocument();
    await user.type(within(section).getByLabelText(/^Current 6-digit code/), '222333');
    await user.click(within(section).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await within(section).findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === 'adminSecurity.disable')?.input).toEqual({ code: '222333' });
  });

  // QA walk (issue 35): each button is disabled while its request runs, or goes with its step, and
  // the browser dropped the keyboard focus to the top of the page.
  it('keeps the keyboard focus through set-up and turning off: on the next step, the field or the button', async () => {
    let enabled = false;
    const server = stubTrpcFetch({
      'auth.check': () => ({ data: ADMIN_CHECK }),
      'sitePages.listForEditing': () => ({ data: [] }),
      'adminSecurity.status': () => ({
        data: { enabled, enabledAt: enabled ? '2026-11-23T10:00:00.000Z' : null, recoveryCodesLeft: enabled ? 10 : 0 },
      }),
      'adminSecurity.startSetup': () => ({ error: { httpStatus: 500, message: 'Internal error' } }),
      'adminSecurity.confirmSetup': (input) => {
        if ((input as { code: string }).code !== '123456') return { error: { httpStatus: 400, message: WRONG } };
        enabled = true;
        return { data: { recoveryCodes: CODES } };
      },
      'adminSecurity.disable': (input) => {
        if ((input as { code: string }).code !== '222333') return { error: { httpStatus: 400, message: WRONG } };
        enabled = false;
        return { data: { success: true } };
      },
    });
    dropFocusFromDisabledControls();
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/settings');
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    const setUp = await within(section).findByRole('button', { name: 'Set up two-factor sign-in' });
    setUp.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal error');
    await waitFor(() => expect(document.activeElement).toBe(setUp));

    server.on('adminSecurity.startSetup', () => ({
      data: {
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/Vows%20%26%20Weeks:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      },
    }));
    await user.keyboard('{Enter}');
    const stepOne = await within(section).findByText(/^1\. Scan this QR code/);
    await waitFor(() => expect(document.activeElement).toBe(stepOne));
    within(section).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Set up two-factor sign-in' })),
    );

    await user.keyboard('{Enter}');
    const field = await within(section).findByLabelText(/^6-digit code/);
    const turnOn = within(section).getByRole('button', { name: 'Turn on' });
    await user.type(field, '12');
    turnOn.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app');

    await user.clear(field);
    await user.type(field, '654321');
    turnOn.focus();
    await user.keyboard('{Enter}');
    expect(await within(section).findByText(WRONG)).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(field));

    await user.clear(field);
    await user.type(field, '123456');
    turnOn.focus();
    await user.keyboard('{Enter}');
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    await waitFor(() => expect(document.activeElement).toBe(list));
    within(section).getByRole('button', { name: 'I have saved them' }).focus();
    await user.keyboard('{Enter}');
    const heading = within(section).getByRole('heading', { name: 'Two-factor sign-in' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    const current = await within(section).findByLabelText(/^Current 6-digit code/);
    await user.type(current, '111111');
    const turnOff = within(section).getByRole('button', { name: 'Turn off two-factor sign-in' });
    turnOff.focus();
    await user.keyboard('{Enter}');
    expect(await within(section).findByText(WRONG)).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(current));
    await user.clear(current);
    await user.type(current, '222333');
    turnOff.focus();
    await user.keyboard('{Enter}');
    expect(await within(section).findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
