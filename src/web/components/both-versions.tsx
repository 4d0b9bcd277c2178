import { Alert, Button, Group, Stack, Text } from '@mantine/core';

interface BothVersionsProps {
  title: string;
  /** What happened, and that nothing was overwritten. */
  text: string;
  /** The heading of the saved version ("The saved version"). */
  savedHeading: string;
  /** Each field that differs: its label and the saved text (this device's stays in the form). */
  fields: { label: string; saved: string }[];
  keepMineLabel: string;
  useSavedLabel: string;
  onKeepMine: () => void;
  onUseSaved: () => void;
  busy?: boolean;
  testId: string;
}

/**
 * A save refused because the same thing was saved elsewhere meanwhile (decisions 0267, 0280): both
 * versions stay, this device's in its form and the saved one here, and the couple chooses. Nothing
 * is overwritten until they do. The workbook's answers, a week's notes and its rating use it.
 */
export function BothVersions({
  title,
  text,
  savedHeading,
  fields,
  keepMineLabel,
  useSavedLabel,
  onKeepMine,
  onUseSaved,
  busy = false,
  testId,
}: BothVersionsProps) {
  return (
    <Alert color="plum" variant="light" title={title} data-testid={testId}>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <Text size="sm" fw={700}>
          {savedHeading}
        </Text>
        {fields.map((field) => (
          <Stack key={field.label} gap={2}>
            <Text size="sm" fw={600}>
              {field.label}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="conflict-saved-text">
              {field.saved}
            </Text>
          </Stack>
        ))}
        <Group gap="sm">
          <Button onClick={onKeepMine} loading={busy}>
            {keepMineLabel}
          </Button>
          <Button variant="default" onClick={onUseSaved} disabled={busy}>
            {useSavedLabel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
