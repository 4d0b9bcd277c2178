import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderApp } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { ADMIN_CHECK } from '../auth/test-support';
import { AUDIT_ACTIONS } from '../../../shared/audit-actions';
import { actionLabel, hasActionLabel } from './format';

afterEach(() => {
  vi.unstubAllGlobals();
});

const emptyWeeks = Array.from({ length: 52 }, (_, index) => ({
  weekNumber: index + 1,
  completed: 0,
  ratings: 0,
  averageRating: null,
}));

const OVERVIEW = {
  hasCouples: true,
  currency: 'usd',
  recentDays: 30,
  trialsStarted: 12,
  orders: { completed: 3, refunded: 1 },
  revenue: { grossCents: 19_600, refundedCents: 4900, netCents: 14_700 },
  conversion: { days: 90, trials: 8, paid: 2, rate: 0.25 },
  activeCouples: { days: 7, count: 5 },
  weeks: emptyWeeks.map((week) =>
    week.weekNumber === 1
      ? { ...week, completed: 10, ratings: 4, averageRating: 4.5 }
      : week.weekNumber === 2
        ? { ...week, completed: 4, ratings: 1, averageRating: 3 }
        : week,
  ),
  signInPauses: [] as unknown[],
};

const LOG_LINE = {
  id: 1,
  actorUsername: 'admin',
  action: 'admin.second-factor.enable',
  target: 'admin 1',
  address: '203.0.113.7',
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('/admin/overview', () => {
  it('shows the numbers, the drop-off curve with a table of its numbers, and the audit log', async () => {
    const server = stubTrpcFetch({
      'auth.check': () => ({ data: ADMIN_CHECK }),
      'insights.overview': () => ({ data: OVERVIEW }),
      'insights.auditLog': (input) => ({
        data: {
          page: (input as { page: number }).page,
          pageSize: 20,
          items: [{ ...LOG_LINE, id: (input as { page: number }).page }],
          hasMore: (input as { page: number }).page === 1,
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Key numbers' });
    expect(within(cards).getByText('12')).toBeInTheDocument();
    expect(within(cards).getByText('$147.00')).toBeInTheDocument();
    expect(within(cards).getByText('25%')).toBeInTheDocument();
    expect(within(cards).getByText(/2 of 8 trials/)).toBeInTheDocument();
    expect(screen.queryByText('No couples yet')).not.toBeInTheDocument();

    const chart = screen.getByRole('img', { name: /Couples who completed each week/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('10 couples completed week 1'));
    expect(chart).toHaveAccessibleName(expect.stringContaining('biggest drop is before week 2 (6 fewer couples)'));
    expect(screen.queryByRole('table', { name: /completed each week/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = screen.getByRole('table', { name: /completed each week/ });
    const weekTwo = within(table).getByRole('row', { name: /Week 2\b/ });
    expect(
      within(weekTwo)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '40%', '3.0', '1']);
    expect(screen.getByRole('button', { name: 'Hide the numbers' })).toHaveAttribute('aria-expanded', 'true');

    const log = await screen.findByRole('table', { name: /Admin actions/ });
    expect(within(log).getByText('Two-factor sign-in set up')).toBeInTheDocument();
    expect(within(log).getByText('203.0.113.7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === 'insights.auditLog').map((call) => call.input)).toEqual([
      { page: 1 },
      { page: 2 },
    ]);
    expect(await screen.findByRole('button', { name: 'Older' })).toBeDisabled();
    const sections = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(sections).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // Only the current section: the frameworks page's link (/admin, the parent path) is not current too.
    expect(
      within(sections)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('shows the accounts whose sign-ins from new devices were paused, with counts only', async () => {
    stubTrpcFetch({
      'auth.check': () => ({ data: ADMIN_CHECK }),
      'insights.overview': () => ({
        data: {
          ...OVERVIEW,
          signInPauses: [
            {
              account: 'the administrator (admin)',
              isAdmin: true,
              failures: 10,
              addresses: 9,
              pausedAt: '2026-11-20T10:00:00.000Z',
              endsAt: '2026-11-20T10:15:00.000Z',
            },
            {
              account: 'robin@example.com',
              isAdmin: false,
              failures: 10,
              addresses: 1,
              pausedAt: '2026-11-19T10:00:00.000Z',
              endsAt: '2026-11-19T10:15:00.000Z',
            },
          ],
        },
      }),
      'insights.auditLog': () => ({ data: { page: 1, pageSize: 20, items: [], hasMore: false } }),
    });
    renderApp('/admin/overview');
    const notice = await screen.findByRole('status', { name: 'Failed sign-ins paused new devices' });
    expect(notice).toHaveTextContent('the administrator (admin), 10 failed sign-ins from 9 addresses');
    expect(notice).toHaveTextContent('robin@example.com, 10 failed sign-ins from 1 address');
    expect(notice).toHaveTextContent(/turn on two-factor sign-in/);
  });

  it('tells a new installation what to do, and says nothing happened yet', async () => {
    stubTrpcFetch({
      'auth.check': () => ({ data: ADMIN_CHECK }),
      'insights.overview': () => ({
        data: {
          ...OVERVIEW,
          hasCouples: false,
          trialsStarted: 0,
          orders: { completed: 0, refunded: 0 },
          revenue: { grossCents: 0, refundedCents: 0, netCents: 0 },
          conversion: { days: 90, trials: 0, paid: 0, rate: null },
          activeCouples: { days: 7, count: 0 },
          weeks: emptyWeeks,
        },
      }),
      'insights.auditLog': () => ({ data: { page: 1, pageSize: 20, items: [], hasMore: false } }),
    });
    renderApp('/admin/overview');
    expect(await screen.findByText('No couples yet')).toBeInTheDocument();
    expect(screen.getByText(/Share your site's address/)).toBeInTheDocument();
    // A note, not an alert: it is there as the page opens (Mantine's Alert is role=alert unless told).
    expect(screen.getByRole('note', { name: 'No couples yet' })).toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(screen.getByRole('img', { name: /Couples who completed/ })).toHaveAccessibleName(
      expect.stringContaining('No couple has completed a week yet.'),
    );
    expect(await screen.findByText(/Nothing recorded yet/)).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});

describe('/admin/overview in Spanish', () => {
  afterEach(() => i18n.activate('en'));

  it('names every action the server records in words, in both languages; an unknown one shows its code', () => {
    for (const locale of ['en', 'es'] as const) {
      i18n.activate(locale);
      const labels = AUDIT_ACTIONS.map((action) => actionLabel(action));
      for (const [index, label] of labels.entries()) {
        expect(label, AUDIT_ACTIONS[index]).not.toBe(AUDIT_ACTIONS[index]);
        expect(label, AUDIT_ACTIONS[index]).not.toMatch(/^admin\.audit\./);
      }
      // Each says something of its own.
      expect(new Set(labels).size).toBe(labels.length);
    }
    expect(hasActionLabel('an.action.no.longer.recorded')).toBe(false);
    expect(actionLabel('an.action.no.longer.recorded')).toBe('an.action.no.longer.recorded');
  });

  it('says the numbers, the curve and the navigation in Spanish', async () => {
    i18n.activate('es');
    stubTrpcFetch({
      'auth.check': () => ({ data: ADMIN_CHECK }),
      'insights.overview': () => ({ data: OVERVIEW }),
      'insights.auditLog': () => ({
        data: {
          page: 1,
          pageSize: 20,
          items: [LOG_LINE, { ...LOG_LINE, id: 2, action: 'order.refund', target: 'order 7' }],
          hasMore: false,
        },
      }),
    });
    renderApp('/admin/overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Resumen' })).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Cifras clave' });
    expect(within(cards).getByText(/2 de 8 pruebas iniciadas/)).toBeInTheDocument();
    expect(within(cards).getByText(/3 pedidos pagados, 1 reembolsado/)).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /Parejas que completaron cada semana/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('10 parejas completaron la semana 1'));
    const log = await screen.findByRole('table', { name: /Acciones de administración/ });
    expect(within(log).getByText('Verificación en dos pasos activada')).toBeInTheDocument();
    expect(within(log).getByText('Pedido reembolsado')).toBeInTheDocument();
    expect(within(log).queryByText('order.refund')).toBeNull();
    const sections = screen.getByRole('navigation', { name: 'Secciones de administración' });
    expect(within(sections).getByRole('link', { name: 'Pedidos' })).toBeInTheDocument();
    const main = document.querySelector('main')?.textContent ?? '';
    for (const english of [
      'Overview',
      'Trials',
      'Revenue',
      'Drop-off',
      'Audit log',
      'Orders',
      'Couples',
      'Settings',
      'Week ',
      'days',
    ]) {
      expect(main).not.toContain(english);
    }
  });
});
