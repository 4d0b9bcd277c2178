import { Button, Stack, Text, Title } from '@mantine/core';

export interface WorkbookPanelProps {
  /** The week selected on the Progress tab, or null when none is. */
  weekNumber: number | null;
  /** The profile's names, used to label Partner 1 and Partner 2. */
  partnerNames: { partner1: string; partner2: string };
  /** Sends the couple back to the Progress tab to pick a week. */
  onChooseWeek: () => void;
}

/**
 * The Current tab's interactive workbook. The workbook issue fills this in; until then it asks the
 * couple to choose a week, which is also its real empty state.
 */
export function WorkbookPanel({ weekNumber, onChooseWeek }: WorkbookPanelProps) {
  return (
    <Stack align="flex-start">
      <Title order={2}>Interactive workbook</Title>
      <Text>
        {weekNumber === null
          ? 'Select a week from the Progress tab to open its workbook.'
          : `The workbook for week ${weekNumber} is being prepared.`}
      </Text>
      <Button variant="light" onClick={onChooseWeek}>
        Choose a week
      </Button>
    </Stack>
  );
}
