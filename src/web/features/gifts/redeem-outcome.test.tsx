import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderApp } from '../../test/render';
import { ANONYMOUS, stubTrpcFetch } from '../../test/trpc-fetch-stub';

const CODE = 'GIFT-ABCD-EFGH-JKLM';
const PREVIEW = { fromName: 'Aunt Marisol', coupleNames: 'Ana & Luis', message: '', redeemed: false };

/*
 * QA walk: a gift bought with a 100 % coupon, opened while signed out for an email that already has
 * an account, upgrades that account and keeps its code (decision 0316); the page said "Your account
 * now has the full course" with a Dashboard button the signed-out visitor could not use.
 */
describe('/redeem for an account that keeps its code', { timeout: 20_000 }, () => {
  async function openGift() {
    stubTrpcFetch({
      'auth.check': () => ANONYMOUS,
      'gifts.preview': () => ({ data: PREVIEW }),
      'gifts.redeem': () => ({ data: { outcome: 'existing', email: 'ana.luis@example.com' } }),
    });
    renderApp(`/redeem?code=${CODE}`);
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: /Open your gift|Abrir su regalo/ }));
    const heading = await screen.findByRole('heading', { level: 1, name: /Your course is open|Su curso está abierto/ });
    return heading.closest('[role="status"]')!;
  }

  it('says to sign in with the code the account already has, or to ask for it by email', async () => {
    const status = await openGift();
    expect(status).toHaveTextContent(
      'The account for ana.luis@example.com now has the full course: all 52 weeks. Its personal access code has not changed',
    );
    expect(status).toHaveTextContent('Lost it? Choose “Email me my code” on the sign-in page.');
    expect(screen.queryByRole('link', { name: /dashboard/i })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/customer-login');
  });

  it('says it in Spanish too', async () => {
    i18n.activate('es');
    expect(await openGift()).toHaveTextContent(
      'La cuenta de ana.luis@example.com ya tiene el curso completo: las 52 semanas. Su código de acceso personal no cambió',
    );
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});
