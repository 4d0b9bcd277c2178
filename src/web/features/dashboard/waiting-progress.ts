import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ProgressRecordView } from '../../../shared/progress-schemas';
import { notify } from '../../components/notifications';
import { translate } from '../../i18n/i18n';
import { conflictCurrent, noAnswer, notSavedError } from '../../lib/api-error';
import {
  currentDraft,
  listDrafts,
  removeDraft,
  useCoupleId,
  useDraftsVersion,
  writeDraft,
} from '../../lib/local-draft';
import { useOnline, useRestAfterNoAnswer } from '../../lib/network';
import { queryClient, trpc } from '../../trpc';

/*
 * A week's notes and rating waiting on this device (issue 36, decision 0280), in the local drafts of
 * decisions 0134 and 0268 (IndexedDB): notes saved and a rating chosen while offline are marked
 * `queued` and sent, with what they were edited from, as soon as the browser is online, on this
 * visit or the next one, whichever week is on screen. A save refused because the same notes or
 * rating were saved elsewhere meanwhile (409) is kept, no longer queued, and the week's details show
 * both and ask which to keep.
 */

/** A week's notes not yet confirmed by the server. */
export interface KeptNotes {
  notes: string;
  /** The notes' revision they were edited from (decision 0280); unknown for a draft kept before it. */
  baseRevision?: number;
  /** Save was pressed while offline: sent as soon as the browser is online. */
  queued?: boolean;
}

/** A rating chosen and not yet confirmed by the server. */
export interface KeptRating {
  /** 1-5, or null: the rating cleared. */
  rating: number | null;
  /** The rating shown when this one was chosen: what the server checks it against. */
  base: number | null;
  /** Waiting to be sent; false once the server refused it because the rating changed elsewhere. */
  queued: boolean;
  /** Chosen, or left waiting, while offline: its outcome says so. */
  offline?: boolean;
}

const isRating = (value: unknown): value is number | null =>
  value === null || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5);

/** A kept notes draft as this version keeps it (a plain string: as an earlier version kept it). */
export function readKeptNotes(value: unknown): KeptNotes | undefined {
  if (typeof value === 'string') return { notes: value };
  if (!value || typeof value !== 'object') return undefined;
  const { notes, baseRevision, queued } = value as Record<string, unknown>;
  if (typeof notes !== 'string') return undefined;
  const base = Number.isInteger(baseRevision) && (baseRevision as number) >= 0 ? (baseRevision as number) : undefined;
  return {
    notes,
    ...(base !== undefined ? { baseRevision: base } : {}),
    // Only notes that know their base are sent on their own.
    ...(queued === true && base !== undefined ? { queued: true } : {}),
  };
}

export function readKeptRating(value: unknown): KeptRating | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { rating, base, queued, offline } = value as Record<string, unknown>;
  if (!isRating(rating) || !isRating(base) || typeof queued !== 'boolean') return undefined;
  return { rating, base, queued, ...(offline === true ? { offline: true } : {}) };
}

/**
 * What the notes draft becomes once the server holds `record`: gone when it holds these notes, else
 * (more was typed meanwhile) kept, edited from the new revision and no longer queued.
 */
export function notesAfterSave(kept: KeptNotes | undefined, record: ProgressRecordView): KeptNotes | undefined {
  return kept && kept.notes !== record.notes ? { notes: kept.notes, baseRevision: record.notesRevision } : undefined;
}

/**
 * The week's rating as the server last answered it, read from the page's data at the moment it is
 * asked, or `fallback` when the page holds no list (a card on its own). A choice made between a
 * save's answer and the next render must be made over the rating just saved, not the one the card
 * last drew: else it is refused as rated elsewhere (decision 0280).
 */
export function savedRatingNow(weekNumber: number, fallback: number | null): number | null {
  const records = queryClient.getQueryData(trpc.progress.list.queryKey());
  const record = records?.find((item) => item.weekNumber === weekNumber);
  return records ? (record?.rating ?? null) : fallback;
}

type Waiting =
  | { kind: 'notes'; weekNumber: number; key: string; draft: KeptNotes }
  | { kind: 'rating'; weekNumber: number; key: string; draft: KeptRating };

/** The couple's notes and ratings waiting to be sent, by week. */
export function waitingProgress(coupleId: number): Waiting[] {
  return [
    ...listDrafts('notes', coupleId, readKeptNotes)
      .filter((item) => item.draft.queued)
      .map((item) => ({ kind: 'notes' as const, ...item })),
    ...listDrafts('rating', coupleId, readKeptRating)
      .filter((item) => item.draft.queued)
      .map((item) => ({ kind: 'rating' as const, ...item })),
  ].sort((a, b) => a.weekNumber - b.weekNumber);
}

interface SendWaitingProgressOptions {
  /** Puts the saved record (or, on a 409, the one the server holds) into the page's data. */
  onRecord: (record: ProgressRecordView) => void;
  /** Says why a save failed, other than offline or a 409 (the dashboard's progress toast). */
  onFailed: (error: unknown) => void;
}

/**
 * Sends the couple's waiting notes and ratings, one at a time, whenever the browser is online, and
 * says how each went. The dashboard renders it, so they go whichever week is on screen; a component
 * of its own, so a keystroke in the notes (a change of the drafts) re-renders it alone.
 */
export function SendWaitingProgress(options: SendWaitingProgressOptions): null {
  useSendWaitingProgress(options);
  return null;
}

function useSendWaitingProgress({ onRecord, onFailed }: SendWaitingProgressOptions): void {
  const coupleId = useCoupleId();
  const online = useOnline();
  const [resting, rest] = useRestAfterNoAnswer(online);
  // Re-rendered on every change of the drafts, so what was queued meanwhile is seen.
  useDraftsVersion();
  const update = useMutation(trpc.progress.update.mutationOptions());
  const sending = useRef(false);
  const [, setSent] = useState(0);
  const next = coupleId === null ? undefined : waitingProgress(coupleId)[0];

  // Runs after every render: the next waiting change goes once the one before it has its answer.
  useEffect(() => {
    if (!online || resting || !next || sending.current) return;
    sending.current = true;
    void send(next).finally(() => {
      sending.current = false;
      setSent((count) => count + 1);
    });
  });

  async function send(waiting: Waiting): Promise<void> {
    const { weekNumber, key } = waiting;
    try {
      const record =
        waiting.kind === 'notes'
          ? await update.mutateAsync({
              weekNumber,
              notes: waiting.draft.notes,
              baseNotesRevision: waiting.draft.baseRevision ?? 0,
            })
          : await update.mutateAsync({ weekNumber, rating: waiting.draft.rating, baseRating: waiting.draft.base });
      // The page's data first, then the draft (read again: more may have been typed or chosen
      // while the save was on its way), so the week's details never show an older version.
      onRecord(record);
      if (waiting.kind === 'notes') {
        keep(key, notesAfterSave(currentDraft(key, readKeptNotes), record));
        notify.success(translate('offline.notes.sentTitle'), translate('offline.notes.sent', { week: weekNumber }));
      } else {
        // A rating chosen meanwhile stays waiting, now chosen over this one.
        const latest = currentDraft(key, readKeptRating);
        keep(key, latest && latest.rating !== record.rating ? { ...latest, base: record.rating } : undefined);
        ratingSaved(record, waiting.draft.offline === true);
      }
    } catch (error) {
      const stored = conflictCurrent<ProgressRecordView>(error);
      if (stored) {
        // Both kept: this device's in its draft, the server's in the page; the week's details ask.
        const latest = waiting.kind === 'notes' ? currentDraft(key, readKeptNotes) : currentDraft(key, readKeptRating);
        keep(key, latest && { ...latest, queued: false });
        onRecord(stored);
        notify.error(
          translate('offline.conflict.title'),
          translate(waiting.kind === 'notes' ? 'offline.notes.conflictToast' : 'offline.rating.conflictToast', {
            week: weekNumber,
          }),
        );
        return;
      }
      if (notSavedError(error)?.reason === 'offline' || noAnswer(error)) {
        // Offline again before it went, or no answer (the network or the server away though the
        // browser says online): it waits for the browser to be online again, or a later try.
        if (noAnswer(error)) rest();
        const latest = waiting.kind === 'rating' ? currentDraft(key, readKeptRating) : undefined;
        if (latest) keep(key, { ...latest, offline: true });
        return;
      }
      // Any other failure is shown and not retried on its own: notes stay in their draft, a
      // rating goes back to the saved one.
      if (waiting.kind === 'notes') {
        const latest = currentDraft(key, readKeptNotes);
        keep(key, latest && { ...latest, queued: false });
      } else {
        removeDraft(key);
      }
      onFailed(error);
    }
  }
}

function keep(key: string, value: unknown): void {
  if (value === undefined) removeDraft(key);
  else writeDraft(key, value);
}

/** The toast of a saved rating: the usual one, or one that says it was chosen offline. */
function ratingSaved(record: ProgressRecordView, chosenOffline: boolean): void {
  if (chosenOffline) {
    notify.success(
      translate('offline.rating.sentTitle'),
      record.rating === null
        ? translate('offline.rating.sentCleared', { week: record.weekNumber })
        : translate('offline.rating.sent', { week: record.weekNumber, rating: record.rating }),
    );
    return;
  }
  notify.success(
    translate('dashboard.toast.progressSaved'),
    record.rating === null
      ? translate('dashboard.toast.ratingCleared')
      : translate('dashboard.detail.rated', { rating: record.rating }),
  );
}
