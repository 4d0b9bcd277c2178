import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Partner } from '../../../shared/constants';
import type { WeekShareState } from '../../../shared/partner-schemas';
import type { WeekContent, WorkbookAnswersView } from '../../../shared/workbook-schemas';
import { i18n } from '../../i18n/i18n';
import { draftKey, forgetDrafts, writeDraft } from '../../lib/local-draft';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { queryClient as appQueryClient, trpc } from '../../trpc';
import { renderWithQueryClient } from './test-support';
import { WorkbookPanel } from './workbook-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetDrafts();
  appQueryClient.clear();
});

const CONTENT: WeekContent = {
  weekNumber: 3,
  contentWeek: 3,
  isFallback: false,
  title: 'Money Talks',
  focus: 'money',
  objective: 'Talk about money.',
  reflectionQuestions: [
    { id: 'w03-q1', question: 'Save or spend?', topic: 'saving' },
    { id: 'w03-q2', question: 'Who pays the bills?', topic: 'bills' },
  ],
  discussionPrompts: ['Share.'],
  activity: { title: 'Budget', description: 'Make one.', steps: [] },
  commitmentExamples: ['Track spending.'],
  conversationCards: [{ id: 'w03-c1', text: 'A money memory?' }],
};

function view(reflectionAnswers: Record<string, string>): WorkbookAnswersView {
  return {
    reflectionAnswers,
    discussionNotes: '',
    activityResponse: '',
    weeklyCommitment: '',
    conversationCards: {},
    revision: 0,
    earlier: { reflectionAnswers: [], conversationCards: [] },
  };
}

function shareState(overrides: Partial<WeekShareState> = {}): WeekShareState {
  return {
    weekNumber: 3,
    privateAnswers: true,
    you: 'partner2',
    shared: { partner1: null, partner2: null },
    revealed: false,
    ...overrides,
  };
}

const ANSWERS: Record<Partner, WorkbookAnswersView> = {
  partner1: view({ 'w03-q1': 'Save, mostly.', 'w03-q2': 'Robin' }),
  partner2: view({ 'w03-q1': 'save mostly', 'w03-q2': 'We split them' }),
};

function serve(state: { share: WeekShareState }) {
  return stubTrpcFetch({
    'workbook.content': () => ({ data: CONTENT }),
    'partners.weekShare': () => ({ data: state.share }),
    'workbook.answers': (input) => ({ data: ANSWERS[(input as { partner: Partner }).partner] }),
    'workbook.summary': () => ({ data: { summary: null } }),
    'partners.shareWeek': () => {
      state.share = shareState({ shared: { partner1: null, partner2: '2026-11-23T12:00:00.000Z' } });
      return { data: state.share };
    },
  });
}

const NAMES = { partner1: 'Robin', partner2: 'Casey' };

describe('the workbook of a partner-bound sign-in', () => {
  it("edits only its own answers, never asks for the other's sealed ones, and shares", async () => {
    const server = serve({ share: shareState() });
    const user = userEvent.setup();
    renderWithQueryClient(<WorkbookPanel weekNumber={3} partnerNames={NAMES} onChooseWeek={() => {}} />);

    expect(await screen.findByText('You are answering as Casey.')).toBeInTheDocument();
    expect(screen.queryByText('Who is answering?')).not.toBeInTheDocument();
    expect(screen.getByLabelText('1. Save or spend?')).toHaveValue('save mostly');
    expect(screen.getByRole('heading', { name: /Robin's answers/ })).toBeInTheDocument();
    expect(screen.getByText(/Sealed until you both share/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Generate Summary/ })).not.toBeInTheDocument();
    const asked = server.calls.filter((call) => call.path === 'workbook.answers').map((call) => call.input);
    expect(asked).toEqual([{ weekNumber: 3, partner: 'partner2' }]);
    expect(server.calls.some((call) => call.path === 'workbook.summary')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Mark my answers as shared' }));
    expect(await screen.findByRole('button', { name: 'Your answers are shared' })).toBeDisabled();
    expect(screen.getByText(/Waiting for Robin to share/)).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === 'partners.shareWeek')?.input).toEqual({ weekNumber: 3 });
  });

  it("takes back only its own part of a draft on this device, never the other partner's", async () => {
    // The other partner's sign-in on this phone left a draft: their typed answer, ours blank, queued.
    appQueryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: 41 });
    const response = (reflectionAnswers: Record<string, string>) => ({
      reflectionAnswers,
      discussionNotes: '',
      activityResponse: '',
      weeklyCommitment: '',
      conversationCards: {},
    });
    writeDraft(draftKey('workbook', 41, 3), {
      partner1: response({ 'w03-q1': 'Robin typed this' }),
      partner2: response({}),
      queued: ['partner1'],
      by: 'partner1',
    });
    const server = serve({ share: shareState() });
    renderWithQueryClient(<WorkbookPanel weekNumber={3} partnerNames={NAMES} onChooseWeek={() => {}} />);

    expect(await screen.findByLabelText('1. Save or spend?')).toHaveValue('save mostly');
    expect(screen.getByLabelText('2. Who pays the bills?')).toHaveValue('We split them');
    expect(screen.queryByText(/unsaved changes/)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Robin typed this');
    expect(server.calls.some((call) => call.path === 'workbook.saveAnswers')).toBe(false);
  });

  it('shows both answers side by side after the reveal, the differences first', async () => {
    const shared = { partner1: '2026-11-23T11:00:00.000Z', partner2: '2026-11-23T12:00:00.000Z' };
    serve({ share: shareState({ shared, revealed: true }) });
    renderWithQueryClient(<WorkbookPanel weekNumber={3} partnerNames={NAMES} onChooseWeek={() => {}} />);

    expect(await screen.findByRole('heading', { name: 'Side by side' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('side-by-side-row');
    expect(rows[0]).toHaveTextContent('Who pays the bills?');
    expect(rows[0]).toHaveTextContent('Talk about this');
    expect(rows[0]).toHaveTextContent('We split them');
    expect(rows[1]).toHaveTextContent('Save or spend?');
    expect(rows[1]).toHaveTextContent('You agree');
    await waitFor(() => expect(screen.queryByText(/Sealed until you both share/)).not.toBeInTheDocument());
  });
});

describe('the workbook in Spanish', () => {
  /** English words of the workbook's own texts (the week's content comes from the server). */
  const ENGLISH = [/\bWeek\b/, /\banswers?\b/i, /\bshared?\b/i, /\bSave\b/, /\bSummary\b/i, /\bsealed\b/i, /\bYou\b/];

  function expectNoEnglish() {
    // The week's own content (English fixtures here) aside: only the page's texts are checked.
    const own = (document.body.textContent ?? '')
      .replace(
        /Money Talks|Talk about money\.|Save or spend\?|Who pays the bills\?|Share\.|Budget|Make one\.|Track spending\.|A money memory\?/g,
        '',
      )
      .replace(/Save, mostly\.|save mostly|We split them|Robin|Casey/g, '');
    for (const word of ENGLISH) expect(own, `the page holds ${word}`).not.toMatch(word);
  }

  it('seals, shares and reveals in Spanish, with no English left on the page', async () => {
    i18n.activate('es');
    serve({ share: shareState() });
    const user = userEvent.setup();
    renderWithQueryClient(<WorkbookPanel weekNumber={3} partnerNames={NAMES} onChooseWeek={() => {}} />);

    expect(await screen.findByText('Respondes como Casey.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Las respuestas de Robin/ })).toBeInTheDocument();
    expect(screen.getByText('Semana 3')).toBeInTheDocument();
    expect(screen.getByText('Bases de la comunicación')).toBeInTheDocument();
    expectNoEnglish();
    await user.click(screen.getByRole('button', { name: 'Marcar mis respuestas como compartidas' }));
    expect(await screen.findByText('Compartiste la semana 3. Falta que Robin comparta.')).toBeInTheDocument();
  });

  it('shows the reveal side by side in Spanish', async () => {
    i18n.activate('es');
    const shared = { partner1: '2026-11-23T11:00:00.000Z', partner2: '2026-11-23T12:00:00.000Z' };
    serve({ share: shareState({ shared, revealed: true }) });
    renderWithQueryClient(<WorkbookPanel weekNumber={3} partnerNames={NAMES} onChooseWeek={() => {}} />);

    expect(await screen.findByRole('heading', { name: 'Lado a lado' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('side-by-side-row');
    expect(rows[0]).toHaveTextContent('Hablen de esto');
    expect(rows[1]).toHaveTextContent('Coinciden');
    expect(await screen.findByRole('heading', { name: 'Su semana juntos' })).toBeInTheDocument();
    expectNoEnglish();
  });

  /** A week shown in English (no complete Spanish edition), Robin writing in English, Casey in Spanish. */
  function serveInTwoLanguages(share: WeekShareState) {
    return stubTrpcFetch({
      'workbook.content': () => ({ data: { ...CONTENT, locale: 'en', languageFallback: true } }),
      'partners.weekShare': () => ({ data: share }),
      'workbook.answers': (input) => {
        const partner = (input as { partner: Partner }).partner;
        return { data: { ...ANSWERS[partner], language: partner === 'partner1' ? 'en' : 'es' } };
      },
      'workbook.summary': () => ({ data: { summary: 'Robin and Casey both thought about money.', language: 'en' } }),
    });
  }

  it("marks what is written in English with lang='en': the week, Robin's answers and the summary, not the page's own texts", async () => {
    i18n.activate('es');
    const shared = { partner1: '2026-11-23T11:00:00.000Z', partner2: '2026-11-23T12:00:00.000Z' };
    serveInTwoLanguages(shareState({ shared, revealed: true }));
    renderWithQueryClient(<WorkbookPanel weekNumber={3} partnerNames={NAMES} onChooseWeek={() => {}} />);

    const sideBySide = await screen.findByRole('heading', { name: 'Lado a lado' });
    expect(screen.getByRole('heading', { level: 2, name: 'Money Talks' })).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Talk about money.')).toHaveAttribute('lang', 'en');
    // The question as a field's label and as a row of the reveal.
    for (const question of screen.getAllByText('1. Save or spend?')) expect(question).toHaveAttribute('lang', 'en');
    expect(screen.getAllByText('Save or spend?').every((label) => label.getAttribute('lang') === 'en')).toBe(true);
    // Within a Spanish sentence: "Actividad: Budget", «Track spending.».
    expect(screen.getByText('Budget')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Track spending.')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('heading', { name: 'Actividad: Budget' })).not.toHaveAttribute('lang');
    // In the reveal, Robin's answers in English; Casey's, in the page's language, unmarked.
    const reveal = within(screen.getByRole('region', { name: 'Lado a lado' }));
    expect(reveal.getByText('Save, mostly.')).toHaveAttribute('lang', 'en');
    expect(reveal.getByText('save mostly').closest('[lang]:not(html)')).toBeNull();
    expect(screen.getByTestId('week-summary')).toHaveAttribute('lang', 'en');
    expect(sideBySide.closest('[lang]:not(html)')).toBeNull();
  });

  it("marks a partner's answers in English in the form of a shared sign-in, and not the other's", async () => {
    i18n.activate('es');
    serveInTwoLanguages(shareState({ privateAnswers: false, you: null }));
    const user = userEvent.setup();
    renderWithQueryClient(<WorkbookPanel weekNumber={3} partnerNames={NAMES} onChooseWeek={() => {}} />);

    const robins = await screen.findByRole('textbox', { name: '1. Save or spend?' });
    expect(robins).toHaveValue('Save, mostly.');
    expect(robins).toHaveAttribute('lang', 'en');
    await user.click(screen.getByRole('radio', { name: /Casey/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '1. Save or spend?' })).toHaveValue('save mostly'));
    expect(screen.getByRole('textbox', { name: '1. Save or spend?' })).not.toHaveAttribute('lang');
  });
});
