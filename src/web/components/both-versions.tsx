import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useT } from '../i18n/use-t';

interface BothVersionsProps {
  /** What happened (whose answers, the notes, the rating), and that nothing was overwritten. */
  text: string;
  /** Each field that differs: its label and the saved text (this device's stays in the form). */
  fields: { label: string; saved: string }[];
  onKeepMine: () => void;
  onUseSaved: () => void;
  busy?: boolean;
  testId: string;
}

/**
 * A save refused because the same thing was saved elsewhere meanwhile (decisions 0267, 0280): both
 * versions stay, this device's in its form and the saved one here, and the couple chooses. Nothing
 * is overwritten until they do. The workbook's answers, a week's notes and its rating use it, with
 * one title and the same two choices, Keep my version and Use the saved version (decision 0361);
 * only `text` says which thing it is.
 */
export function BothVersions({ text, fields, onKeepMine, onUseSaved, busy = false, testId }: BothVersionsProps) {
  const { t } = useT();
  return (
    <Alert color="plum" variant="light" title={t('offline.conflict.title')} data-testid={testId}>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <Text size="sm" fw={700}>
          {t('offline.conflict.savedVersion')}
        </Text>
        {fields.map((field) => (
          <Stack key={field.label} gap={2}>
            <Text size="sm" fw={600}>
              {field.label}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="conflict-saved-text">
              {field.saved.trim() ? field.saved : t('offline.conflict.empty')}
            </Text>
          </Stack>
        ))}
        <Group gap="sm">
          <Button onClick={onKeepMine} loading={busy}>
            {t('offline.conflict.keepMine')}
          </Button>
          <Button variant="default" onClick={onUseSaved} disabled={busy}>
            {t('offline.conflict.useSaved')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
