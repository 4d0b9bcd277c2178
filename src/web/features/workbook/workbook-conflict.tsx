import type { WeekContent, WorkbookAnswers } from '../../../shared/workbook-schemas';
import { BothVersions } from '../../components/both-versions';
import { useT } from '../../i18n/use-t';

interface WorkbookConflictProps {
  name: string;
  content: WeekContent;
  /** What is in the form: this device's version. */
  mine: WorkbookAnswers;
  /** What the server holds now: saved elsewhere since this device's version was started. */
  saved: WorkbookAnswers;
  onKeepMine: () => void;
  onUseSaved: () => void;
  busy: boolean;
}

/**
 * A save refused because the answers changed elsewhere meanwhile (decision 0267): both versions
 * stay, this device's in the form and the saved one here, field by field where they differ, and
 * the couple chooses (BothVersions). Nothing is overwritten until they do.
 */
export function WorkbookConflict({ name, content, mine, saved, onKeepMine, onUseSaved, busy }: WorkbookConflictProps) {
  const { t } = useT();
  const fields: { label: string; mine: string; saved: string }[] = [
    ...content.reflectionQuestions.map((question, index) => ({
      label: `${index + 1}. ${question.question}`,
      mine: mine.reflectionAnswers[question.id] ?? '',
      saved: saved.reflectionAnswers[question.id] ?? '',
    })),
    { label: t('workbook.editor.notes'), mine: mine.discussionNotes, saved: saved.discussionNotes },
    { label: t('workbook.editor.activityResponse'), mine: mine.activityResponse, saved: saved.activityResponse },
    { label: t('workbook.editor.commitment'), mine: mine.weeklyCommitment, saved: saved.weeklyCommitment },
    ...content.conversationCards.map((card) => ({
      label: card.text,
      mine: mine.conversationCards[card.id] ?? '',
      saved: saved.conversationCards[card.id] ?? '',
    })),
  ].filter((field) => field.mine !== field.saved);
  return (
    <BothVersions
      text={t('offline.workbook.conflict', { name })}
      fields={fields}
      onKeepMine={onKeepMine}
      onUseSaved={onUseSaved}
      busy={busy}
      testId="workbook-conflict"
    />
  );
}
