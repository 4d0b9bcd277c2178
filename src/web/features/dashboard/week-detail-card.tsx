import { Badge, Button, Card, CloseButton, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconBook2, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NOTES_MAX_LENGTH } from '../../../shared/constants';
import type { ProgressRecord } from '../../../shared/progress-schemas';
import { focusElement } from '../../lib/focus';
import { isString, useKeepDraft, useStoredDraft } from '../../lib/local-draft';
import { isOnline, useOnline } from '../../lib/network';
import { weekTitle, type WeekAccess } from './dashboard-logic';
import { StarRating } from './star-rating';
import { formatDate, formatNumber } from '../../../shared/i18n/format';
import { useT } from '../../i18n/use-t';

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
  /** Saves the notes; settles when the server has answered (rejects when they were not saved). */
  onSaveNotes: (notes: string) => Promise<unknown>;
}

/**
 * The selected week: its framework, completion, rating and notes. Render it with `key={weekNumber}`
 * so the notes box starts from the saved notes of each week.
 */
export function WeekDetailCard(props: WeekDetailCardProps) {
  const { week, record, completed } = props;
  const { t, locale } = useT();
  const savedNotes = record?.notes ?? '';
  // Notes typed but not yet confirmed by the server survive a reload (lib/local-draft.ts).
  const storedNotes = useStoredDraft('notes', week.weekNumber, isString);
  const [notes, setNotes] = useState(storedNotes ?? savedNotes);
  const ratingLabelId = useId();
  const rating = record?.rating ?? null;
  // The star just chosen shows at once, before the server's answer.
  const [chosenRating, setChosenRating] = useState(rating);
  useEffect(() => setChosenRating(rating), [rating]);
  const notesChanged = notes !== savedNotes;
  useKeepDraft('notes', week.weekNumber, notes, notesChanged);
  const titleId = `week-${week.weekNumber}-title`;
  const notesSave = useNotesSaveStatus(props.onSaveNotes);
  // Notes saved and a rating chosen while offline are sent once the browser is online again
  // (decision 0268); the notes stay in their draft on the device meanwhile.
  const online = useOnline();
  const [notesWaiting, setNotesWaiting] = useState(false);
  const [ratingWaiting, setRatingWaiting] = useState<{ rating: number | null } | null>(null);
  const { onRate } = props;
  useEffect(() => {
    if (!online || !notesWaiting) return;
    setNotesWaiting(false);
    if (notesChanged) void notesSave.submit(notes);
  }, [online, notesWaiting, notesChanged, notes, notesSave.submit]);
  useEffect(() => {
    if (!online || ratingWaiting === null) return;
    setRatingWaiting(null);
    onRate(ratingWaiting.rating);
  }, [online, ratingWaiting, onRate]);
  const rate = (value: number | null) => {
    setChosenRating(value);
    if (isOnline()) props.onRate(value);
    else setRatingWaiting({ rating: value });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} shadow="sm">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text size="sm" fw={600} c="plum.9">
              {t('dashboard.week.name', { week: week.weekNumber })}
            </Text>
            <Title order={2} size="h3" id={titleId} tabIndex={-1}>
              {weekTitle(week)}
            </Title>
          </div>
          <CloseButton aria-label={t('dashboard.detail.closeLabel')} onClick={props.onClose} />
        </Group>

        {week.description ? <Text>{week.description}</Text> : null}

        <Group gap="xs">
          {completed && record?.completedAt ? (
            <Badge color="green" size="lg" leftSection={<IconCircleCheck size={16} aria-hidden="true" />}>
              {t('dashboard.detail.completedOn', { date: formatDate(locale, record.completedAt) })}
            </Badge>
          ) : completed ? (
            <Badge color="green" size="lg">
              {t('dashboard.weekState.completed')}
            </Badge>
          ) : (
            <Badge variant="light" size="lg">
              {t('dashboard.detail.inProgress')}
            </Badge>
          )}
        </Group>

        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            onClick={props.onDownload}
            loading={props.downloading}
          >
            {t('dashboard.detail.download')}
          </Button>
          {completed ? null : (
            <Button
              color="green"
              leftSection={<IconCircleCheck size={18} aria-hidden="true" />}
              onClick={props.onComplete}
              loading={props.completing}
            >
              {t('dashboard.detail.complete')}
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconBook2 size={18} aria-hidden="true" />}
            onClick={props.onOpenWorkbook}
          >
            {t('dashboard.detail.openWorkbook')}
          </Button>
          <Button variant="default" onClick={props.onClose}>
            {t('dashboard.celebration.close')}
          </Button>
        </Group>

        <Stack gap={6}>
          <Text fw={600} id={ratingLabelId}>
            {t('dashboard.detail.ratingQuestion')}
          </Text>
          <Group gap="sm">
            <StarRating value={chosenRating} labelledBy={ratingLabelId} onChange={rate} />
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => rate(null)}
              disabled={rating === null || props.savingRating}
            >
              {t('dashboard.detail.clearRating')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {ratingWaiting !== null
              ? t('offline.rating.waiting')
              : rating === null
                ? t('dashboard.detail.notRated')
                : t('dashboard.detail.rated', { rating })}
          </Text>
        </Stack>

        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!isOnline()) setNotesWaiting(true);
            void notesSave.submit(notes);
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('dashboard.detail.notesLabel')}
              description={t('dashboard.detail.notesHint')}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={NOTES_MAX_LENGTH}
              value={notes}
              onChange={(event) => {
                setNotes(event.currentTarget.value);
                if (notesSave.status === 'saved') notesSave.reset();
              }}
            />
            {storedNotes !== undefined && storedNotes !== savedNotes && notesSave.status === 'idle' ? (
              <Text size="sm" c="dimmed">
                {t('dashboard.detail.notesRestored')}
              </Text>
            ) : null}
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {formatNumber(locale, notes.length)} / {formatNumber(locale, NOTES_MAX_LENGTH)}
              </Text>
              <Button type="submit" variant="light" loading={props.savingNotes} disabled={!notesChanged}>
                {notesSave.status === 'failed' && notesChanged
                  ? t('dashboard.detail.tryAgain')
                  : t('dashboard.detail.saveNotes')}
              </Button>
            </Group>
            <Text
              ref={notesSave.statusRef}
              size="sm"
              c={notesSave.status === 'failed' ? 'red.9' : 'dimmed'}
              aria-live="polite"
              data-testid="notes-status"
            >
              {notesSave.status === 'saved'
                ? t('dashboard.detail.notesSaved')
                : notesSave.status === 'failed'
                  ? notesWaiting
                    ? t('offline.notes.waiting')
                    : t('dashboard.detail.notesFailed')
                  : ''}
            </Text>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

type NotesSaveStatus = 'idle' | 'saved' | 'failed';

/**
 * The outcome of the last "Save Notes" (the save's promise settles: saved, or failed for no answer
 * in time, offline or a refusal, whose toast says why). When a save ends, focus moves to the status
 * line that says which (decision 0135), not back to the top of the page.
 */
function useNotesSaveStatus(save: (notes: string) => Promise<unknown>) {
  const [status, setStatus] = useState<NotesSaveStatus>('idle');
  const statusRef = useRef<HTMLParagraphElement>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  async function submit(notes: string) {
    let outcome: NotesSaveStatus;
    try {
      await save(notes);
      outcome = 'saved';
    } catch {
      outcome = 'failed';
    }
    if (!mounted.current) return;
    setStatus(outcome);
    requestAnimationFrame(() => {
      if (statusRef.current) focusElement(statusRef.current);
    });
  }
  return { status, statusRef, submit, reset: () => setStatus('idle') };
}
