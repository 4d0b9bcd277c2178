/*
 * The workbook's rules the couple's pages share with the server, without zod (decision 0044: the
 * schemas in workbook-schemas.ts stay off the dashboard).
 */

import type { WorkbookAnswers } from './workbook-schemas';

/** The answers of a partner who never saved: empty texts, nothing by id. */
export function emptyWorkbookAnswers(): WorkbookAnswers {
  return {
    reflectionAnswers: {},
    discussionNotes: '',
    activityResponse: '',
    weeklyCommitment: '',
    conversationCards: {},
  };
}

/** Whether a partner wrote anything in the week's reflection questions. */
export function hasReflectionAnswer(response: {
  reflectionAnswers: readonly string[] | Readonly<Record<string, string>>;
}): boolean {
  return Object.values(response.reflectionAnswers).some((answer) => answer.trim().length > 0);
}
