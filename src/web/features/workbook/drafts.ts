import type { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { PARTNERS, type Partner } from '../../../shared/constants';
import type { WeekContent, WorkbookAnswers, WorkbookAnswersView } from '../../../shared/workbook-schemas';
import { translate } from '../../i18n/i18n';
import { errorMessage } from '../../lib/api-error';
import { isWorkbookDrafts } from '../../lib/local-draft';

/*
 * The workbook's editing rules, apart from the components so they can be tested on their own.
 */

/** docs/product.md#ui-texts, the workbook's save failures. */
export const saveFailedTitle = () => translate('workbook.save.failedTitle');
const saveFailedFallback = () => translate('workbook.save.failed');
const saveNetworkError = () => translate('workbook.save.network');

function byIds(answers: Readonly<Record<string, string>>, ids: readonly string[]): Record<string, string> {
  return Object.fromEntries(ids.map((id) => [id, Object.hasOwn(answers, id) ? answers[id]! : '']));
}

/**
 * Saved answers shaped for the form: one answer for each of the week's reflection questions and one
 * note for each conversation card, by their stable ids (a question never answered reads empty).
 * Answers to questions the seller has removed are not part of the form (they are shown apart).
 */
export function fitToContent(
  answers: WorkbookAnswers,
  content: Pick<WeekContent, 'reflectionQuestions' | 'conversationCards'>,
): WorkbookAnswers {
  return {
    reflectionAnswers: byIds(
      answers.reflectionAnswers,
      content.reflectionQuestions.map((question) => question.id),
    ),
    discussionNotes: answers.discussionNotes,
    activityResponse: answers.activityResponse,
    weeklyCommitment: answers.weeklyCommitment,
    conversationCards: byIds(
      answers.conversationCards,
      content.conversationCards.map((card) => card.id),
    ),
  };
}

function sameAnswers(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const value = (answers: Readonly<Record<string, string>>, key: string) =>
    Object.hasOwn(answers, key) ? answers[key] : '';
  return [...keys].every((key) => value(a, key) === value(b, key));
}

export function sameResponse(a: WorkbookAnswers, b: WorkbookAnswers): boolean {
  return (
    a.discussionNotes === b.discussionNotes &&
    a.activityResponse === b.activityResponse &&
    a.weeklyCommitment === b.weeklyCommitment &&
    sameAnswers(a.reflectionAnswers, b.reflectionAnswers) &&
    sameAnswers(a.conversationCards, b.conversationCards)
  );
}

/**
 * The text of a failed save: the server's own message when it answered with an error; "network
 * error" when the request never got an answer (fetch rejects with a TypeError); otherwise (an HTML
 * error page from a proxy, say) the generic fallback.
 */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.shape) return errorMessage(error, saveFailedFallback());
  const cause: unknown = error instanceof TRPCClientError ? error.cause : error;
  if (cause instanceof TypeError || (cause instanceof Error && cause.name === 'TypeError')) return saveNetworkError();
  return saveFailedFallback();
}

export type WeekDrafts = Record<Partner, WorkbookAnswers>;

/**
 * What the workbook keeps of a week while it has unsaved answers (on the device and in the query
 * cache): both partners' drafts, the revision each was edited from (`bases`, sent with the save so
 * a stale one is refused, decision 0267) and the partners whose Save was pressed offline
 * (`queued`: sent as soon as the browser is online again).
 */
export interface KeptWorkbook extends WeekDrafts {
  bases?: Record<Partner, number>;
  queued?: Partner[];
  /** Kept by a sign-in bound to this partner: only their part is a draft, the other is what it saw. */
  by?: Partner;
}

const isPartner = (value: unknown): value is Partner => value === 'partner1' || value === 'partner2';

/** The `bases`, `queued` and `by` of a kept workbook, when they are well formed. */
export function keptExtras(kept: KeptWorkbook | undefined): {
  bases?: Record<Partner, number>;
  queued: Partner[];
  by?: Partner;
} {
  const bases = kept?.bases;
  const wellFormed =
    !!bases &&
    typeof bases === 'object' &&
    Number.isInteger(bases.partner1) &&
    Number.isInteger(bases.partner2) &&
    bases.partner1 >= 0 &&
    bases.partner2 >= 0;
  const queued = Array.isArray(kept?.queued) ? kept.queued.filter(isPartner) : [];
  return {
    bases: wellFormed ? { partner1: bases.partner1, partner2: bases.partner2 } : undefined,
    queued,
    by: isPartner(kept?.by) ? kept.by : undefined,
  };
}

/** A kept workbook draft as this version keeps it, or undefined (for `listDrafts`, `currentDraft`). */
export function readKeptWorkbook(value: unknown): KeptWorkbook | undefined {
  return isWorkbookDrafts<KeptWorkbook>(value) ? value : undefined;
}

/**
 * A queued partner's answers judged against the answers the page holds for them (none: `send`):
 * already saved (sent meanwhile by the dashboard or by the week's editor: nothing to send), edited
 * from an older revision than the saved one (the server would refuse them, decision 0267: both are
 * kept and the couple chooses), or to send.
 */
export function queuedSave(
  draft: WorkbookAnswers,
  baseRevision: number,
  saved: WorkbookAnswersView | undefined,
): 'saved' | 'refused' | 'send' {
  if (!saved || saved.revision < baseRevision) return 'send';
  if (sameResponse(draft, saved)) return 'saved';
  return saved.revision > baseRevision ? 'refused' : 'send';
}

/**
 * What a kept workbook becomes once `partner`'s queued save has its answer, with no editor open:
 * no longer queued; edited from the revision the server answered (`saved`, when it took the
 * answers); gone once nothing unsaved is left. The other partner's part is unsaved while it is
 * queued, or differs from their answers as the page holds them (`savedOf`; unknown: kept, and the
 * week's editor decides when it opens); a sign-in bound to a partner keeps only theirs (`by`).
 */
export function keptAfterSave(
  kept: KeptWorkbook,
  partner: Partner,
  saved: WorkbookAnswersView | undefined,
  savedOf: (other: Partner) => WorkbookAnswersView | undefined,
): KeptWorkbook | undefined {
  const { bases, queued, by } = keptExtras(kept);
  const next: KeptWorkbook = {
    ...kept,
    queued: queued.filter((item) => item !== partner),
    ...(saved && bases ? { bases: { ...bases, [partner]: saved.revision } } : {}),
  };
  const unsaved = (other: Partner) => {
    if ((by ?? other) !== other) return false;
    if (next.queued?.includes(other)) return true;
    const held = other === partner ? saved : savedOf(other);
    return !held || !sameResponse(kept[other], held);
  };
  return PARTNERS.some(unsaved) ? next : undefined;
}

const UNSAVED_DRAFTS = ['workbook', 'unsaved-drafts'] as const;

/**
 * Unsaved answers of the weeks a couple has left for another week, kept in the query cache: going
 * back to the week brings them back, and signing in or out (which resets the cache) drops them,
 * so nobody else on the same browser tab sees them. Nothing is fetched under this key.
 */
export const unsavedDrafts = {
  read(queryClient: QueryClient, weekNumber: number): KeptWorkbook | undefined {
    return queryClient.getQueryData<KeptWorkbook>([...UNSAVED_DRAFTS, weekNumber]);
  },
  keep(queryClient: QueryClient, weekNumber: number, drafts: KeptWorkbook): void {
    queryClient.setQueryDefaults(UNSAVED_DRAFTS, { gcTime: Infinity });
    queryClient.setQueryData<KeptWorkbook>([...UNSAVED_DRAFTS, weekNumber], drafts);
  },
  forget(queryClient: QueryClient, weekNumber: number): void {
    queryClient.removeQueries({ queryKey: [...UNSAVED_DRAFTS, weekNumber], exact: true });
  },
};
