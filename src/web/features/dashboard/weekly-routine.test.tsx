import fs from 'node:fs';
import path from 'node:path';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MILESTONES, TOTAL_WEEKS } from '../../../shared/constants';
import { renderApp, renderWithProviders } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { createQueryClient, trpc } from '../../trpc';
import { Route as DashboardRoute } from '../../routes/dashboard';
import { DashboardScreen } from './dashboard-screen';
import type { readDashboardSearch } from './dashboard-search';
import { makeProgression, makeWeeks } from './test-support';
import type { MessageId } from '../../../shared/i18n/locales';
import { translate } from '../../i18n/i18n';
import { milestoneReached, nextStep } from './weekly-routine';

/** A milestone's own words in its celebration, as the page shows them in English. */
const milestoneMessage = (week: number) => translate(`dashboard.milestone.${week}.message` as MessageId);

afterEach(() => vi.unstubAllGlobals());

/** The first paint loads five queries and 52 week buttons; allow for a busy machine. */
const LOAD = { timeout: 8000 };
const SLOW = { timeout: 20_000 };
const profile = { userDisplayName: 'Ana', partnerName: 'Ben', weddingDate: null };
const weeksUpTo = (last: number) => Array.from({ length: last }, (_, index) => index + 1);

/** A couple with `completed` weeks done and frameworks for weeks 1-20, as the server answers. */
function serveDashboard(options: { completed?: number[]; withFramework?: number[]; weekLimit?: number } = {}) {
  let completed = options.completed ?? [];
  const withFramework = options.withFramework ?? weeksUpTo(20);
  const weekLimit = options.weekLimit ?? TOTAL_WEEKS;
  const completedAt = '2026-11-24T10:00:00.000Z';
  return stubTrpcFetch({
    'profile.get': () => ({ data: profile }),
    'progress.progression': () => ({ data: makeProgression(completed) }),
    'progress.list': () => ({
      data: completed.map((weekNumber) => ({ weekNumber, notes: '', rating: null, completedAt })),
    }),
    'progress.access': () => ({ data: { accessLevel: weekLimit < TOTAL_WEEKS ? 'trial' : 'full', weekLimit } }),
    'frameworks.withAccess': () => ({ data: makeWeeks({ completed, withFramework, weekLimit }) }),
    'progress.complete': (input) => {
      const { weekNumber } = input as { weekNumber: number };
      completed = [...new Set([...completed, weekNumber])];
      return { data: { weekNumber, notes: '', rating: null, completedAt } };
    },
    'progress.streak': (input) => ({
      data: {
        currentStreak: 3,
        bestStreak: 5,
        completedThisWeek: false,
        timeZone: (input as { timeZone?: string } | undefined)?.timeZone ?? 'UTC',
      },
    }),
  });
}

/**
 * The dashboard at `url` of a throwaway router with memory history, returning the router so a
 * test can read the URL and go back like the browser's back button.
 */
function renderDashboard(url = '/', queryClient = createQueryClient()) {
  const renderWorkbook = vi.fn(({ weekNumber }: { weekNumber: number | null }) => (
    <p>{weekNumber === null ? 'Choose a week' : `Workbook for week ${weekNumber}`}</p>
  ));
  const rootRoute = createRootRoute({ component: Outlet });
  const pageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <DashboardScreen renderWorkbook={renderWorkbook} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const { unmount } = renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, renderWorkbook, unmount, user: userEvent.setup() };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const search = (router: ReturnType<typeof renderDashboard>['router']) => router.state.location.search;

/** Nothing more comes of the taps: 200 ms later the URL has `expected`, and Progress shows its map. */
async function expectStillOnProgress(router: ReturnType<typeof renderDashboard>['router'], expected: object) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(search(router)).toEqual(expected);
  expect(tab('Progress')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('button', { name: /^Week 1:/ })).toBeInTheDocument();
}

describe('nextStep', () => {
  it('is the first unlocked week not completed', () => {
    const step = nextStep(makeWeeks({ completed: [1, 2], withFramework: weeksUpTo(10) }));
    expect(step).toMatchObject({ kind: 'continue', week: { weekNumber: 3 } });
  });

  it('waits for a current week without a framework, and is done after all 52', () => {
    expect(nextStep(makeWeeks({ completed: [1], withFramework: [1] }))).toMatchObject({
      kind: 'coming-soon',
      week: { weekNumber: 2 },
    });
    expect(nextStep(makeWeeks({ completed: weeksUpTo(52), withFramework: [] }))).toEqual({ kind: 'finished' });
    expect(nextStep(makeWeeks({ completed: weeksUpTo(4), withFramework: weeksUpTo(4), weekLimit: 4 }))).toEqual({
      kind: 'trial-end',
    });
  });
});

describe('milestoneReached', () => {
  const record = (weekNumber: number) => ({ weekNumber, notes: '', rating: null, completedAt: '2026-11-24T10:00:00Z' });

  it('names the milestone the new count reaches, and nothing in between', () => {
    expect(milestoneReached(makeProgression([]), record(1))?.title).toBe('Journey Started!');
    expect(milestoneReached(makeProgression(weeksUpTo(12)), record(13))?.title).toBe('Quarter Champion');
    expect(milestoneReached(makeProgression(weeksUpTo(25)), record(26))?.title).toBe('Halfway Heroes');
    expect(milestoneReached(makeProgression(weeksUpTo(51)), record(52))?.title).toBe('Full Year Champions!');
    expect(milestoneReached(makeProgression([1]), record(2))).toBeNull();
  });

  it('celebrates nothing for a week completed before, or without the progression', () => {
    expect(milestoneReached(makeProgression([1]), record(1))).toBeNull();
    expect(milestoneReached(undefined, record(1))).toBeNull();
  });

  it('has its own message for every milestone', () => {
    const messages = MILESTONES.map((milestone) => milestoneMessage(milestone.week));
    expect(new Set(messages).size).toBe(MILESTONES.length);
  });
});

describe('the Continue action', () => {
  it('offers the current week and opens its workbook on the Current tab, in the URL', SLOW, async () => {
    serveDashboard({ completed: [1, 2] });
    const { router, renderWorkbook, user } = renderDashboard();
    const card = await screen.findByRole('region', { name: 'Week 3: Framework 3' }, LOAD);
    expect(tab('Progress')).toHaveAttribute('aria-selected', 'true');

    await user.click(within(card).getByRole('button', { name: 'Continue Week 3' }));
    await waitFor(() => expect(tab('Current')).toHaveAttribute('aria-selected', 'true'));
    // The tab shows chosen at once; the URL, and with it the panel, follow after that paint (decision 0398).
    await waitFor(() => expect(search(router)).toEqual({ tab: 'current', week: 3 }));
    expect(await screen.findByText('Workbook for week 3')).toBeInTheDocument();
    expect(renderWorkbook).toHaveBeenLastCalledWith(expect.objectContaining({ weekNumber: 3 }));
    await waitFor(() => expect(tab('Current')).toHaveFocus());
  });

  it('says so after all 52 weeks, and leads to the Wins tab', SLOW, async () => {
    serveDashboard({ completed: weeksUpTo(52), withFramework: weeksUpTo(52) });
    const { user } = renderDashboard();
    expect(await screen.findByRole('heading', { name: 'You completed all 52 weeks' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Continue Week/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See your wins' }));
    await waitFor(() => expect(tab('Wins')).toHaveAttribute('aria-selected', 'true'));
  });

  it('shows the server’s notice while the current week has no framework', SLOW, async () => {
    serveDashboard({ completed: [1], withFramework: [1] });
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Week 2' }, LOAD);
    expect(within(card).getByText('Server notice coming-soon for week 2.')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the Current tab', () => {
  it('shows the current week’s workbook when no week is chosen, not the prompt', SLOW, async () => {
    serveDashboard({ completed: [1, 2, 3] });
    const { renderWorkbook } = renderDashboard('/?tab=current');
    expect(await screen.findByText('Workbook for week 4', undefined, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Choose a week')).not.toBeInTheDocument();
    expect(renderWorkbook).toHaveBeenLastCalledWith(expect.objectContaining({ weekNumber: 4 }));
  });

  it('shows the chosen week instead, and the prompt once there is no current week', SLOW, async () => {
    serveDashboard({ completed: [1, 2, 3] });
    renderDashboard('/?tab=current&week=2');
    expect(await screen.findByText('Workbook for week 2', undefined, LOAD)).toBeInTheDocument();
    vi.unstubAllGlobals();

    serveDashboard({ completed: weeksUpTo(52), withFramework: weeksUpTo(52) });
    document.body.innerHTML = '';
    renderDashboard('/?tab=current');
    expect(await screen.findByText('Choose a week', undefined, LOAD)).toBeInTheDocument();
  });
});

describe('the dashboard in the URL', () => {
  it('opens on the tab and week the URL names (as after a reload)', SLOW, async () => {
    serveDashboard({ completed: [1, 2] });
    renderDashboard('/?tab=progress&week=2');
    const details = await screen.findByRole('heading', { level: 2, name: 'Framework 2' }, LOAD);
    expect(details).toBeInTheDocument();
    expect(tab('Progress')).toHaveAttribute('aria-selected', 'true');
    // The map comes just after the page's first commit.
    expect(await screen.findByRole('button', { name: /^Week 2:.*selected$/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores a tab or week that does not exist or cannot be opened', SLOW, async () => {
    serveDashboard({ completed: [1, 2] });
    renderDashboard('/?tab=settings&week=10');
    expect(await screen.findByRole('region', { name: 'Week 3: Framework 3' }, LOAD)).toBeInTheDocument();
    expect(tab('Progress')).toHaveAttribute('aria-selected', 'true');
    // Week 10 is locked: no details open for it.
    expect(screen.queryByRole('button', { name: 'Close week details' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Workbook for/)).not.toBeInTheDocument();
  });

  // The navigation renders the whole page in one task; on a phone the tap showed nothing until it
  // was done (decision 0398).
  it("shows a chosen tab selected in the tap's own render, its panel loading until the URL has it", SLOW, async () => {
    serveDashboard({ completed: [1, 2] });
    const { router } = renderDashboard();
    await screen.findByRole('button', { name: /^Week 1:/ }, LOAD);
    act(() => tab('Current').click());
    expect(tab('Current')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByLabelText('Loading this tab'));
    expect(screen.queryByText(/^Workbook for/)).not.toBeInTheDocument();
    expect(search(router)).toEqual({});

    expect(await screen.findByText('Workbook for week 3', {}, LOAD)).toBeInTheDocument();
    expect(search(router)).toEqual({ tab: 'current' });
    expect(screen.queryByLabelText('Loading this tab')).not.toBeInTheDocument();
    // The back button still returns to the tab before.
    act(() => router.history.back());
    await waitFor(() => expect(tab('Progress')).toHaveAttribute('aria-selected', 'true'));
  });

  // Two quick taps: Current, then Progress again before the URL changed. Progress shows, not a
  // Current tab left loading with nothing on its way.
  it('goes back to the tab the URL has when it is chosen before the URL followed the first choice', SLOW, async () => {
    serveDashboard({ completed: [1, 2] });
    const { router } = renderDashboard();
    await screen.findByRole('button', { name: /^Week 1:/ }, LOAD);
    act(() => {
      tab('Current').click();
      tab('Progress').click();
    });
    expect(tab('Progress')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByLabelText('Loading this tab')).not.toBeInTheDocument();
    await expectStillOnProgress(router, {});
  });

  // Current, then Progress again while the Current navigation has started (the URL has it) and the
  // page has not rendered it yet: Progress stays, with the URL, not the Current tab it was on its way to.
  it('goes back to the tab chosen again while the navigation to the first choice is on its way', SLOW, async () => {
    serveDashboard({ completed: [1, 2] });
    const { router } = renderDashboard();
    await screen.findByRole('button', { name: /^Week 1:/ }, LOAD);
    const stop = router.history.subscribe(({ action }) => {
      if (action.type !== 'PUSH') return;
      stop();
      expect(tab('Progress')).toHaveAttribute('aria-selected', 'false');
      tab('Progress').click();
    });
    act(() => tab('Current').click());
    await waitFor(() => expect(search(router)).toEqual({ tab: 'progress' }));
    await expectStillOnProgress(router, { tab: 'progress' });
  });

  // Back or forward while a chosen tab waits for its URL: the page follows the history, and the
  // choice is forgotten, so neither the wait's navigation nor the chosen tab comes back later.
  it('forgets a chosen tab when the history moves before the URL followed it', SLOW, async () => {
    serveDashboard({ completed: [1, 2] });
    const { router, user } = renderDashboard();
    await screen.findByRole('button', { name: /^Week 1:/ }, LOAD);
    await user.click(tab('Current'));
    await waitFor(() => expect(search(router)).toEqual({ tab: 'current' }));
    act(() => {
      tab('Wins').click();
      router.history.back();
    });
    await waitFor(() => expect(tab('Progress')).toHaveAttribute('aria-selected', 'true'));
    await expectStillOnProgress(router, {});
  });

  // The URL follows a chosen tab after the next paint (decision 0398): a page left meanwhile stays left.
  it('does not go to a tab chosen just before the page was left', SLOW, async () => {
    serveDashboard({ completed: [1, 2] });
    const { router, unmount } = renderDashboard();
    await screen.findByRole('button', { name: /^Week 1:/ }, LOAD);
    act(() => tab('Wins').click());
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.history.location.search).toBe('');
  });

  it('records each tab and week, so the back button returns to the one before', SLOW, async () => {
    serveDashboard({ completed: [1, 2] });
    const { router, user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /^Week 1:/ }, LOAD));
    await waitFor(() => expect(search(router)).toEqual({ week: 1 }));
    await user.click(tab('Wins'));
    await waitFor(() => expect(search(router)).toEqual({ tab: 'wins', week: 1 }));
    expect(tab('Wins')).toHaveAttribute('aria-selected', 'true');

    act(() => router.history.back());
    await waitFor(() => expect(tab('Progress')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('heading', { level: 2, name: 'Framework 1' })).toBeInTheDocument();
    act(() => router.history.back());
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Framework 1' })).not.toBeInTheDocument(),
    );
    expect(search(router)).toEqual({});
  });

  it('is validated by the /dashboard route itself, which drops a bad value', SLOW, async () => {
    const validate = DashboardRoute.options.validateSearch as typeof readDashboardSearch;
    expect(validate({ tab: 'wins', week: 'abc' })).toEqual({ tab: 'wins' });
    expect(validate({ tab: 'nope', week: 4 })).toEqual({ week: 4 });
    stubTrpcFetch({
      'auth.session': () => ({ data: { customerId: 7 } }),
      'auth.check': () => ({ data: { authenticated: true, isAdmin: false, role: 'couple', userId: 7 } }),
      'profile.get': () => ({ data: profile }),
      'progress.progression': () => ({ data: makeProgression([1]) }),
      'progress.list': () => ({ data: [] }),
      'progress.access': () => ({ data: { accessLevel: 'full', weekLimit: TOTAL_WEEKS } }),
      'frameworks.withAccess': () => ({ data: makeWeeks({ completed: [1], withFramework: weeksUpTo(5) }) }),
      'workbook.content': () => ({ error: { message: 'Not in this test.', httpStatus: 404 } }),
      'workbook.get': () => ({ error: { message: 'Not in this test.', httpStatus: 404 } }),
      'workbook.summary': () => ({ error: { message: 'Not in this test.', httpStatus: 404 } }),
    });
    renderApp('/dashboard?tab=wins&week=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana & Ben' }, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(tab('Wins')).toHaveAttribute('aria-selected', 'true'));
  });
});

describe('the milestone celebration', () => {
  it(
    'opens with the milestone’s own title and message beside the toast, and closes to the next week',
    SLOW,
    async () => {
      serveDashboard({ completed: [] });
      const { user } = renderDashboard('/?week=1');
      const markComplete = await screen.findByRole('button', { name: 'Mark Complete' }, LOAD);
      // Not on the page before it first opens (no modal's portal filled in at the first render).
      expect(document.body.querySelector('.mantine-Modal-root')).toBeNull();
      await user.click(markComplete);

      const dialog = await screen.findByRole('dialog', { name: 'Journey Started!' }, LOAD);
      expect(within(dialog).getByText(milestoneMessage(1))).toBeInTheDocument();
      expect(within(dialog).getByText('Milestone reached: 1 week completed')).toBeInTheDocument();
      // The spec's toast is still there.
      const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
      expect(await toasts.findByText('Week Completed!')).toBeInTheDocument();
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep going' })).toHaveFocus());

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // As after any Mark Complete (decision 0135): the next week on the map, now open.
      await waitFor(() => expect(screen.getByRole('button', { name: /^Week 2:/ })).toHaveFocus());
    },
  );

  it('celebrates 13 weeks as Quarter Champion, and leads to the Wins tab', SLOW, async () => {
    serveDashboard({ completed: weeksUpTo(12) });
    const { user, router } = renderDashboard('/?week=13');
    await user.click(await screen.findByRole('button', { name: 'Mark Complete' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Quarter Champion' }, LOAD);
    expect(within(dialog).getByText(milestoneMessage(13))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'See your wins' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(search(router)).toEqual({ tab: 'wins', week: 13 }));
  });

  it('does not open for a week that reaches no milestone: only the toast', SLOW, async () => {
    const server = serveDashboard({ completed: [1] });
    const { user } = renderDashboard('/?week=2');
    await user.click(await screen.findByRole('button', { name: 'Mark Complete' }, LOAD));
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await toasts.findByText('Week Completed!', undefined, LOAD)).toBeInTheDocument();
    expect(server.calls.map((call) => call.path)).toContain('progress.complete');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  // Only completed weeks count toward a certificate (decision 0330): the hours and the certificate's
  // eligibility the page holds change when a week is completed, so they are asked again.
  it('asks again for the course hours and the certificate’s eligibility', SLOW, async () => {
    serveDashboard({ completed: [1] });
    const client = createQueryClient();
    const none = { partner1: 0, partner2: 0, together: 0 };
    client.setQueryData(trpc.certificates.hours.queryKey(), {
      weeks: [],
      totals: none,
      offlineEntries: [],
      caps: { onlinePerWeekMinutes: 180, offlinePerWeekMinutes: 120 },
    });
    client.setQueryData(trpc.certificates.status.queryKey(), {
      offeredStates: [],
      legalNames: { partner1: null, partner2: null },
      editableNames: ['partner1', 'partner2'],
      certificates: [],
    });
    const { user } = renderDashboard('/?week=2', client);
    await user.click(await screen.findByRole('button', { name: 'Mark Complete' }, LOAD));
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await toasts.findByText('Week Completed!', undefined, LOAD)).toBeInTheDocument();
    expect(client.getQueryState(trpc.certificates.hours.queryKey())?.isInvalidated).toBe(true);
    expect(client.getQueryState(trpc.certificates.status.queryKey())?.isInvalidated).toBe(true);
  });

  it('animates only for those who have not asked for reduced motion', () => {
    const css = fs.readFileSync(path.join(import.meta.dirname, 'milestone-celebration.module.css'), 'utf8');
    const gated = /@media \(prefers-reduced-motion: no-preference\) \{[^}]*animation:[^}]*\}\s*\}/;
    expect(css).toMatch(gated);
    expect(css.replace(gated, '')).not.toMatch(/animation:/);
  });
});

describe('the weekly streak', () => {
  it('sits beside the consistency score on the Wins tab, counted in the browser’s zone', SLOW, async () => {
    const server = serveDashboard({ completed: [1, 2, 3] });
    renderDashboard('/?tab=wins');
    expect(await screen.findByText('Weekly streak', undefined, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('3 weeks', undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/Best: 5 weeks\. Complete a week by Sunday to keep it going\./)).toBeInTheDocument();
    expect(screen.getByText('Consistency score')).toBeInTheDocument();
    const call = server.calls.find((item) => item.path === 'progress.streak');
    expect(call?.input).toEqual({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });
});
