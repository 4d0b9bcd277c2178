import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOTAL_WEEKS } from '../../../shared/constants';
import type { WeekContent, WorkbookAnswersView } from '../../../shared/workbook-schemas';
import { renderApp } from '../../test/render';
import { type StubHandler, stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { makeProgression, makeWeeks } from './test-support';

/*
 * The /dashboard route composes the couple's dashboard from other features (docs/architecture.md):
 * it hands DashboardScreen the share notices and the workbook, and the workbook the language notice.
 * Here the real route renders them, so a slot the route stops filling fails.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const LOAD = { timeout: 8000 };

const WEEK: WeekContent = {
  weekNumber: 1,
  contentWeek: 1,
  isFallback: false,
  title: 'Listening to Understand',
  focus: 'listening',
  objective: 'Listen first.',
  reflectionQuestions: [{ id: 'w01-q1', question: 'Think of a time you felt heard.', topic: 'listening' }],
  discussionPrompts: ['Share.'],
  activity: { title: 'Listen', description: 'Take turns.', steps: [] },
  commitmentExamples: ['Put the phone away.'],
  conversationCards: [{ id: 'w01-c1', text: 'A good conversation?' }],
  locale: 'en',
  languageFallback: true,
};

const EMPTY: WorkbookAnswersView = {
  reflectionAnswers: {},
  discussionNotes: '',
  activityResponse: '',
  weeklyCommitment: '',
  conversationCards: {},
  revision: 0,
  earlier: { reflectionAnswers: [], conversationCards: [] },
};

/** A signed-in couple with no week done, full access and the first three weeks' PDFs. */
const SIGNED_IN_COUPLE: Record<string, StubHandler> = {
  'auth.session': () => ({ data: { customerId: 7 } }),
  'auth.check': () => ({ data: { authenticated: true, isAdmin: false, role: 'couple', userId: 7 } }),
  'profile.get': () => ({ data: { userDisplayName: 'Ana', partnerName: 'Ben', weddingDate: null } }),
  'progress.progression': () => ({ data: makeProgression([]) }),
  'progress.list': () => ({ data: [] }),
  'progress.access': () => ({ data: { accessLevel: 'full', weekLimit: TOTAL_WEEKS } }),
  'frameworks.withAccess': () => ({ data: makeWeeks({ completed: [], withFramework: [1, 2, 3] }) }),
};

describe('the /dashboard route', () => {
  it("shows the partner's share notice, and the notice that a week came in another language", async () => {
    stubTrpcFetch({
      ...SIGNED_IN_COUPLE,
      'partners.notices': () => ({ data: [{ weekNumber: 1, partner: 'partner2', name: 'Ben' }] }),
      'workbook.content': () => ({ data: WEEK }),
      'partners.weekShare': () => ({
        data: {
          weekNumber: 1,
          privateAnswers: false,
          you: null,
          shared: { partner1: null, partner2: null },
          revealed: false,
        },
      }),
      'workbook.answers': () => ({ data: EMPTY }),
      'workbook.summary': () => ({ data: { summary: null } }),
    });
    renderApp('/dashboard?tab=current&week=1');

    expect(await screen.findByText('Ben has shared week 1', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read week 1 together' })).toBeInTheDocument();
    expect(
      await screen.findByText('This week is not available in Spanish yet, so it is shown in English.', {}, LOAD),
    ).toBeInTheDocument();
    // Notes, not alerts: they are there as the page opens (Mantine's Alert is role=alert unless told).
    expect(screen.getByRole('note', { name: 'Ben has shared week 1' })).toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  // Decision 0298: the answers arriving after a first render would re-render the whole screen in
  // one task React cannot slice; so the route waits for them, and never draws its own skeletons.
  it("renders the couple's dashboard once its data has answered, never its loading skeletons first", async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    stubTrpcFetch({
      ...SIGNED_IN_COUPLE,
      'progress.progression': async () => {
        await answered;
        return { data: makeProgression([]) };
      },
    });
    renderApp('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('status', { name: 'Loading the journey map' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Weeks' })).not.toBeInTheDocument();

    answer();
    expect(await screen.findByRole('group', { name: 'Weeks' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the journey map' })).not.toBeInTheDocument();
  });

  // The parts the page asked for only as they mounted answered one round trip later, and each
  // answer re-rendered its part synchronously, in the task that had just drawn the page.
  it('asks for the share notices and the footer’s links in the same request as the rest', async () => {
    const server = stubTrpcFetch(SIGNED_IN_COUPLE);
    renderApp('/dashboard');
    expect(await screen.findByRole('group', { name: 'Weeks' }, LOAD)).toBeInTheDocument();
    const requests = server.fetch.mock.calls.map(([resource]) => decodeURIComponent(String(resource)));
    const pageData = requests.find((url) => url.includes('progress.progression'));
    for (const procedure of ['partners.notices', 'sitePages.listPublished']) {
      expect(pageData).toContain(procedure);
    }
    // No preview of the plan is asked for before the couple changes a choice.
    expect(server.calls.map((call) => call.path)).not.toContain('plan.preview');
  });

  // A tab or a week is a change of address within the page: the session is asked for when the page
  // is entered, and a tab then shows without a round trip to the server first.
  it('checks the session when the page is entered, not again for each tab', async () => {
    const server = stubTrpcFetch(SIGNED_IN_COUPLE);
    renderApp('/dashboard');
    expect(await screen.findByRole('group', { name: 'Weeks' }, LOAD)).toBeInTheDocument();
    const sessionChecks = () => server.calls.filter((call) => call.path === 'auth.session').length;
    expect(sessionChecks()).toBe(1);

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Wins' }));
    expect(await screen.findByRole('tab', { name: 'Wins', selected: true }, LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Progress' }));
    expect(await screen.findByRole('group', { name: 'Weeks' }, LOAD)).toBeInTheDocument();
    expect(sessionChecks()).toBe(1);
  });
});
