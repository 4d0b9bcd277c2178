import type { WorkbookResponse } from '../workbook-schemas';

/** A partner's workbook with nothing written in it (the server's and the web app's tests). */
export function emptyWorkbookResponse(): WorkbookResponse {
  return {
    reflectionAnswers: [],
    discussionNotes: '',
    activityResponse: '',
    weeklyCommitment: '',
    conversationCards: [],
  };
}
