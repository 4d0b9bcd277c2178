import { Badge, Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { GrowingTextarea } from '../../components/growing-textarea';
import { NOTES_MAX_LENGTH } from '../../../shared/constants';
import type { ProgressRecordView } from '../../../shared/progress-schemas';
import { BothVersions } from '../../components/both-versions';
import { notify } from '../../components/notifications';
import { translate } from '../../i18n/i18n';
import { notSavedError } from '../../lib/api-error';
import { focusElement, useFocusWhenReady } from '../../lib/focus';
import { draftKept, useDraft } from '../../lib/local-draft';
import { isOnline } from '../../lib/network';
import { weekTitle, type WeekAccess } from './dashboard-logic';
import { StarRating } from './star-rating';
import { notesAfterSave, readKeptNotes, readKeptRating, savedRatingNow } from './waiting-progress';
import { formatDate, formatNumber } from '../../../shared/i18n/format';
import { langOf } from '../../i18n/text-language';
import { useT } from '../../i18n/use-t';

export interface WeekDetailCardProps {
  week: Pick<WeekAccess, 'weekNumber' | 'title' | 'description' | 'language'>;
  /** The week's saved progress, if any. */
  record: ProgressRecordView | undefined;
  completed: boolean;
  downloading: boolean;
  completing: boolean;
  savingNotes: boolean;
  onDownload: () => void;
  onComplete: () => void;
  onOpenWorkbook: () => void;
  onClose: () => void;
  /**
   * Saves the notes, edited from the notes' revision `baseRevision` (decision 0280); settles with
   * the saved record when the server has answered (rejects when they were not saved).
   */
  onSaveNotes: (notes: string, baseRevision: number) => Promise<ProgressRecordView>;
}

/**
 * The selected week: its framework, completion, rating and notes. Notes typed and a rating chosen
 * live in the couple's local drafts until the server has them (decisions 0134, 0268, 0280): saved
 * or chosen offline, they wait there and the dashboard sends them once the browser is online
 * (waiting-progress.ts); refused because they changed elsewhere meanwhile, both versions are shown
 * here and the couple chooses.
 */
export function WeekDetailCard(props: WeekDetailCardProps) {
  const { week, record, completed } = props;
  const { t, locale } = useT();
  // A week shown from its English edition to a reader of Spanish says so to screen readers (WCAG 3.1.2).
  const textLang = langOf(week.language, locale);
  const savedNotes = record?.notes ?? '';
  const savedRevision = record?.notesRevision ?? 0;
  const [keptNotes, keepNotes, notesPlace] = useDraft('notes', week.weekNumber, readKeptNotes);
  // What this device had kept when the week opened (a reload's notes come back with a word).
  const [restoredNotes] = useState(() => keptNotes?.notes);
  const notes = keptNotes?.notes ?? savedNotes;
  const notesChanged = notes !== savedNotes;
  const notesBase = keptNotes?.baseRevision ?? savedRevision;
  const notesWaiting = keptNotes?.queued === true && notesChanged;
  // Saved elsewhere since this device's notes were started: both are kept, the couple chooses.
  const notesConflict = !notesWaiting && notesChanged && notesBase !== savedRevision;
  const titleId = `week-${week.weekNumber}-title`;
  const notesSave = useNotesSaveStatus();
  const ratingLabelId = useId();
  const notesBoxRef = useRef<HTMLTextAreaElement>(null);
  const focusWhenReady = useFocusWhenReady();
  const ratingRef = useRef<HTMLDivElement>(null);
  // Once a question is answered its box goes: the keyboard goes on to what it decided (decision 0135).
  const focusNotes = () => focusWhenReady(() => notesBoxRef.current);
  const focusStars = () =>
    focusWhenReady(
      () =>
        ratingRef.current?.querySelector<HTMLElement>('input[type="radio"]:checked') ??
        ratingRef.current?.querySelector<HTMLElement>('input[type="radio"]') ??
        null,
    );

  // The draft goes once the server holds the same notes (saved here, or sent while waiting).
  useEffect(() => {
    if (keptNotes !== undefined && keptNotes.notes === savedNotes) keepNotes(undefined);
  }, [keptNotes, savedNotes, keepNotes]);
  const wasWaiting = useRef(notesWaiting);
  useEffect(() => {
    if (wasWaiting.current && !notesWaiting && !notesChanged) notesSave.show('saved');
    wasWaiting.current = notesWaiting;
  }, [notesWaiting, notesChanged, notesSave.show]);

  const rating = record?.rating ?? null;
  const [keptRating, keepRating, ratingPlace] = useDraft('rating', week.weekNumber, readKeptRating);
  // The star just chosen shows at once, before the server's answer.
  const shownRating = keptRating ? keptRating.rating : rating;
  const ratingConflict =
    keptRating && !keptRating.queued && keptRating.rating !== rating && keptRating.base !== rating
      ? keptRating
      : undefined;
  // A refused rating that no longer differs from the saved one leaves nothing to choose.
  useEffect(() => {
    if (keptRating && !keptRating.queued && (keptRating.rating === rating || keptRating.base === rating)) {
      keepRating(undefined);
    }
  }, [keptRating, rating, keepRating]);
  const rate = (value: number | null) =>
    keepRating((current) => ({
      rating: value,
      // Chosen over the one still waiting, if any (it is sent first); else over the saved one, as
      // the page holds it now (a save answered since the last render counts).
      base: current?.queued ? current.base : savedRatingNow(week.weekNumber, rating),
      queued: true,
      ...(isOnline() ? {} : { offline: true }),
    }));

  function setNotes(value: string) {
    keepNotes((current) =>
      value === savedNotes
        ? undefined
        : {
            notes: value,
            baseRevision: current?.baseRevision ?? savedRevision,
            ...(current?.queued ? { queued: true } : {}),
          },
    );
    if (notesSave.status === 'saved') notesSave.show('idle');
  }

  /** Offline: the notes wait on this device and go as soon as the browser is online. */
  function keepForLater(text: string, baseRevision: number) {
    keepNotes({ notes: text, baseRevision, queued: true });
    // Said once the device has answered: it may refuse to keep them.
    void draftKept('notes', week.weekNumber).then((kept) =>
      kept
        ? notify.success(translate('offline.notes.queuedTitle'), translate('offline.notes.queued'))
        : notify.success(translate('offline.inMemoryTitle'), translate('offline.notes.queuedInMemory')),
    );
    notesSave.show('idle', { focus: true });
  }

  async function saveNotes(baseRevision: number) {
    const text = notes;
    if (!isOnline()) {
      keepForLater(text, baseRevision);
      return;
    }
    try {
      const saved = await props.onSaveNotes(text, baseRevision);
      // More typed while the save was on its way stays, edited from the new revision.
      keepNotes((current) => notesAfterSave(current, saved));
      notesSave.show('saved', { focus: true });
    } catch (error) {
      if (notSavedError(error)?.reason === 'offline') keepForLater(text, baseRevision);
      else notesSave.show('failed', { focus: true });
    }
  }

  const starsText = (value: number | null) =>
    value === null ? t('offline.rating.none') : t('dashboard.stars', { count: value });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} shadow="sm">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text size="sm" fw={600} c="plum.9">
              {t('dashboard.week.name', { week: week.weekNumber })}
            </Text>
            <Title order={2} size="h3" id={titleId} tabIndex={-1} lang={textLang}>
              {weekTitle(week)}
            </Title>
          </div>
          <CloseButton aria-label={t('dashboard.detail.closeLabel')} onClick={props.onClose} />
        </Group>

        {week.description ? <Text lang={textLang}>{week.description}</Text> : null}

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

        <Stack gap={6} ref={ratingRef}>
          <Text fw={600} id={ratingLabelId}>
            {t('dashboard.detail.ratingQuestion')}
          </Text>
          <Group gap="sm">
            <StarRating value={shownRating} labelledBy={ratingLabelId} onChange={rate} />
            <Button variant="subtle" size="compact-sm" onClick={() => rate(null)} disabled={shownRating === null}>
              {t('dashboard.detail.clearRating')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {keptRating?.queued && keptRating.offline && ratingPlace !== 'writing'
              ? t(ratingPlace === 'device' ? 'offline.rating.waiting' : 'offline.rating.waitingInMemory')
              : rating === null
                ? t('dashboard.detail.notRated')
                : t('dashboard.detail.rated', { rating })}
          </Text>
          {ratingConflict ? (
            <BothVersions
              text={t('offline.rating.conflict', { mine: starsText(ratingConflict.rating) })}
              fields={[
                {
                  label: t('dashboard.detail.ratingQuestion'),
                  saved: rating === null ? t('dashboard.detail.notRated') : t('dashboard.detail.rated', { rating }),
                },
              ]}
              onKeepMine={() => {
                keepRating({ ...ratingConflict, base: rating, queued: true });
                focusStars();
              }}
              onUseSaved={() => {
                keepRating(undefined);
                focusStars();
              }}
              testId="rating-conflict"
            />
          ) : null}
        </Stack>

        <form
          onSubmit={(event) => {
            event.preventDefault();
            void saveNotes(notesBase);
          }}
        >
          <Stack gap="xs">
            <GrowingTextarea
              label={t('dashboard.detail.notesLabel')}
              description={t('dashboard.detail.notesHint')}
              minRows={3}
              maxRows={10}
              maxLength={NOTES_MAX_LENGTH}
              ref={notesBoxRef}
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
            />
            {restoredNotes !== undefined &&
            restoredNotes !== savedNotes &&
            notesSave.status === 'idle' &&
            !notesWaiting &&
            !notesConflict ? (
              <Text size="sm" c="dimmed">
                {t('dashboard.detail.notesRestored')}
              </Text>
            ) : null}
            {notesConflict ? (
              <BothVersions
                text={t('offline.notes.conflict')}
                fields={[{ label: t('dashboard.detail.notesLabel'), saved: savedNotes }]}
                onKeepMine={() => void saveNotes(savedRevision)}
                onUseSaved={() => {
                  keepNotes(undefined);
                  notesSave.show('idle');
                  focusNotes();
                }}
                busy={props.savingNotes}
                testId="notes-conflict"
              />
            ) : null}
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {formatNumber(locale, notes.length)} / {formatNumber(locale, NOTES_MAX_LENGTH)}
              </Text>
              <Button
                type="submit"
                variant="light"
                loading={props.savingNotes}
                disabled={!notesChanged || notesConflict}
              >
                {notesSave.status === 'failed' && notesChanged && !notesConflict
                  ? t('dashboard.detail.tryAgain')
                  : t('dashboard.detail.saveNotes')}
              </Button>
            </Group>
            <Text
              ref={notesSave.statusRef}
              size="sm"
              c={notesSave.status === 'failed' && !notesConflict ? 'red.9' : 'dimmed'}
              aria-live="polite"
              data-testid="notes-status"
            >
              {notesWaiting
                ? notesPlace === 'writing'
                  ? ''
                  : t(notesPlace === 'device' ? 'offline.notes.waiting' : 'offline.notes.waitingInMemory')
                : notesConflict
                  ? t('offline.notes.conflictStatus')
                  : notesSave.status === 'saved'
                    ? t('dashboard.detail.notesSaved')
                    : notesSave.status === 'failed'
                      ? t('dashboard.detail.notesFailed')
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
 * The outcome of the last "Save Notes": saved, or failed (no answer in time, or a refusal, whose
 * toast says why). When a save ends, focus moves to the status line that says which (decision
 * 0135), not back to the top of the page.
 */
function useNotesSaveStatus() {
  const [status, setStatus] = useState<NotesSaveStatus>('idle');
  const statusRef = useRef<HTMLParagraphElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const show = useCallback((outcome: NotesSaveStatus, options: { focus?: boolean } = {}) => {
    if (!mounted.current) return;
    setStatus(outcome);
    if (!options.focus) return;
    requestAnimationFrame(() => {
      if (statusRef.current) focusElement(statusRef.current);
    });
  }, []);
  return { status, statusRef, show };
}
