import type { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import type { Partner } from '../../../shared/constants';
import type { WeekContent, WorkbookAnswers } from '../../../shared/workbook-schemas';
import { translate } from '../../i18n/i18n';
import { errorMessage } from '../../lib/api-error';

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

const UNSAVED_DRAFTS = ['workbook', 'unsaved-drafts'] as const;

/**
 * Unsaved answers of the weeks a couple has left for another week, kept in the query cache: going
 * back to the week brings them back, and signing in or out (which resets the cache) drops them,
 * so nobody else on the same browser tab sees them. Nothing is fetched under this key.
 */
export const unsavedDrafts = {
  read(queryClient: QueryClient, weekNumber: number): WeekDrafts | undefined {
    return queryClient.getQueryData<WeekDrafts>([...UNSAVED_DRAFTS, weekNumber]);
  },
  keep(queryClient: QueryClient, weekNumber: number, drafts: WeekDrafts): void {
    queryClient.setQueryDefaults(UNSAVED_DRAFTS, { gcTime: Infinity });
    queryClient.setQueryData<WeekDrafts>([...UNSAVED_DRAFTS, weekNumber], drafts);
  },
  forget(queryClient: QueryClient, weekNumber: number): void {
    queryClient.removeQueries({ queryKey: [...UNSAVED_DRAFTS, weekNumber], exact: true });
  },
};
