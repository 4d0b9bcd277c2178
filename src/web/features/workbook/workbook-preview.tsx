import { emptyWorkbookAnswers } from '../../../shared/workbook-rules';
import type { WeekContent, WeekContentData, WorkbookAnswersView } from '../../../shared/workbook-schemas';
import { WorkbookEditor } from './workbook-editor';

/** What the editor holds for a partner with nothing to show: never saved, or sealed (never asked for). */
export const NO_ANSWERS: WorkbookAnswersView = {
  ...emptyWorkbookAnswers(),
  revision: 0,
  earlier: { reflectionAnswers: [], conversationCards: [] },
};

/**
 * A week's workbook exactly as couples see it, for content that is not saved yet (the seller's
 * course editor): the couple's own components, with blank answers, nothing stored or sent.
 */
export function WorkbookPreview({ content }: { content: WeekContentData }) {
  const week: WeekContent = { ...content, contentWeek: content.weekNumber, isFallback: false };
  return (
    <WorkbookEditor
      // Another shape of questions starts a fresh form.
      key={[...content.reflectionQuestions, ...content.conversationCards].map((item) => item.id).join(' ')}
      weekNumber={content.weekNumber}
      content={week}
      saved={{ partner1: NO_ANSWERS, partner2: NO_ANSWERS }}
      summary={{ summary: null }}
      partnerNames={{ partner1: '', partner2: '' }}
      preview
    />
  );
}
