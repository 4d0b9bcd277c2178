import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computePlan, DEFAULT_CORE_WEEKS } from '../../../shared/plan';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { deferred, stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { PlanCard } from './plan-card';
import { captureSavedFiles, fileResponse } from '../../test/saved-files';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  i18n.activate('en');
});

const toasts = () => within(screen.getByRole('region', { name: i18n._('common.notifications.region') }));

const today = '2026-11-24';
const proposal = computePlan({ start: today, finish: '2027-02-02', completedWeeks: [], coreWeeks: DEFAULT_CORE_WEEKS });

function overview(extra: Record<string, unknown> = {}) {
  return {
    coupleId: 7,
    timeZone: 'Europe/Madrid',
    today,
    weddingDate: '2027-02-02',
    proposal,
    accepted: null,
    standing: null,
    paused: null,
    hasCalendarFeed: false,
    ...extra,
  };
}

describe('PlanCard', () => {
  it('reads the plan once, and again only when the count of completed weeks changes', async () => {
    const server = stubTrpcFetch({
      'plan.overview': () => ({ data: overview() }),
      'plan.preview': () => ({ data: overview() }),
    });
    const reads = () => server.calls.filter((call) => call.path === 'plan.overview').length;
    let setCount: (count: number) => void = () => {};
    function Host() {
      const [count, set] = useState(3);
      setCount = set;
      return <PlanCard completedCount={count} />;
    }
    renderRoute(Host);
    await screen.findByTestId('plan-proposal');
    expect(reads()).toBe(1);
    act(() => setCount(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(1);
    act(() => setCount(4));
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('shows the overview’s proposal for the default choices, and asks for a preview only for a changed one', async () => {
    const faster = { ...proposal, kind: 'faster', pace: 2 };
    const server = stubTrpcFetch({
      'plan.overview': () => ({ data: overview() }),
      'plan.preview': () => ({ data: overview({ proposal: faster }) }),
    });
    const previews = () => server.calls.filter((call) => call.path === 'plan.preview');
    const user = userEvent.setup();
    renderRoute(() => <PlanCard completedCount={0} />);
    expect(await screen.findByTestId('plan-proposal')).toHaveTextContent(/core path .* 30 sessions before the wedding/);
    expect(previews()).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: '2' }));
    await waitFor(() => expect(screen.getByTestId('plan-proposal')).toHaveTextContent(/plan 2 sessions a week/));
    expect(previews().map((call) => call.input)).toEqual([{ finishDate: null, pace: 2, corePath: null }]);
    // Back to the default choices: the overview's proposal again, not the last preview kept on screen.
    await user.click(screen.getByRole('radio', { name: 'Best fit' }));
    await waitFor(() => expect(screen.getByTestId('plan-proposal')).toHaveTextContent(/core path/));
    expect(previews()).toHaveLength(1);
  });

  // QA walk: "29 weeks away" beside the header's "197 days until your wedding".
  it.each([
    ['en', '2027-06-09', '(28 weeks away)'],
    ['es', '2027-06-09', '(faltan 28 semanas)'],
    ['en', '2026-12-05', '(11 days away)'],
    ['es', '2026-11-25', '(falta 1 día)'],
  ] as const)(
    'says how far the date is in whole weeks, as the header’s days agree (%s, %s)',
    async (locale, finish, away) => {
      i18n.activate(locale);
      const plan = computePlan({ start: today, finish, completedWeeks: [], coreWeeks: DEFAULT_CORE_WEEKS });
      stubTrpcFetch({
        'plan.overview': () => ({ data: overview({ weddingDate: finish, proposal: plan }) }),
        'plan.preview': () => ({ data: overview({ weddingDate: finish, proposal: plan }) }),
      });
      renderRoute(() => <PlanCard completedCount={0} />);
      expect(await screen.findByTestId('plan-proposal')).toHaveTextContent(away);
    },
  );

  it('proposes the core path for a wedding in 10 weeks and accepts it with the couple’s choices', async () => {
    const server = stubTrpcFetch({
      'plan.overview': () => ({ data: overview() }),
      'plan.preview': () => ({ data: overview() }),
      'plan.accept': () => ({
        data: overview({
          accepted: { ...proposal, choice: { finishDate: null, pace: null, corePath: null } },
          standing: { planWeek: 1, due: 0, done: 0, behind: 0, nextWeek: 1, nextDate: today },
        }),
      }),
    });
    const user = userEvent.setup();
    renderRoute(() => <PlanCard completedCount={0} />);
    expect(await screen.findByTestId('plan-proposal')).toHaveTextContent(/core path .* 30 sessions before the wedding/);
    expect(screen.getByText(/\(10 weeks away\)/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Core weeks first' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '2' }));
    await user.click(screen.getByRole('button', { name: 'Accept this plan' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.path === 'plan.accept')?.input).toEqual({
        finishDate: null,
        pace: 2,
        corePath: null,
      }),
    );
  });

  it('says where the couple stands, offers "Add to calendar" and pauses with a date', async () => {
    const server = stubTrpcFetch({
      'plan.overview': () => ({
        data: overview({
          accepted: { ...proposal, choice: { finishDate: null, pace: null, corePath: null } },
          standing: { planWeek: 6, due: 17, done: 15, behind: 2, nextWeek: 51, nextDate: '2026-12-30' },
        }),
      }),
      'plan.pause': (input) => ({
        data: overview({ paused: { since: today, until: (input as { until: string }).until } }),
      }),
    });
    const user = userEvent.setup();
    renderRoute(() => <PlanCard completedCount={15} />);
    expect(await screen.findByTestId('plan-standing')).toHaveTextContent('Week 6 of your plan: 2 sessions behind');
    expect(screen.getByRole('button', { name: 'Add the next session to a calendar' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Take a break' }));
    await user.type(screen.getByLabelText(/Back on/), '2026-12-15');
    await user.click(screen.getByRole('button', { name: 'Pause our plan' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.path === 'plan.pause')?.input).toEqual({ until: '2026-12-15' }),
    );
  });

  const onPlan = () =>
    overview({
      accepted: { ...proposal, choice: { finishDate: null, pace: null, corePath: null } },
      standing: { planWeek: 6, due: 17, done: 15, behind: 2, nextWeek: 51, nextDate: '2026-12-30' },
    });

  it('adds the next session to a calendar through fetch, busy until the file is saved', async () => {
    const saved = captureSavedFiles();
    const answer = deferred<Response>();
    const asked: string[] = [];
    stubTrpcFetch({ 'plan.overview': () => ({ data: onPlan() }) }, (url) => {
      asked.push(url.pathname);
      return answer.promise;
    });
    const user = userEvent.setup();
    renderRoute(() => <PlanCard completedCount={15} />);
    const button = await screen.findByRole('button', { name: 'Add the next session to a calendar' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading'));
    expect(asked).toEqual(['/api/plan/7/next-session.ics']);
    answer.resolve(fileResponse('BEGIN:VCALENDAR', 'next-session.ics', 'text/calendar; charset=utf-8'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toBe('next-session.ics');
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // A plain link followed the refusal: the browser saved the server's English JSON, or failed.
  it.each([
    [401, 'Please sign in to continue.', 'Inicien sesión para continuar.'],
    [404, 'There is no planned session to add.', 'No hay ninguna sesión planeada para agregar.'],
  ])('says in Spanish why the next session could not be added (%i)', async (status, message, spanish) => {
    const saved = captureSavedFiles();
    stubTrpcFetch(
      { 'plan.overview': () => ({ data: onPlan() }) },
      () => new Response(JSON.stringify({ message }), { status, headers: { 'content-type': 'application/json' } }),
    );
    i18n.activate('es');
    const user = userEvent.setup();
    renderRoute(() => <PlanCard completedCount={15} />);
    await user.click(await screen.findByRole('button', { name: 'Agregar la próxima sesión a un calendario' }));
    expect(await toasts().findByText(spanish)).toBeInTheDocument();
    expect(toasts().getByText('No se pudo agregar al calendario')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(message);
    expect(saved).toHaveLength(0);
  });

  it('shows the time zone, and lists the zones only when asked to change it; saves the choice', async () => {
    const server = stubTrpcFetch({
      'plan.overview': () => ({ data: overview() }),
      'plan.preview': () => ({ data: overview() }),
      'plan.setTimeZone': (input) => ({ data: overview(input as { timeZone: string }) }),
    });
    const user = userEvent.setup();
    renderRoute(() => <PlanCard completedCount={0} />);
    expect(await screen.findByTestId('plan-time-zone')).toHaveTextContent('Europe/Madrid');
    expect(screen.queryByRole('combobox', { name: /Time zone/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save time zone' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Change time zone' }));
    const select = screen.getByRole('combobox', { name: /Time zone/ });
    expect(select).toHaveFocus();
    expect(select.querySelectorAll('option').length).toBeGreaterThan(100);
    await user.selectOptions(select, 'America/Chicago');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.path === 'plan.setTimeZone')?.input).toEqual({
        timeZone: 'America/Chicago',
      }),
    );
    expect(await screen.findByTestId('plan-time-zone')).toHaveTextContent('America/Chicago');
  });

  it('offers "Resume" while paused', async () => {
    stubTrpcFetch({
      'plan.overview': () => ({
        data: overview({
          accepted: { ...proposal, choice: { finishDate: null, pace: null, corePath: null } },
          standing: { planWeek: 2, due: 3, done: 3, behind: 0, nextWeek: 6, nextDate: '2026-11-28' },
          paused: { since: '2026-11-24T10:00:00.000Z', until: null },
        }),
      }),
    });
    renderRoute(() => <PlanCard completedCount={3} />);
    expect(await screen.findByText('You are on a break.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume our plan' })).toBeEnabled();
  });

  // QA walk: a past "finish before" date read "We could not save your plan" (it was only a preview).
  it('says why a finish date cannot be planned to, in Spanish, without asking the server', async () => {
    const server = stubTrpcFetch({
      'plan.overview': () => ({ data: overview() }),
      'plan.preview': () => ({ data: overview() }),
    });
    i18n.activate('es');
    const user = userEvent.setup();
    renderRoute(() => <PlanCard completedCount={0} />);
    await screen.findByTestId('plan-proposal');
    const finish = screen.getByLabelText(/Terminar antes del/);
    await user.type(finish, '2026-11-20');
    expect(await screen.findByText('Elijan una fecha para terminar que sea después de hoy.')).toBeInTheDocument();
    expect(finish).toHaveAccessibleDescription(/Elijan una fecha para terminar que sea después de hoy\./);
    expect(screen.getByRole('button', { name: 'Aceptar este plan' })).toBeDisabled();
    await user.clear(finish);
    await user.type(finish, '2031-01-01');
    expect(
      await screen.findByText('Elijan una fecha para terminar dentro de los próximos tres años.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No pudimos guardar su plan/)).toBeNull();
    expect(server.calls.filter((call) => call.path === 'plan.preview')).toHaveLength(0);
  });

  it('says why a break cannot end on a day, in Spanish, and sends nothing', async () => {
    const server = stubTrpcFetch({
      'plan.overview': () => ({
        data: overview({
          accepted: { ...proposal, choice: { finishDate: null, pace: null, corePath: null } },
          standing: { planWeek: 6, due: 17, done: 15, behind: 2, nextWeek: 51, nextDate: '2026-12-30' },
        }),
      }),
    });
    i18n.activate('es');
    const user = userEvent.setup();
    renderRoute(() => <PlanCard completedCount={15} />);
    await user.click(await screen.findByRole('button', { name: 'Tomar un descanso' }));
    await user.type(screen.getByLabelText(/Volvemos el/), '2026-11-24');
    expect(
      await screen.findByText('Elijan un día después de hoy para volver, o dejen el descanso sin fecha de regreso.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pausar nuestro plan' })).toBeDisabled();
    expect(server.calls.some((call) => call.path === 'plan.pause')).toBe(false);
  });

  it('speaks Spanish to a Spanish-speaking couple (ustedes)', async () => {
    stubTrpcFetch({
      'plan.overview': () => ({
        data: overview({
          accepted: { ...proposal, choice: { finishDate: null, pace: null, corePath: null } },
          standing: { planWeek: 6, due: 17, done: 16, behind: 1, nextWeek: 51, nextDate: '2026-12-30' },
        }),
      }),
    });
    i18n.activate('es');
    renderRoute(() => <PlanCard completedCount={16} />);
    expect(await screen.findByTestId('plan-standing')).toHaveTextContent(
      'Semana 6 de su plan: 1 sesi\u00f3n de atraso',
    );
    expect(screen.getByRole('button', { name: 'Tomar un descanso' })).toBeInTheDocument();
    expect(screen.getByText(/Pr\u00f3xima: semana 51, el .*30 de diciembre de 2026/)).toBeInTheDocument();
  });
});
