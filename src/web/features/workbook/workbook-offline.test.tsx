import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WeekContent } from '../../../shared/workbook-schemas';
import { forgetDrafts } from '../../lib/local-draft';
import { dropFocusFromDisabledControls } from '../../test/focus-fixup';
import { deviceDraftStore, restoreDraftStore } from '../../test/device-draft-store';
import { queryClient as appQueryClient, trpc } from '../../trpc';
import { oneAnswerView, renderWithQueryClient, revisionedAnswersServer } from './test-support';
import { WorkbookPanel } from './workbook-panel';

/*
 * Answers typed offline wait on the device and go when the network is back; a save from a stale
 * revision (409) keeps both versions and asks (issue 36, decisions 0267 and 0268).
 */

const QUESTION = 'When did you last feel truly heard?';
const CONTENT: WeekContent = {
  weekNumber: 1,
  contentWeek: 1,
  isFallback: false,
  title: 'Listening to Understand',
  focus: 'listening',
  objective: 'Learn what helps each of you feel heard.',
  reflectionQuestions: [{ id: 'w01-q1', question: QUESTION, topic: 'listening' }],
  discussionPrompts: ['Share your first answers.'],
  activity: { title: 'The Listening Swap', description: 'Take turns listening.', steps: [] },
  commitmentExamples: ['I will put my phone away at dinner.'],
  conversationCards: [],
};

const _view = (answer: string, revision: number) => oneAnswerView('w01-q1', answer, revision);
const server = (initial: { answer: string; revision: number }) => revisionedAnswersServer(CONTENT, initial);

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')));
}

async function openWeek() {
  renderWithQueryClient(
    <WorkbookPanel weekNumber={1} partnerNames={{ partner1: 'Alex', partner2: 'Sam' }} onChooseWeek={vi.fn()} />,
  );
  return screen.findByRole('textbox', { name: `1. ${QUESTION}` });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetDrafts();
  // The couple some tests sign in (their drafts are kept under its id).
  appQueryClient.clear();
  await restoreDraftStore();
});

/** Opens the week, goes offline, types an answer and saves it; answers the answer's field. */
async function saveOffline(user: ReturnType<typeof userEvent.setup>) {
  const answer = await openWeek();
  goOffline(true);
  await user.click(answer);
  await user.paste('Typed on the train');
  await user.click(screen.getByRole('button', { name: 'Save Responses' }));
  return answer;
}

describe('the workbook offline', () => {
  it('keeps answers saved offline on the device and sends them when the network is back, saying so', async () => {
    appQueryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: 41 });
    await deviceDraftStore('accept');
    const user = userEvent.setup({ delay: null });
    const { stored, saves } = server({ answer: '', revision: 0 });
    const answer = await saveOffline(user);
    expect(
      await screen.findByText(/Alex’s answers are kept on this device and will be sent when you are back online/),
    ).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    goOffline(false);
    expect(await screen.findByText('The answers you typed offline are saved.')).toBeInTheDocument();
    expect(saves).toEqual([expect.objectContaining({ partner: 'partner1', baseRevision: 0 })]);
    expect(stored).toEqual({ answer: 'Typed on the train', revision: 1 });
    expect(answer).toHaveValue('Typed on the train');
  });

  it('says answers saved offline wait in this page only, where the browser keeps nothing on the device', async () => {
    const user = userEvent.setup({ delay: null });
    const { saves } = server({ answer: '', revision: 0 });
    await saveOffline(user);
    expect(
      await screen.findByText(
        'Alex’s answers will be sent when you are back online. This browser is not keeping them on the device, so keep this page open until then.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Waiting to be sent')).toBeInTheDocument();
    expect(screen.queryByText(/kept on this device/)).toBeNull();
    expect(saves).toHaveLength(0);
    goOffline(false);
    expect(await screen.findByText('The answers you typed offline are saved.')).toBeInTheDocument();
  });

  it('says answers saved offline wait in this page when the device refused to keep them, in the toast too', async () => {
    appQueryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: 41 });
    await deviceDraftStore('refuse');
    try {
      const user = userEvent.setup({ delay: null });
      const { saves } = server({ answer: '', revision: 0 });
      await saveOffline(user);
      expect(await screen.findByText('Waiting to be sent')).toBeInTheDocument();
      expect(screen.queryByText(/kept on this device/)).toBeNull();
      expect(saves).toHaveLength(0);
    } finally {
      // As below: closed before the network comes back, then the query library is told it is online.
      cleanup();
      onlineManager.setOnline(true);
    }
  });

  it('says answers saved offline are kept on this device only once the device has them', async () => {
    // A signed-in couple (drafts are kept under its id), and a device store (IndexedDB on a phone)
    // that answers only when the test lets it.
    appQueryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: 41 });
    const device = await deviceDraftStore('hold');
    try {
      const user = userEvent.setup({ delay: null });
      server({ answer: '', revision: 0 });
      await saveOffline(user);
      const kept = /Alex’s answers are kept on this device and will be sent when you are back online/;
      expect(await screen.findByText('Alex has unsaved changes.')).toBeInTheDocument();
      expect(screen.queryByText(kept)).toBeNull();

      await act(async () => device.release());
      expect(screen.getByText(kept)).toBeInTheDocument();
    } finally {
      // Closed before the network comes back, so nothing of this couple's is sent after the test;
      // then the query library is told it is online (it heard the events only while mounted).
      cleanup();
      onlineManager.setOnline(true);
    }
  });

  it('keeps both versions when the answers changed elsewhere, and saves mine only when asked', async () => {
    const user = userEvent.setup({ delay: null });
    const { stored, saves } = server({ answer: '', revision: 0 });
    const answer = await openWeek();
    // Another device saves while this one edits from revision 0.
    stored.answer = 'Written on the laptop';
    stored.revision = 1;
    await user.click(answer);
    await user.paste('Written on the phone');
    await user.click(screen.getByRole('button', { name: 'Save Responses' }));

    const conflict = await screen.findByTestId('workbook-conflict');
    expect(conflict).toHaveTextContent('Changed on another device');
    expect(conflict).toHaveTextContent('Written on the laptop');
    expect(answer).toHaveValue('Written on the phone');
    expect(stored.answer).toBe('Written on the laptop');

    await user.click(screen.getByRole('button', { name: 'Keep my version' }));
    await waitFor(() => expect(stored).toEqual({ answer: 'Written on the phone', revision: 2 }));
    expect(saves.map((save) => save.baseRevision)).toEqual([0, 1]);
    await waitFor(() => expect(screen.queryByTestId('workbook-conflict')).not.toBeInTheDocument());
  });

  it('takes the saved version when asked, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { stored, saves } = server({ answer: 'First', revision: 1 });
    const answer = await openWeek();
    stored.answer = 'Changed by the other device';
    stored.revision = 2;
    await user.clear(answer);
    await user.paste('Mine');
    await user.click(screen.getByRole('button', { name: 'Save Responses' }));
    await screen.findByTestId('workbook-conflict');
    await user.click(screen.getByRole('button', { name: 'Use the saved version' }));
    expect(answer).toHaveValue('Changed by the other device');
    expect(screen.queryByTestId('workbook-conflict')).not.toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(screen.getByText(/Alex's answers are saved\./)).toBeInTheDocument();
  });

  // QA walk (issue 35): the conflict panel goes once the couple has chosen, and the keyboard focus
  // on its button fell to the top of the page.
  it('moves the focus to Save Responses once a conflict is settled, either way', async () => {
    const user = userEvent.setup({ delay: null });
    const { stored } = server({ answer: '', revision: 0 });
    const answer = await openWeek();
    dropFocusFromDisabledControls();
    const conflict = async (elsewhere: string, mine: string) => {
      stored.answer = elsewhere;
      stored.revision += 1;
      await user.clear(answer);
      await user.click(answer);
      await user.paste(mine);
      await user.click(screen.getByRole('button', { name: 'Save Responses' }));
      await screen.findByTestId('workbook-conflict');
      // Refused, the focus is back on Save Responses; the couple then moves to the panel.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save Responses' })).toHaveFocus());
    };
    await conflict('Written on the laptop', 'Written on the phone');
    screen.getByRole('button', { name: 'Keep my version' }).focus();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('workbook-conflict')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Responses' })).toHaveFocus());

    await conflict('Written on the tablet', 'Written on the phone again');
    screen.getByRole('button', { name: 'Use the saved version' }).focus();
    // A frame passes before the key, as it does for a person (the move back to Save Responses sees
    // the focus has moved on, and stops).
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await user.keyboard('{Enter}');
    expect(answer).toHaveValue('Written on the tablet');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Responses' })).toHaveFocus());
  });
});
