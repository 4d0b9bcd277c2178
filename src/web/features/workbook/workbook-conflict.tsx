import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { WeekContent, WorkbookAnswers } from '../../../shared/workbook-schemas';
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
 * the couple chooses. Nothing is overwritten until they do.
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
    <Alert color="plum" variant="light" title={t('offline.workbook.conflictTitle')} data-testid="workbook-conflict">
      <Stack gap="sm">
        <Text size="sm">{t('offline.workbook.conflict', { name })}</Text>
        <Text size="sm" fw={700}>
          {t('offline.workbook.savedVersion')}
        </Text>
        {fields.map((field) => (
          <Stack key={field.label} gap={2}>
            <Text size="sm" fw={600}>
              {field.label}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="conflict-saved-text">
              {field.saved.trim() ? field.saved : t('offline.workbook.empty')}
            </Text>
          </Stack>
        ))}
        <Group gap="sm">
          <Button onClick={onKeepMine} loading={busy}>
            {t('offline.workbook.keepMine')}
          </Button>
          <Button variant="default" onClick={onUseSaved} disabled={busy}>
            {t('offline.workbook.useSaved')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
