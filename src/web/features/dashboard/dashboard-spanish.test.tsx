import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { DashboardScreen } from './dashboard-screen';
import { makeProgression, makeWeeks } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const LOAD = { timeout: 8000 };

/** English words of the dashboard that must not be left on the Spanish page. */
const ENGLISH = [
  /\bWeeks?\b/,
  /\bjourney\b/i,
  /\bCompleted\b/,
  /\bProgress\b/,
  /\bWins\b/,
  /\bProfile\b/,
  /\bLocked\b/,
  /\bstreak\b/i,
  /\bMilestones?\b/,
  /\buntil your wedding\b/,
  /\bYour\b/,
  /\bLoading\b/,
  /\bComing soon\b/i,
];

function expectNoEnglish() {
  const text = document.body.textContent ?? '';
  const labels = [...document.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label'));
  for (const word of ENGLISH) {
    expect(text, `visible text holds ${word}`).not.toMatch(word);
    for (const label of labels) expect(label, `an aria-label holds ${word}`).not.toMatch(word);
  }
}

describe('the dashboard in Spanish', () => {
  it('shows every tab, the countdown and the milestones in Spanish, with Spanish plurals', {
    timeout: 30_000,
  }, async () => {
    const wedding = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000);
    const weddingDate = `${wedding.getFullYear()}-${String(wedding.getMonth() + 1).padStart(2, '0')}-${String(wedding.getDate()).padStart(2, '0')}`;
    stubTrpcFetch({
      'profile.get': () => ({ data: { userDisplayName: 'Ana', partnerName: 'Luis', weddingDate } }),
      'progress.progression': () => ({ data: makeProgression([1]) }),
      'progress.list': () => ({
        data: [{ weekNumber: 1, completedAt: '2026-03-04T12:00:00.000Z', rating: 4, notes: '' }],
      }),
      'progress.access': () => ({ data: { accessLevel: 'full', weekLimit: 52 } }),
      'frameworks.withAccess': () => ({ data: makeWeeks({ completed: [1], withFramework: [1, 2, 3] }) }),
      'progress.streak': () => ({
        data: { currentStreak: 1, bestStreak: 2, completedThisWeek: true, timeZone: 'UTC' },
      }),
      'mail.reminders': () => ({ data: { weeklyReminders: true } }),
      'partners.signIns': () => ({ data: { signIns: [], invites: [], privateAnswers: false } }),
      'partners.notices': () => ({ data: [] }),
      'payments.buyer': () => ({ data: null }),
    });
    i18n.activate('es');
    const user = userEvent.setup();
    renderRoute(() => <DashboardScreen renderWorkbook={() => <p>Cuaderno</p>} />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Les damos la bienvenida, Ana y Luis' }, LOAD),
    ).toBeInTheDocument();
    // The countdown between 39 and 40 days, as the clock falls: always the plural.
    expect(screen.getByTestId('wedding-countdown')).toHaveTextContent(/^Faltan (39|40) días para su boda$/);
    expect(
      await screen.findByRole('button', { name: /^Semana 2: Framework 2, la siguiente, disponible$/ }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Semanas 1 a 13: Bases de la comunicación' })).toBeInTheDocument();
    expect(screen.getByText('Semanas 40-52 · Amor que perdura')).toBeInTheDocument();
    expectNoEnglish();

    await user.click(screen.getByRole('tab', { name: 'Logros' }));
    const milestones = await screen.findByRole('heading', { name: 'Metas' });
    expect(milestones).toBeInTheDocument();
    expect(screen.getByText('Faltan 12 semanas para «Primer trimestre cumplido».')).toBeInTheDocument();
    expect(screen.getByText('1 semana completada')).toBeInTheDocument();
    expect(await screen.findByText('1 semana')).toBeInTheDocument();
    expectNoEnglish();

    await user.click(screen.getByRole('tab', { name: 'Perfil' }));
    const form = await screen.findByRole('heading', { name: 'Su perfil de pareja' });
    expect(within(form.closest('section')!).getByRole('textbox', { name: /Tu nombre/ })).toHaveValue('Ana');
    expectNoEnglish();
  });
});
