import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProgressRecordView } from '../../../shared/progress-schemas';
import {
  currentDraft,
  type DraftStore,
  draftKey,
  forgetDrafts,
  loadStoredDrafts,
  type StoredDraft,
  writeDraft,
} from '../../lib/local-draft';
import { NO_ANSWER_REST_MS } from '../../lib/network';
import { renderWithProviders } from '../../test/render';
import { stubTrpcFetch, type StubAnswer } from '../../test/trpc-fetch-stub';
import { createQueryClient, queryClient, trpc } from '../../trpc';
import { readKeptNotes, readKeptRating, SendWaitingProgress } from './waiting-progress';

/*
 * Notes saved and ratings chosen offline wait on the device and are sent when the browser is online,
 * on this visit or the next; a 409 keeps both (issue 36, decision 0280).
 */

const COUPLE = 41;
const notesKey = (week: number) => draftKey('notes', COUPLE, week);
const ratingKey = (week: number) => draftKey('rating', COUPLE, week);

function record(fields: Partial<ProgressRecordView> & { weekNumber: number }): ProgressRecordView {
  return { notes: '', notesRevision: 0, rating: null, completedAt: null, ...fields };
}

interface UpdateInput {
  weekNumber: number;
  notes?: string;
  rating?: number | null;
  baseNotesRevision?: number;
  baseRating?: number | null;
}

/** A server that accepts every save, one notes revision later, unless `answer` says otherwise. */
function server(answer?: (input: UpdateInput) => StubAnswer | undefined) {
  const revisions = new Map<number, number>();
  const stub = stubTrpcFetch({
    'progress.update': (raw) => {
      const input = raw as UpdateInput;
      const refused = answer?.(input);
      if (refused) return refused;
      const revision = (revisions.get(input.weekNumber) ?? 0) + (input.notes !== undefined ? 1 : 0);
      revisions.set(input.weekNumber, revision);
      return {
        data: record({
          weekNumber: input.weekNumber,
          notes: input.notes ?? '',
          notesRevision: revision,
          rating: input.rating ?? null,
        }),
      };
    },
  });
  const updates = () => stub.calls.filter((call) => call.path === 'progress.update').map((call) => call.input);
  return { stub, updates };
}

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

function renderSender() {
  const onRecord = vi.fn();
  const onFailed = vi.fn();
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <SendWaitingProgress onRecord={onRecord} onFailed={onFailed} />
    </QueryClientProvider>,
  );
  return { onRecord, onFailed };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetDrafts();
  queryClient.clear();
});

describe('notes and ratings waiting on the device', () => {
  it('are sent once the browser is online, with what they were edited from, and the outcome is shown', async () => {
    queryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    const { updates } = server();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    writeDraft(notesKey(3), { notes: 'Written on the train', baseRevision: 0, queued: true });
    writeDraft(ratingKey(3), { rating: 4, base: null, queued: true, offline: true });
    // Not saved, not waiting: stays for the week's details, unsent.
    writeDraft(notesKey(5), { notes: 'Half a thought', baseRevision: 2 });
    const { onRecord } = renderSender();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(updates()).toEqual([]);

    goOnline(true);
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()).toEqual([
      { weekNumber: 3, notes: 'Written on the train', baseNotesRevision: 0 },
      { weekNumber: 3, rating: 4, baseRating: null },
    ]);
    expect(await screen.findByText('The rating you chose offline for week 3 is saved: 4 of 5.')).toBeInTheDocument();
    expect(onRecord).toHaveBeenCalledWith(expect.objectContaining({ weekNumber: 3, notes: 'Written on the train' }));
    expect(currentDraft(notesKey(3), readKeptNotes)).toBeUndefined();
    expect(currentDraft(ratingKey(3), readKeptRating)).toBeUndefined();
    expect(currentDraft(notesKey(5), readKeptNotes)).toEqual({ notes: 'Half a thought', baseRevision: 2 });
  });

  it('are sent on the next visit, read back from the device (the page was closed offline)', async () => {
    queryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    const { updates } = server();
    const kept = new Map<string, StoredDraft>([
      [notesKey(2), { savedAt: Date.now(), value: { notes: 'From yesterday', baseRevision: 0, queued: true } }],
    ]);
    const device: DraftStore = {
      entries: async () => [...kept.entries()],
      set: async (key, value) => void kept.set(key, value),
      del: async (key) => void kept.delete(key),
    };
    await loadStoredDrafts(device);
    renderSender();
    await waitFor(() => expect(updates()).toEqual([{ weekNumber: 2, notes: 'From yesterday', baseNotesRevision: 0 }]));
    expect(await screen.findByText('The notes you saved offline for week 2 are saved.')).toBeInTheDocument();
    await waitFor(() => expect(kept.has(notesKey(2))).toBe(false));
  });

  it('keep both when the notes were saved elsewhere meanwhile (409): the draft stays, unsent, and the toast says where to choose', async () => {
    queryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    const stored = record({ weekNumber: 4, notes: 'Written on the laptop', notesRevision: 1 });
    const { updates } = server(() => ({
      error: { message: 'Changed elsewhere.', httpStatus: 409, extra: { current: stored } },
    }));
    writeDraft(notesKey(4), { notes: 'Written on the phone', baseRevision: 0, queued: true });
    const { onRecord, onFailed } = renderSender();
    expect(await screen.findByText(/open week 4 to choose which version to keep/)).toBeInTheDocument();
    expect(onRecord).toHaveBeenCalledWith(stored);
    expect(currentDraft(notesKey(4), readKeptNotes)).toEqual({ notes: 'Written on the phone', baseRevision: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(updates()).toHaveLength(1);
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('keep both when the week was rated elsewhere meanwhile (409)', async () => {
    queryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    const stored = record({ weekNumber: 1, rating: 2 });
    server(() => ({ error: { message: 'Rated elsewhere.', httpStatus: 409, extra: { current: stored } } }));
    writeDraft(ratingKey(1), { rating: 5, base: null, queued: true, offline: true });
    const { onRecord } = renderSender();
    expect(await screen.findByText(/open week 1 to choose which rating to keep/)).toBeInTheDocument();
    expect(onRecord).toHaveBeenCalledWith(stored);
    expect(currentDraft(ratingKey(1), readKeptRating)).toEqual({ rating: 5, base: null, queued: false, offline: true });
  });

  it('send a rating chosen while the one before was on its way next, over the one just saved', async () => {
    queryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    let first = true;
    const { updates } = server(() => {
      // The couple chooses 5 while 3 is on its way.
      if (first) writeDraft(ratingKey(1), { rating: 5, base: null, queued: true });
      first = false;
      return undefined;
    });
    writeDraft(ratingKey(1), { rating: 3, base: null, queued: true });
    renderSender();
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()).toEqual([
      { weekNumber: 1, rating: 3, baseRating: null },
      { weekNumber: 1, rating: 5, baseRating: 3 },
    ]);
    expect(await screen.findByText('Rated 5 of 5.')).toBeInTheDocument();
    await waitFor(() => expect(currentDraft(ratingKey(1), readKeptRating)).toBeUndefined());
  });

  // The network or the server away while the browser says it is online (a phone on a weak signal,
  // the server restarting): nothing is dropped, and the next try waits instead of looping.
  it('keep waiting when a try gets no answer, and go when the browser is online again', async () => {
    queryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    let unreachable = true;
    const { updates } = server(() => (unreachable ? 'network-failure' : undefined));
    writeDraft(notesKey(3), { notes: 'On the bus', baseRevision: 1, queued: true });
    writeDraft(ratingKey(3), { rating: 4, base: null, queued: true });
    const { onFailed, onRecord } = renderSender();
    await waitFor(() => expect(updates()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(updates()).toHaveLength(1);
    expect(onFailed).not.toHaveBeenCalled();
    expect(currentDraft(notesKey(3), readKeptNotes)).toEqual({ notes: 'On the bus', baseRevision: 1, queued: true });
    expect(currentDraft(ratingKey(3), readKeptRating)).toEqual({ rating: 4, base: null, queued: true });

    unreachable = false;
    goOnline(false);
    goOnline(true);
    await waitFor(() => expect(onRecord).toHaveBeenCalledTimes(2));
    expect(updates()).toEqual([
      expect.objectContaining({ weekNumber: 3, notes: 'On the bus' }),
      expect.objectContaining({ weekNumber: 3, notes: 'On the bus' }),
      expect.objectContaining({ weekNumber: 3, rating: 4 }),
    ]);
    expect(currentDraft(notesKey(3), readKeptNotes)).toBeUndefined();
    expect(currentDraft(ratingKey(3), readKeptRating)).toBeUndefined();
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('try again on their own a while after a try that got no answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      queryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
      let unreachable = true;
      const { updates } = server(() => (unreachable ? 'network-failure' : undefined));
      writeDraft(ratingKey(5), { rating: 2, base: null, queued: true });
      const { onRecord } = renderSender();
      await waitFor(() => expect(updates()).toHaveLength(1));
      unreachable = false;
      await act(() => vi.advanceTimersByTimeAsync(NO_ANSWER_REST_MS - 1_000));
      expect(updates()).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await waitFor(() => expect(onRecord).toHaveBeenCalledTimes(1));
      expect(updates()).toHaveLength(2);
      expect(currentDraft(ratingKey(5), readKeptRating)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('show any other failure and do not retry it: notes stay in their draft, a rating goes back', async () => {
    queryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: COUPLE });
    const { updates } = server(() => ({
      error: { message: 'You need to complete the previous week first.', httpStatus: 403 },
    }));
    writeDraft(notesKey(6), { notes: 'Too early', baseRevision: 0, queued: true });
    writeDraft(ratingKey(6), { rating: 2, base: null, queued: true });
    const { onFailed } = renderSender();
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(2));
    expect(currentDraft(notesKey(6), readKeptNotes)).toEqual({ notes: 'Too early', baseRevision: 0 });
    expect(currentDraft(ratingKey(6), readKeptRating)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(updates()).toHaveLength(2);
  });
});
