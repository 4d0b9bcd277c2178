import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Partner } from '../../../shared/constants';
import { emptyWorkbookResponse } from '../../../shared/testing/workbook-test-support';
import type {
  WeekContent,
  WorkbookAnswers,
  WorkbookAnswersView,
  WorkbookResponse,
} from '../../../shared/workbook-schemas';
import { i18n } from '../../i18n/i18n';
import { dropFocusFromDisabledControls } from '../../test/focus-fixup';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { renderWithQueryClient } from './test-support';
import { WorkbookPanel } from './workbook-panel';

const QUESTIONS = [
  'When did you last feel truly heard?',
  'What do you do while your partner is still talking?',
  'Which signals say "just listen"?',
  'How did your family listen?',
  'What do you wish you were asked about?',
];

function weekContent(weekNumber: number, isFallback = false): WeekContent {
  return {
    weekNumber,
    contentWeek: isFallback ? 1 : weekNumber,
    isFallback,
    title: 'Listening to Understand',
    focus: 'listening to understand',
    objective: 'Learn what helps each of you feel heard.',
    reflectionQuestions: QUESTIONS.map((question, index) => ({
      id: QUESTION_IDS[index]!,
      question,
      topic: `topic ${index}`,
    })),
    discussionPrompts: ['Share your first answers.'],
    activity: { title: 'The Listening Swap', description: 'Take turns listening.', steps: ['Put phones away.'] },
    commitmentExamples: ['I will put my phone away at dinner.'],
    conversationCards: [
      'What made you smile this week?',
      'Where do you open up most easily?',
      'What changed your mind?',
    ].map((text, index) => ({ id: CARD_IDS[index]!, text })),
  };
}

const QUESTION_IDS = ['w01-q1', 'w01-q2', 'w01-q3', 'w01-q4', 'w01-q5'];
const CARD_IDS = ['w01-c1', 'w01-c2', 'w01-c3'];

/** The fake server keeps lists (in question order); the page reads and saves answers by id. */
function byId(response: WorkbookResponse): WorkbookAnswersView {
  const keyed = (list: string[], ids: string[]) =>
    Object.fromEntries(list.map((answer, index) => [ids[index] ?? `#${index + 1}`, answer]));
  return {
    ...response,
    reflectionAnswers: keyed(response.reflectionAnswers, QUESTION_IDS),
    conversationCards: keyed(response.conversationCards, CARD_IDS),
    revision: 0,
    earlier: { reflectionAnswers: [], conversationCards: [] },
  };
}

function asLists(answers: WorkbookAnswers): WorkbookResponse {
  return {
    ...answers,
    reflectionAnswers: QUESTION_IDS.map((id) => answers.reflectionAnswers[id] ?? ''),
    conversationCards: CARD_IDS.map((id) => answers.conversationCards[id] ?? ''),
  };
}

interface ServerState {
  saved: { partner1: WorkbookResponse; partner2: WorkbookResponse };
  summary: string | null;
  lockedWeeks?: number[];
  fallbackWeeks?: number[];
  /** Partner 1's answers to questions the seller has removed. */
  earlier?: WorkbookAnswersView['earlier'];
}

const GENERATED =
  'Week 1 was about listening to understand, and Alex and Sam both made time for it.\n\nWhere you meet: you both came back to “walks”.';

/** The workbook procedures of a fake server holding `state`, answered at the fetch level. */
function fakeServer(state: ServerState) {
  return stubTrpcFetch({
    'workbook.content': (input) => {
      const { weekNumber } = input as { weekNumber: number };
      if (state.lockedWeeks?.includes(weekNumber)) {
        return { error: { message: `The server refuses week ${weekNumber}.`, code: 'FORBIDDEN', httpStatus: 403 } };
      }
      return { data: weekContent(weekNumber, state.fallbackWeeks?.includes(weekNumber)) };
    },
    'workbook.answers': (input) => {
      const { partner } = input as { partner: Partner };
      const view = byId(state.saved[partner]);
      return { data: partner === 'partner1' && state.earlier ? { ...view, earlier: state.earlier } : view };
    },
    'workbook.saveAnswers': (input) => {
      const {
        weekNumber: _week,
        partner,
        baseRevision: _base,
        ...answers
      } = input as { weekNumber: number; partner: Partner; baseRevision?: number } & WorkbookAnswers;
      state.saved[partner] = asLists(answers);
      return { data: byId(state.saved[partner]) };
    },
    'workbook.summary': () => ({ data: { summary: state.summary } }),
    'workbook.generateSummary': () => {
      state.summary = GENERATED;
      return { data: { summary: GENERATED } };
    },
  });
}

function answered(text: string): WorkbookResponse {
  return { ...emptyWorkbookResponse(), reflectionAnswers: [text] };
}

const names = { partner1: 'Alex', partner2: 'Sam' };

function renderPanel(weekNumber: number | null = 1, onChooseWeek = vi.fn()) {
  renderWithQueryClient(<WorkbookPanel weekNumber={weekNumber} partnerNames={names} onChooseWeek={onChooseWeek} />);
  return { onChooseWeek };
}

/** Types text in one input event (keystroke by keystroke is slow in jsdom and adds nothing here). */
async function fill(user: ReturnType<typeof userEvent.setup>, textbox: HTMLElement, text: string) {
  await user.click(textbox);
  await user.paste(text);
}

async function openWorkbook() {
  await screen.findByRole('heading', { level: 2, name: 'Listening to Understand' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// The editor is a large form: give jsdom room on a busy machine.
describe('WorkbookPanel', { timeout: 15_000 }, () => {
  it('asks the couple to choose a week on Progress when none is selected', async () => {
    const server = fakeServer({
      saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() },
      summary: null,
    });
    const { onChooseWeek } = renderPanel(null);
    expect(screen.getByText(/Select a week from the Progress tab/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose a week' }));
    expect(onChooseWeek).toHaveBeenCalledTimes(1);
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('shows a skeleton, then every section of the week with its prompts', async () => {
    fakeServer({ saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() }, summary: null });
    renderPanel(1);
    expect(screen.getByRole('status', { name: 'Loading the workbook' })).toBeInTheDocument();
    await openWorkbook();
    expect(screen.queryByRole('status', { name: 'Loading the workbook' })).not.toBeInTheDocument();

    for (const [index, question] of QUESTIONS.entries()) {
      expect(screen.getByRole('textbox', { name: `${index + 1}. ${question}` })).toHaveValue('');
    }
    expect(screen.getByText('Share your first answers.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Discussion notes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Activity: The Listening Swap' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Activity response' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Weekly commitment' })).toHaveAccessibleDescription(
      /I will put my phone away at dinner\./,
    );
    expect(screen.getByRole('textbox', { name: 'What made you smile this week?' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(5 + 3 + 3);
    expect(screen.getByRole('radiogroup', { name: 'Who is answering?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Alex' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Sam' })).not.toBeChecked();
  });

  // The editor is a dozen fields and more: choosing the Current tab again rendered it in the
  // navigation's own task, which React cannot slice (decision 0400).
  it('draws the editor in a render after the one that has the week, also when the week is loaded already', async () => {
    fakeServer({ saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() }, summary: null });
    const panel = (weekNumber: number | null) => (
      <WorkbookPanel weekNumber={weekNumber} partnerNames={names} onChooseWeek={vi.fn()} />
    );
    const { rerender } = renderWithQueryClient(panel(1));
    await openWorkbook();
    rerender(panel(null));
    const commits: { skeleton: boolean; editor: boolean }[] = [];
    const record = () =>
      commits.push({
        skeleton: screen.queryByRole('status', { name: 'Loading the workbook' }) !== null,
        editor: screen.queryByRole('heading', { level: 2, name: 'Listening to Understand' }) !== null,
      });
    rerender(
      <Profiler id="workbook" onRender={record}>
        {panel(1)}
      </Profiler>,
    );
    await openWorkbook();
    expect(commits[0]).toEqual({ skeleton: true, editor: false });
    expect(commits.at(-1)).toEqual({ skeleton: false, editor: true });
  });

  it('shows the saved answers and a check mark for each partner who has answered', async () => {
    fakeServer({
      saved: {
        partner1: answered('On our walk by the river.'),
        partner2: { ...emptyWorkbookResponse(), weeklyCommitment: 'Only this' },
      },
      summary: null,
    });
    renderPanel(1);
    await openWorkbook();
    expect(screen.getByRole('radio', { name: 'Alex (answered)' })).toBeInTheDocument();
    // A commitment alone is not an answer to a reflection question.
    expect(screen.getByRole('radio', { name: 'Sam' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: `1. ${QUESTIONS[0]}` })).toHaveValue('On our walk by the river.');
  });

  it('shows answers to questions the seller removed apart, "from an earlier version", never in another question', async () => {
    fakeServer({
      saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() },
      summary: null,
      earlier: {
        reflectionAnswers: [{ id: 'w01-q9', text: 'A question since removed?', answer: 'My earlier answer.' }],
        conversationCards: [],
      },
    });
    renderPanel(1);
    await openWorkbook();
    const earlier = screen.getByRole('region', { name: 'From an earlier version' });
    expect(within(earlier).getByText('A question since removed?')).toBeInTheDocument();
    expect(within(earlier).getByText('My earlier answer.')).toBeInTheDocument();
    for (const textbox of screen.getAllByRole('textbox')) expect(textbox).toHaveValue('');
    await userEvent.click(screen.getByRole('radio', { name: 'Sam' }));
    expect(screen.queryByRole('region', { name: 'From an earlier version' })).not.toBeInTheDocument();
  });

  it('keeps both partners’ unsaved drafts when switching between them', async () => {
    const user = userEvent.setup({ delay: null });
    fakeServer({ saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() }, summary: null });
    renderPanel(1);
    await openWorkbook();
    const firstQuestion = () => screen.getByRole('textbox', { name: `1. ${QUESTIONS[0]}` });

    await fill(user, firstQuestion(), 'Alex draft');
    await fill(user, screen.getByRole('textbox', { name: 'Discussion notes' }), 'Notes by Alex');
    expect(screen.getByText(/Alex has unsaved changes\./)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Sam' }));
    expect(firstQuestion()).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Discussion notes' })).toHaveValue('');
    expect(screen.getByText(/Alex has unsaved changes too/)).toBeInTheDocument();
    await fill(user, firstQuestion(), 'Sam draft');

    await user.click(screen.getByRole('radio', { name: 'Alex' }));
    expect(firstQuestion()).toHaveValue('Alex draft');
    expect(screen.getByRole('textbox', { name: 'Discussion notes' })).toHaveValue('Notes by Alex');
    await user.click(screen.getByRole('radio', { name: 'Sam' }));
    expect(firstQuestion()).toHaveValue('Sam draft');
  });

  it('asks before the page is left with unsaved answers, and not once they are saved', async () => {
    const user = userEvent.setup({ delay: null });
    fakeServer({ saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() }, summary: null });
    renderPanel(1);
    await openWorkbook();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await fill(user, screen.getByRole('textbox', { name: 'Discussion notes' }), 'Unsaved words');
    expect(leave()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save Responses' }));
    await screen.findByText('Responses Saved');
    expect(leave()).toBe(false);
  });

  // QA walk: after "Save Responses" keyboard focus fell to the top of the page (the button, busy
  // while saving, is disabled, and a browser then moves focus to the page itself).
  it('keeps keyboard focus on Save Responses once the answers are saved', async () => {
    const user = userEvent.setup({ delay: null });
    fakeServer({ saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() }, summary: null });
    renderPanel(1);
    await openWorkbook();
    await fill(user, screen.getByRole('textbox', { name: 'Weekly commitment' }), 'Ask first.');
    const button = screen.getByRole('button', { name: 'Save Responses' });
    dropFocusFromDisabledControls();
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Responses Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Responses' })).toHaveFocus());
  });

  it('saves the partner on screen, says so, and shows their check mark', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer({
      saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() },
      summary: null,
    });
    renderPanel(1);
    await openWorkbook();
    await user.click(screen.getByRole('radio', { name: 'Sam' }));
    await fill(user, screen.getByRole('textbox', { name: `3. ${QUESTIONS[2]}` }), 'When I go quiet.');
    await fill(user, screen.getByRole('textbox', { name: 'Weekly commitment' }), 'Ask first.');
    await user.click(screen.getByRole('button', { name: 'Save Responses' }));

    expect(await screen.findByText('Responses Saved')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === 'workbook.saveAnswers')).toEqual([
      {
        path: 'workbook.saveAnswers',
        input: {
          weekNumber: 1,
          partner: 'partner2',
          reflectionAnswers: { 'w01-q1': '', 'w01-q2': '', 'w01-q3': 'When I go quiet.', 'w01-q4': '', 'w01-q5': '' },
          discussionNotes: '',
          activityResponse: '',
          weeklyCommitment: 'Ask first.',
          conversationCards: { 'w01-c1': '', 'w01-c2': '', 'w01-c3': '' },
          // The revision the answers were edited from (nothing saved yet): decision 0267.
          baseRevision: 0,
        },
      },
    ]);
    expect(screen.getByRole('radio', { name: 'Sam (answered)' })).toBeChecked();
    expect(screen.getByText(/Sam's answers are saved\./)).toBeInTheDocument();
  });

  it('shows the server’s message when a save is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer({
      saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() },
      summary: null,
    });
    renderPanel(1);
    await openWorkbook();
    server.fetch.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify([
            {
              error: {
                message: 'You need to complete the previous week first.',
                code: -32003,
                data: { code: 'FORBIDDEN', httpStatus: 403 },
              },
            },
          ]),
          { status: 403, headers: { 'content-type': 'application/json' } },
        ),
    );
    await fill(user, screen.getByRole('textbox', { name: `1. ${QUESTIONS[0]}` }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Responses' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Save Failed')).toBeInTheDocument();
    expect(within(alert).getByText('You need to complete the previous week first.')).toBeInTheDocument();
    // Nothing typed is lost.
    expect(screen.getByRole('textbox', { name: `1. ${QUESTIONS[0]}` })).toHaveValue('x');
    expect(screen.getByRole('radio', { name: 'Alex' })).toBeInTheDocument();
  });

  it('says "Network error occurred while saving" when the request never gets an answer', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer({
      saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() },
      summary: null,
    });
    renderPanel(1);
    await openWorkbook();
    server.fetch.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(screen.getByRole('button', { name: 'Save Responses' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Save Failed')).toBeInTheDocument();
    expect(within(alert).getByText('Network error occurred while saving')).toBeInTheDocument();
  });

  it('says "Failed to save responses" when the answer is not the server speaking', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer({
      saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() },
      summary: null,
    });
    renderPanel(1);
    await openWorkbook();
    server.fetch.mockImplementationOnce(
      async () =>
        new Response('<html><body>502 Bad Gateway</body></html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Save Responses' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to save responses')).toBeInTheDocument();
  });

  it('offers Generate Summary only once both partners have answered, then shows the summary', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer({
      saved: { partner1: answered('Walks.'), partner2: emptyWorkbookResponse() },
      summary: null,
    });
    renderPanel(1);
    await openWorkbook();
    expect(screen.queryByRole('button', { name: 'Generate Summary' })).not.toBeInTheDocument();
    expect(screen.getByText(/Once you have both answered/)).toBeInTheDocument();
    expect(screen.getByText('Sam: not yet')).toBeInTheDocument();

    // Typing is not answering: the button waits for the save.
    await user.click(screen.getByRole('radio', { name: 'Sam' }));
    await fill(user, screen.getByRole('textbox', { name: `1. ${QUESTIONS[0]}` }), 'Walks, always.');
    expect(screen.queryByRole('button', { name: 'Generate Summary' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Responses' }));
    await user.click(await screen.findByRole('button', { name: 'Generate Summary' }));

    expect(await screen.findByText(/Week 1 was about listening to understand/)).toBeInTheDocument();
    expect(screen.getByText(/Where you meet: you both came back to “walks”\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate Summary' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your week together' })).toHaveFocus();
    expect(server.calls.filter((call) => call.path === 'workbook.generateSummary')).toEqual([
      { path: 'workbook.generateSummary', input: { weekNumber: 1 } },
    ]);
  });

  it('shows an existing summary instead of the Generate Summary button', async () => {
    fakeServer({
      saved: { partner1: answered('a'), partner2: answered('b') },
      summary: 'Our first paragraph.\n\nOur second.',
    });
    renderPanel(1);
    await openWorkbook();
    expect(screen.getByText('Our first paragraph.')).toBeInTheDocument();
    expect(screen.getByText('Our second.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate Summary' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh summary' })).toBeInTheDocument();
  });

  it('says a locked week is locked and offers to choose another', async () => {
    fakeServer({
      saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() },
      summary: null,
      lockedWeeks: [5],
    });
    const { onChooseWeek } = renderPanel(5);
    expect(await screen.findByRole('heading', { name: 'Week 5 is locked' })).toBeInTheDocument();
    expect(screen.getByText('The server refuses week 5.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose a week' }));
    expect(onChooseWeek).toHaveBeenCalled();
  });

  // A session's notes (issue 35): answers sealed meanwhile (private answers turned on on another
  // device) said "Esta semana todavía no está abierta." on a Spanish page, of an open week.
  it('says in Spanish that the partner’s answers are sealed when the server refuses them', async () => {
    i18n.activate('es');
    const server = fakeServer({
      saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() },
      summary: null,
    });
    server.on('workbook.answers', () => ({
      error: {
        message:
          "Your partner's answers for this week are sealed: they open once you have both marked your answers as shared.",
        code: 'FORBIDDEN',
        httpStatus: 403,
      },
    }));
    renderPanel(1);
    expect(
      await screen.findByText(
        'Las respuestas de tu pareja para esta semana están selladas: se abren cuando los dos hayan marcado sus respuestas como compartidas.',
      ),
    ).toBeInTheDocument();
  });

  it('explains when a week borrows the Week 1 exercises', async () => {
    fakeServer({
      saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() },
      summary: null,
      fallbackWeeks: [9],
    });
    renderPanel(9);
    await openWorkbook();
    expect(screen.getByText(/Week 9's own exercises are still being written/)).toBeInTheDocument();
    expect(screen.getByText('Week 9')).toBeInTheDocument();
    // A note, not an alert: it is there as the week opens (Mantine's Alert is role=alert unless told).
    expect(screen.getByRole('note', { name: 'Foundation exercises' })).toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('uses Partner 1 / Partner 2 when the profile has no names yet', async () => {
    fakeServer({ saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() }, summary: null });
    renderWithQueryClient(
      <WorkbookPanel weekNumber={1} partnerNames={{ partner1: '', partner2: ' ' }} onChooseWeek={() => {}} />,
    );
    await openWorkbook();
    expect(screen.getByRole('radio', { name: 'Partner 1' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Partner 2' })).toBeInTheDocument();
  });

  /** Types `words` into week 1's first answer, then switches the panel to week 2 (unsaved). */
  async function typeThenLeaveWeekOne(words: string) {
    const user = userEvent.setup({ delay: null });
    fakeServer({ saved: { partner1: emptyWorkbookResponse(), partner2: emptyWorkbookResponse() }, summary: null });
    const view = renderWithQueryClient(<WorkbookPanel weekNumber={1} partnerNames={names} onChooseWeek={() => {}} />);
    await openWorkbook();
    await fill(user, firstAnswer(), words);
    await showWeek(view, 2);
    return view;
  }

  async function showWeek(view: ReturnType<typeof renderWithQueryClient>, weekNumber: number) {
    view.rerender(<WorkbookPanel weekNumber={weekNumber} partnerNames={names} onChooseWeek={() => {}} />);
    await waitFor(() => expect(screen.getByText(`Week ${weekNumber}`)).toBeInTheDocument());
  }

  const firstAnswer = () => screen.getByRole('textbox', { name: `1. ${QUESTIONS[0]}` });

  it('opens another week with its own answers, and gives the unsaved ones back on return', async () => {
    const view = await typeThenLeaveWeekOne('week one words');
    expect(firstAnswer()).toHaveValue('');
    await showWeek(view, 1);
    expect(firstAnswer()).toHaveValue('week one words');
    expect(screen.getByText(/Alex has unsaved changes\./)).toBeInTheDocument();
  });

  it('drops the unsaved answers of a week left behind when the session changes (sign-in or sign-out)', async () => {
    const view = await typeThenLeaveWeekOne('private words');
    await view.queryClient.resetQueries(); // what signing in or out does to the cache
    await showWeek(view, 1);
    expect(firstAnswer()).toHaveValue('');
  });
});
