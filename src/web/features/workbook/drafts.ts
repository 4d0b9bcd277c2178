import type { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import type { Partner } from '../../../shared/constants';
import type { WeekContent, WorkbookResponse } from '../../../shared/workbook-schemas';
import { errorMessage } from '../../lib/api-error';

/*
 * The workbook's editing rules, apart from the components so they can be tested on their own.
 */

/** docs/product.md#ui-texts, the workbook's save failures. */
export const SAVE_FAILED_TITLE = 'Save Failed';
export const SAVE_FAILED_FALLBACK = 'Failed to save responses';
export const SAVE_NETWORK_ERROR = 'Network error occurred while saving';

function padded(values: string[], length: number): string[] {
  return values.length >= length ? [...values] : [...values, ...Array<string>(length - values.length).fill('')];
}

/**
 * A saved response shaped for the form: one answer per reflection question and one note per
 * conversation card (a response never saved has empty arrays). Extra saved items are kept.
 */
export function fitToContent(
  response: WorkbookResponse,
  content: Pick<WeekContent, 'reflectionQuestions' | 'conversationCards'>,
): WorkbookResponse {
  return {
    ...response,
    reflectionAnswers: padded(response.reflectionAnswers, content.reflectionQuestions.length),
    conversationCards: padded(response.conversationCards, content.conversationCards.length),
  };
}

export function sameResponse(a: WorkbookResponse, b: WorkbookResponse): boolean {
  return (
    a.discussionNotes === b.discussionNotes &&
    a.activityResponse === b.activityResponse &&
    a.weeklyCommitment === b.weeklyCommitment &&
    a.reflectionAnswers.length === b.reflectionAnswers.length &&
    a.reflectionAnswers.every((answer, index) => answer === b.reflectionAnswers[index]) &&
    a.conversationCards.length === b.conversationCards.length &&
    a.conversationCards.every((note, index) => note === b.conversationCards[index])
  );
}

/**
 * The text of a failed save: the server's own message when it answered with an error; "network
 * error" when the request never got an answer (fetch rejects with a TypeError); otherwise (an HTML
 * error page from a proxy, say) the generic fallback.
 */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.shape) return errorMessage(error, SAVE_FAILED_FALLBACK);
  const cause: unknown = error instanceof TRPCClientError ? error.cause : error;
  if (cause instanceof TypeError || (cause instanceof Error && cause.name === 'TypeError')) return SAVE_NETWORK_ERROR;
  return SAVE_FAILED_FALLBACK;
}

export type WeekDrafts = Record<Partner, WorkbookResponse>;

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
