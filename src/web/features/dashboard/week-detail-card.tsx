import { Badge, Button, Card, CloseButton, Group, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconBook2, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { NOTES_MAX_LENGTH } from '../../../shared/constants';
import type { ProgressRecord } from '../../../shared/progress-schemas';
import { weekTitle, type WeekAccess } from './dashboard-logic';

export interface WeekDetailCardProps {
  week: Pick<WeekAccess, 'weekNumber' | 'title' | 'description'>;
  /** The week's saved progress, if any. */
  record: ProgressRecord | undefined;
  completed: boolean;
  downloading: boolean;
  completing: boolean;
  savingRating: boolean;
  savingNotes: boolean;
  onDownload: () => void;
  onComplete: () => void;
  onOpenWorkbook: () => void;
  onClose: () => void;
  /** A rating 1-5, or null to clear it. */
  onRate: (rating: number | null) => void;
  onSaveNotes: (notes: string) => void;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * The selected week: its framework, completion, rating and notes. Render it with `key={weekNumber}`
 * so the notes box starts from the saved notes of each week.
 */
export function WeekDetailCard(props: WeekDetailCardProps) {
  const { week, record, completed } = props;
  const [notes, setNotes] = useState(record?.notes ?? '');
  const ratingLabelId = useId();
  const rating = record?.rating ?? null;
  const notesChanged = notes !== (record?.notes ?? '');
  const titleId = `week-${week.weekNumber}-title`;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} shadow="sm">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text size="sm" fw={600} c="plum.9">
              Week {week.weekNumber}
            </Text>
            <Title order={2} size="h3" id={titleId} tabIndex={-1}>
              {weekTitle(week)}
            </Title>
          </div>
          <CloseButton aria-label="Close week details" onClick={props.onClose} />
        </Group>

        {week.description ? <Text>{week.description}</Text> : null}

        <Group gap="xs">
          {completed && record?.completedAt ? (
            <Badge color="green" size="lg" leftSection={<IconCircleCheck size={16} aria-hidden="true" />}>
              Completed {formatDate(record.completedAt)}
            </Badge>
          ) : completed ? (
            <Badge color="green" size="lg">
              Completed
            </Badge>
          ) : (
            <Badge variant="light" size="lg">
              In Progress
            </Badge>
          )}
        </Group>

        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            onClick={props.onDownload}
            loading={props.downloading}
          >
            Download PDF
          </Button>
          {completed ? null : (
            <Button
              color="green"
              leftSection={<IconCircleCheck size={18} aria-hidden="true" />}
              onClick={props.onComplete}
              loading={props.completing}
            >
              Mark Complete
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconBook2 size={18} aria-hidden="true" />}
            onClick={props.onOpenWorkbook}
          >
            Open Interactive Workbook
          </Button>
          <Button variant="default" onClick={props.onClose}>
            Close
          </Button>
        </Group>

        <Stack gap={6}>
          <Text fw={600} id={ratingLabelId}>
            How was this week for you?
          </Text>
          <Group gap="sm">
            <Rating
              value={rating ?? 0}
              onChange={(value) => props.onRate(value === 0 ? null : value)}
              size="lg"
              role="radiogroup"
              aria-labelledby={ratingLabelId}
              getSymbolLabel={(value) => `${value} star${value === 1 ? '' : 's'}`}
            />
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => props.onRate(null)}
              disabled={rating === null || props.savingRating}
            >
              Clear rating
            </Button>
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {rating === null ? 'Not rated yet.' : `Rated ${rating} of 5.`}
          </Text>
        </Stack>

        <form
          onSubmit={(event) => {
            event.preventDefault();
            props.onSaveNotes(notes);
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Your notes for this week"
              description="Thoughts, agreements, questions to revisit. Only the two of you can see them."
              autosize
              minRows={3}
              maxRows={10}
              maxLength={NOTES_MAX_LENGTH}
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
            />
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {notes.length.toLocaleString('en-US')} / {NOTES_MAX_LENGTH.toLocaleString('en-US')}
              </Text>
              <Button type="submit" variant="light" loading={props.savingNotes} disabled={!notesChanged}>
                Save Notes
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
