import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WeekContent } from '../../../shared/workbook-schemas';
import { currentDraft, draftKey, forgetDrafts, writeDraft } from '../../lib/local-draft';
import { deviceDraftStore, restoreDraftStore } from '../../test/device-draft-store';
import { queryClient as appQueryClient, trpc } from '../../trpc';
import { type KeptWorkbook, readKeptWorkbook, unsavedDrafts } from './drafts';
import { oneAnswer, oneAnswerView, renderWithQueryClient, revisionedAnswersServer } from './test-support';
import { SendWaitingAnswers } from './waiting-answers';
import { WorkbookPanel } from './workbook-panel';

/*
 * Workbook answers saved offline go when the browser is online whichever tab or week is on screen
 * (issue 36, decision 0268), once: the week's open editor sends its own, and an editor opened after
 * they went sends nothing.
 */

const COUPLE = 41;
const WEEK = 2;
const key = draftKey('workbook', COUPLE, WEEK);
const QUESTION = 'What made you laugh together this week?';
const NAMES = { partner1: 'Alex', partner2: 'Sam' };
const CONTENT: WeekContent = {
  weekNumber: WEEK,
  contentWeek: WEEK,
  isFallback: false,
  title: 'Laughing Together',
  focus: 'joy',
  objective: 'Notice what brings you joy.',
  reflectionQuestions: [{ id: 'w02-q1', question: QUESTION, topic: 'joy' }],
  discussionPrompts: ['Share a funny moment.'],
  activity: { title: 'The Joy Jar', description: 'Write down small joys.', steps: [] },
  commitmentExamples: ['I will tell you one good thing a day.'],
  conversationCards: [],
};

const answers = (answer: string) => oneAnswer('w02-q1', answer);
const view = (answer: string, revision: number) => oneAnswerView('w02-q1', answer, revision);
const server = (initial: { answer: string; revision: number }, held?: Promise<void>) =>
  revisionedAnswersServer(CONTENT, initial, held);

/** Alex's answer saved offline in week 2 from revision `base`: kept on the device, queued. */
function keptOffline(answer: string, base: number, extra: Partial<KeptWorkbook> = {}): KeptWorkbook {
  const kept: KeptWorkbook = {
    partner1: answers(answer),
    partner2: answers(''),
    bases: { partner1: base, partner2: 0 },
    queued: ['partner1'],
    ...extra,
  };
  writeDraft(key, kept);
  return kept;
}

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

const sender = <SendWaitingAnswers partnerNames={NAMES} />;
const week = (
  <WorkbookPanel weekNumber={WEEK} partnerNames={{ partner1: 'Alex', partner2: 'Sam' }} onChooseWeek={vi.fn()} />
);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetDrafts();
  appQueryClient.clear();
  await restoreDraftStore();
});

describe('workbook answers waiting on the device', () => {
  it('are sent once online with no week open, with their base revision; the draft goes and the toast says so', async () => {
    appQueryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    await deviceDraftStore('accept');
    const { stored, saves } = server({ answer: 'First thoughts', revision: 1 });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const kept = keptOffline('Typed on the train', 1);
    const { queryClient } = renderWithQueryClient(sender);
    // Left for another week earlier in the visit: the copy the editor reads first.
    unsavedDrafts.keep(queryClient, WEEK, kept);
    await settle();
    expect(saves).toHaveLength(0);

    goOnline(true);
    expect(await screen.findByText('The answers you typed offline are saved.')).toBeInTheDocument();
    expect(saves).toEqual([
      expect.objectContaining({
        weekNumber: WEEK,
        partner: 'partner1',
        baseRevision: 1,
        reflectionAnswers: { 'w02-q1': 'Typed on the train' },
      }),
    ]);
    expect(stored).toEqual({ answer: 'Typed on the train', revision: 2 });
    expect(currentDraft(key, readKeptWorkbook)).toBeUndefined();
    expect(unsavedDrafts.read(queryClient, WEEK)).toBeUndefined();
    expect(queryClient.getQueryData(trpc.workbook.answers.queryKey({ weekNumber: WEEK, partner: 'partner1' }))).toEqual(
      view('Typed on the train', 2),
    );
    await settle();
    expect(saves).toHaveLength(1);
  });

  // The network or the server away while the browser says it is online: the answers stay queued,
  // no failure is shown, the next try waits instead of looping, and they go once the browser is
  // online again.
  it('keep waiting when a try gets no answer, and go when the browser is online again', async () => {
    appQueryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    await deviceDraftStore('accept');
    const { stored, saves, stub } = server({ answer: 'First thoughts', revision: 1 });
    const kept = keptOffline('Typed on the train', 1);
    stub.fetch.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithQueryClient(sender);
    await waitFor(() => expect(stub.fetch).toHaveBeenCalledTimes(1));
    await settle();
    expect(stub.fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(currentDraft(key, readKeptWorkbook)).toEqual(kept);

    goOnline(false);
    goOnline(true);
    expect(await screen.findByText('The answers you typed offline are saved.')).toBeInTheDocument();
    expect(saves).toEqual([
      expect.objectContaining({ baseRevision: 1, reflectionAnswers: { 'w02-q1': 'Typed on the train' } }),
    ]);
    expect(stored).toEqual({ answer: 'Typed on the train', revision: 2 });
    expect(currentDraft(key, readKeptWorkbook)).toBeUndefined();
  });

  it('keep both when the answers were saved elsewhere meanwhile (409): the draft stays, no longer queued, and the week asks', async () => {
    appQueryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    const { saves } = server({ answer: 'Written on the laptop', revision: 3 });
    keptOffline('Written on the phone', 1);
    const { rerender } = renderWithQueryClient(sender);
    expect(
      await screen.findByText(/Alex’s answers for week 2 were saved somewhere else .* open week 2 to choose/),
    ).toBeInTheDocument();
    expect(currentDraft(key, readKeptWorkbook)).toEqual(
      expect.objectContaining({
        partner1: answers('Written on the phone'),
        queued: [],
        bases: { partner1: 1, partner2: 0 },
      }),
    );
    await settle();
    expect(saves).toHaveLength(1);

    // Opened, the week shows both versions and asks; nothing more is sent.
    rerender(
      <>
        {sender}
        {week}
      </>,
    );
    const conflict = await screen.findByTestId('workbook-conflict');
    expect(conflict).toHaveTextContent('Written on the laptop');
    expect(screen.getByRole('textbox', { name: `1. ${QUESTION}` })).toHaveValue('Written on the phone');
    await settle();
    expect(saves).toHaveLength(1);
  });

  it('of the week on screen are sent by its editor alone, once', async () => {
    appQueryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    const { stored, saves } = server({ answer: '', revision: 0 });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    keptOffline('Typed in the tunnel', 0);
    // The dashboard's sender first: on the way back online it would be the first to send.
    renderWithQueryClient(
      <>
        {sender}
        {week}
      </>,
    );
    const answer = await screen.findByRole('textbox', { name: `1. ${QUESTION}` });
    expect(answer).toHaveValue('Typed in the tunnel');

    goOnline(true);
    expect(await screen.findByText('The answers you typed offline are saved.')).toBeInTheDocument();
    await settle();
    expect(saves).toEqual([expect.objectContaining({ partner: 'partner1', baseRevision: 0 })]);
    expect(stored).toEqual({ answer: 'Typed in the tunnel', revision: 1 });
    expect(screen.getAllByText('The answers you typed offline are saved.')).toHaveLength(1);
    await waitFor(() => expect(currentDraft(key, readKeptWorkbook)).toBeUndefined());
  });

  it('sent by the dashboard as their week opens are not sent again by its editor', async () => {
    appQueryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    let answer = () => {};
    const { saves } = server({ answer: '', revision: 0 }, new Promise<void>((resolve) => (answer = resolve)));
    keptOffline('On its way', 0);
    const { rerender } = renderWithQueryClient(sender);
    await waitFor(() => expect(saves).toHaveLength(1));

    // The week opens while the save is on its way: its editor starts from the draft, still queued.
    rerender(
      <>
        {sender}
        {week}
      </>,
    );
    expect(await screen.findByRole('textbox', { name: `1. ${QUESTION}` })).toHaveValue('On its way');
    await settle();
    expect(saves).toHaveLength(1);

    answer();
    expect(await screen.findByText('The answers you typed offline are saved.')).toBeInTheDocument();
    expect(await screen.findByText(/Alex's answers are saved\./)).toBeInTheDocument();
    await settle();
    expect(saves).toHaveLength(1);
    expect(screen.queryByTestId('workbook-conflict')).toBeNull();
    await waitFor(() => expect(currentDraft(key, readKeptWorkbook)).toBeUndefined());
  });

  it('sent from another tab are shown when the week opens, and not sent again', async () => {
    appQueryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    const { saves } = server({ answer: '', revision: 0 });
    const kept = keptOffline('Sent from the Progress tab', 0);
    const { queryClient, rerender } = renderWithQueryClient(sender);
    unsavedDrafts.keep(queryClient, WEEK, kept);
    await screen.findByText('The answers you typed offline are saved.');

    rerender(
      <>
        {sender}
        {week}
      </>,
    );
    const answer = await screen.findByRole('textbox', { name: `1. ${QUESTION}` });
    expect(answer).toHaveValue('Sent from the Progress tab');
    expect(await screen.findByText(/Alex's answers are saved\./)).toBeInTheDocument();
    await settle();
    expect(saves).toHaveLength(1);
    expect(screen.queryByTestId('workbook-conflict')).toBeNull();
    expect(currentDraft(key, readKeptWorkbook)).toBeUndefined();
  });

  it('kept by a sign-in bound to a partner send only that partner’s', async () => {
    appQueryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    const { saves } = server({ answer: '', revision: 0 });
    keptOffline('Not mine to send', 0, { by: 'partner2', queued: ['partner1'] });
    renderWithQueryClient(sender);
    await settle();
    expect(saves).toHaveLength(0);
  });
});
