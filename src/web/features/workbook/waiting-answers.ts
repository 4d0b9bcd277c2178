import { type QueryClient, useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Partner } from '../../../shared/constants';
import type { WorkbookAnswersView } from '../../../shared/workbook-schemas';
import { notify } from '../../components/notifications';
import { translate } from '../../i18n/i18n';
import { conflictCurrent, noAnswer, notSavedError } from '../../lib/api-error';
import {
  currentDraft,
  draftKey,
  listDrafts,
  removeDraft,
  useCoupleId,
  useDraftsVersion,
  writeDraft,
} from '../../lib/local-draft';
import { useOnline, useRestAfterNoAnswer } from '../../lib/network';
import { trpc } from '../../trpc';
import {
  type KeptWorkbook,
  keptAfterSave,
  keptExtras,
  queuedSave,
  readKeptWorkbook,
  saveFailedTitle,
  saveFailureMessage,
  unsavedDrafts,
} from './drafts';

/*
 * Workbook answers waiting on this device (issue 36, decision 0268): the partners whose Save was
 * pressed offline (`queued` in the week's kept workbook) are sent, with the revision they were
 * edited from, as soon as the browser is online, on this visit or the next one, whichever tab or
 * week is on screen, as SendWaitingProgress sends notes and ratings. A week whose editor is open
 * sends its own (workbook-editor.tsx) and is left alone here; and neither sends while a workbook
 * save is on its way, then each judges what waits against the answers that save put in the page
 * (`queuedSave`), so no save goes twice.
 */

/** The weeks whose editor is on screen (how many times: a remount overlaps). */
const editorsOpen = new Map<number, number>();

/** The week's editor is on screen while `open`: it sends the week's waiting answers itself. */
export function useEditorOpen(weekNumber: number, open: boolean): void {
  useEffect(() => {
    if (!open) return undefined;
    editorsOpen.set(weekNumber, (editorsOpen.get(weekNumber) ?? 0) + 1);
    return () => {
      const count = (editorsOpen.get(weekNumber) ?? 1) - 1;
      if (count > 0) editorsOpen.set(weekNumber, count);
      else editorsOpen.delete(weekNumber);
    };
  }, [weekNumber, open]);
}

/** Workbook saves on their way, the editor's or this sender's: one at a time. */
export const WORKBOOK_SAVES = trpc.workbook.saveAnswers.mutationKey();

export function workbookSaveOnItsWay(queryClient: QueryClient): boolean {
  return queryClient.isMutating({ mutationKey: WORKBOOK_SAVES }) > 0;
}

interface Waiting {
  weekNumber: number;
  partner: Partner;
  kept: KeptWorkbook;
  baseRevision: number;
}

/**
 * The couple's queued workbook answers of the weeks with no editor open, by week: only those that
 * know their base revision, and only this sign-in's partner's when it is bound to one (`by` in the
 * draft, or the week's sharing state the page holds); the server refuses another's anyway.
 */
export function waitingAnswers(coupleId: number, queryClient: QueryClient): Waiting[] {
  return listDrafts('workbook', coupleId, readKeptWorkbook)
    .filter(({ weekNumber }) => !editorsOpen.has(weekNumber))
    .flatMap(({ weekNumber, draft }) => {
      const { bases, queued, by } = keptExtras(draft);
      const you = by ?? queryClient.getQueryData(trpc.partners.weekShare.queryKey({ weekNumber }))?.you ?? null;
      return bases
        ? queued
            .filter((partner) => (you ?? partner) === partner)
            .map((partner) => ({ weekNumber, partner, kept: draft, baseRevision: bases[partner] }))
        : [];
    })
    .sort((a, b) => a.weekNumber - b.weekNumber);
}

interface SendWaitingAnswersProps {
  /** The couple's names (the dashboard's), for the toast of a save refused as changed elsewhere. */
  partnerNames: Record<Partner, string>;
}

/**
 * Sends the couple's waiting workbook answers, one at a time, whenever the browser is online, and
 * says how each went, as the week's editor does. The dashboard renders it, beside
 * SendWaitingProgress.
 */
export function SendWaitingAnswers({ partnerNames }: SendWaitingAnswersProps): null {
  const queryClient = useQueryClient();
  const coupleId = useCoupleId();
  const online = useOnline();
  const [resting, rest] = useRestAfterNoAnswer(online);
  // Re-rendered on every change of the drafts, and when a workbook save has its answer.
  useDraftsVersion();
  const savesOnTheWay = useIsMutating({ mutationKey: WORKBOOK_SAVES });
  const answersKey = (weekNumber: number, partner: Partner) => trpc.workbook.answers.queryKey({ weekNumber, partner });

  /** The week's kept answers (on the device and in the page) once `partner`'s save has its answer. */
  function settle(weekNumber: number, partner: Partner, saved?: WorkbookAnswersView): void {
    if (coupleId === null) return;
    const key = draftKey('workbook', coupleId, weekNumber);
    const kept = currentDraft(key, readKeptWorkbook);
    const next =
      kept && keptAfterSave(kept, partner, saved, (other) => queryClient.getQueryData(answersKey(weekNumber, other)));
    if (next) writeDraft(key, next);
    else removeDraft(key);
    if (!next) unsavedDrafts.forget(queryClient, weekNumber);
    else if (unsavedDrafts.read(queryClient, weekNumber)) unsavedDrafts.keep(queryClient, weekNumber, next);
  }

  /**
   * Asks for the other partner's saved answers when the page lacks them and the draft keeps their
   * part (not kept by a sign-in bound to this partner, `by`): the draft goes only once nothing in it
   * is unsaved, and unknown answers count as unsaved.
   */
  async function learnOtherAnswers(weekNumber: number, partner: Partner): Promise<void> {
    const kept =
      coupleId === null ? undefined : currentDraft(draftKey('workbook', coupleId, weekNumber), readKeptWorkbook);
    const other: Partner = partner === 'partner1' ? 'partner2' : 'partner1';
    const { by, queued } = keptExtras(kept);
    if (!kept || (by ?? other) !== other || queued.includes(other)) return;
    if (queryClient.getQueryData(answersKey(weekNumber, other))) return;
    await queryClient
      .fetchQuery(trpc.workbook.answers.queryOptions({ weekNumber, partner: other }))
      .catch(() => undefined);
  }

  function refused(weekNumber: number, partner: Partner, current: WorkbookAnswersView): void {
    // Both kept: this device's in the draft, the server's in the page; the week asks when it opens.
    queryClient.setQueryData(answersKey(weekNumber, partner), current);
    settle(weekNumber, partner);
    notify.error(
      translate('offline.conflict.title'),
      translate('offline.workbook.conflictToast', { name: partnerNames[partner], week: weekNumber }),
    );
  }

  // The outcome is handled before the save counts as done, so whatever sends next sees it.
  const save = useMutation(
    trpc.workbook.saveAnswers.mutationOptions({
      onSuccess: async (response, { weekNumber, partner }) => {
        // The page's data first, then the draft, so the week never shows an older version.
        queryClient.setQueryData(answersKey(Number(weekNumber), partner), response);
        await learnOtherAnswers(Number(weekNumber), partner);
        settle(Number(weekNumber), partner, response);
        notify.success(translate('offline.workbook.sentTitle'), translate('offline.workbook.sent'));
      },
      onError: (error, { weekNumber, partner }) => {
        const current = conflictCurrent<WorkbookAnswersView>(error);
        if (current) {
          refused(Number(weekNumber), partner, current);
          return;
        }
        // Offline again before it went, or no answer (the network or the server away though the
        // browser says online): it waits for the browser to be online again, or a later try.
        if (noAnswer(error)) return rest();
        if (notSavedError(error)?.reason === 'offline') return;
        // Any other failure is shown and not retried on its own: the answers stay in their draft.
        settle(Number(weekNumber), partner);
        notify.error(saveFailedTitle(), saveFailureMessage(error));
      },
    }),
  );

  const next = coupleId === null ? undefined : waitingAnswers(coupleId, queryClient)[0];

  // Runs after every render: the next waiting save goes once no workbook save is on its way.
  useEffect(() => {
    if (!online || resting || !next || savesOnTheWay > 0 || workbookSaveOnItsWay(queryClient)) return;
    // An editor opened since this rendered: it sends the week's own.
    if (editorsOpen.has(next.weekNumber)) return;
    const { weekNumber, partner, kept, baseRevision } = next;
    const saved = queryClient.getQueryData(answersKey(weekNumber, partner));
    const judged = queuedSave(kept[partner], baseRevision, saved);
    if (judged === 'saved' && saved) settle(weekNumber, partner, saved);
    else if (judged === 'refused' && saved) refused(weekNumber, partner, saved);
    else save.mutate({ weekNumber, partner, ...kept[partner], baseRevision });
  });

  return null;
}
