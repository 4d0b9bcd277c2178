import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { GrowingTextarea, type GrowingTextareaProps } from '../../components/growing-textarea';
import { PARTNERS, PHASES, WORKBOOK_ITEM_MAX_LENGTH, type Partner } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import { hasReflectionAnswer } from '../../../shared/workbook-rules';
import type {
  EarlierAnswer,
  WeekContent,
  WeekSummary,
  WorkbookAnswers,
  WorkbookAnswersView,
} from '../../../shared/workbook-schemas';
import { notify } from '../../components/notifications';
import { draftKept, isWorkbookDrafts, useKeepDraft, useStoredDraft } from '../../lib/local-draft';
import { rememberFocus, returnFocus } from '../../lib/focus';
import { isOnline, useOnline } from '../../lib/network';
import { conflictCurrent, notSavedError } from '../../lib/api-error';
import { trpc } from '../../trpc';
import {
  fitToContent,
  type KeptWorkbook,
  keptExtras,
  queuedSave,
  saveFailedTitle,
  sameResponse,
  saveFailureMessage,
  unsavedDrafts,
  type WeekDrafts,
} from './drafts';
import { useEditorOpen, WORKBOOK_SAVES, workbookSaveOnItsWay } from './waiting-answers';
import { WorkbookConflict } from './workbook-conflict';
import { WorkbookSummary } from './workbook-summary';
import { AnswersSideBySide, SealedColumn } from './workbook-share';
import type { WeekShareState } from '../../../shared/partner-schemas';
import { translate } from '../../i18n/i18n';
import { langOf } from '../../i18n/text-language';
import { T, useT } from '../../i18n/use-t';
import { phaseName } from '../../lib/phase-name';

interface WorkbookEditorProps {
  weekNumber: number;
  content: WeekContent;
  /** What the server holds for each partner, by question and card id. */
  saved: Record<Partner, WorkbookAnswersView>;
  /** The week's stored summary and its language (none yet: null). */
  summary: WeekSummary;
  partnerNames: Record<Partner, string>;
  /**
   * The seller's preview of unsaved content (docs/product.md#admin-screen): the page exactly as couples
   * see it, but nothing is kept or sent.
   */
  preview?: boolean;
  /**
   * The week's sharing state (docs/product.md#sealed-answers). With `you` set the sign-in is bound
   * to that partner: it edits only their answers, and sees the other's sealed until both share.
   */
  share?: WeekShareState;
}

type TextField = 'discussionNotes' | 'activityResponse' | 'weeklyCommitment';
type ListField = 'reflectionAnswers' | 'conversationCards';

/**
 * The week's exercises, answered by each partner in turn. Both partners' drafts live here, so
 * switching partner never loses what was typed; Save stores the partner on screen. Unsaved drafts
 * also outlive a switch to another week (`unsavedDrafts`): coming back to the week restores them.
 */
export function WorkbookEditor({
  weekNumber,
  content,
  saved,
  summary,
  partnerNames,
  preview = false,
  share,
}: WorkbookEditorProps) {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const switchLabelId = useId();
  // Save Responses: where the focus goes when the control it was on goes (a conflict's Keep my
  // version or Use the saved version, whose panel goes once the couple has chosen).
  const saveId = useId();
  const toSave = (control: HTMLElement | null) => control ?? document.getElementById(saveId);
  const you = share?.you ?? null;
  const sealed = share?.privateAnswers === true && !share.revealed;
  const [active, setActive] = useState<Partner>(you ?? 'partner1');
  // Unsaved answers also survive a reload: kept in this browser until the server has them (lib/local-draft.ts).
  const storedDrafts = useStoredDraft('workbook', weekNumber, isWorkbookDrafts<KeptWorkbook>);
  const [kept] = useState(() => unsavedDrafts.read(queryClient, weekNumber) ?? storedDrafts);
  // A partner's part of what was kept is taken back only when it is their draft (a sign-in bound to
  // one partner keeps only theirs: `by`) and this sign-in answers for them: on a shared device, it
  // may be what the other partner's sign-in left there.
  const by = keptExtras(kept).by;
  const mine = (partner: Partner) => (by ?? partner) === partner && (you ?? partner) === partner;
  const [drafts, setDrafts] = useState<WeekDrafts>(() => ({
    partner1: kept && mine('partner1') ? kept.partner1 : fitToContent(saved.partner1, content),
    partner2: kept && mine('partner2') ? kept.partner2 : fitToContent(saved.partner2, content),
  }));
  // The revision each partner's draft was edited from, sent with the save (decision 0267); and the
  // partners whose Save was pressed offline, sent when the network is back.
  const [bases, setBases] = useState<Record<Partner, number>>(
    () => keptExtras(kept).bases ?? { partner1: saved.partner1.revision, partner2: saved.partner2.revision },
  );
  const [queued, setQueued] = useState<Partner[]>(() => keptExtras(kept).queued.filter(mine));
  // Saves refused because the answers changed elsewhere meanwhile: what the server holds now. A
  // kept draft edited from an older revision than the saved one (refused while the week was closed,
  // or saved elsewhere since) asks at once.
  const [conflicts, setConflicts] = useState<Partial<Record<Partner, WorkbookAnswersView>>>(() => {
    const { bases: keptBases, queued: keptQueued } = keptExtras(kept);
    const stale = PARTNERS.filter(
      (partner) =>
        kept &&
        keptBases &&
        mine(partner) &&
        !keptQueued.includes(partner) &&
        queuedSave(kept[partner], keptBases[partner], saved[partner]) === 'refused',
    );
    return Object.fromEntries(stale.map((partner) => [partner, saved[partner]]));
  });
  const online = useOnline();

  const names: Record<Partner, string> = {
    partner1: partnerNames.partner1.trim() || t('workbook.partner1'),
    partner2: partnerNames.partner2.trim() || t('workbook.partner2'),
  };
  const answered: Record<Partner, boolean> = {
    partner1: hasReflectionAnswer(saved.partner1),
    partner2: hasReflectionAnswer(saved.partner2),
  };
  const unsaved: Record<Partner, boolean> = {
    partner1: !sameResponse(drafts.partner1, fitToContent(saved.partner1, content)),
    partner2: !sameResponse(drafts.partner2, fitToContent(saved.partner2, content)),
  };
  const anyUnsaved = unsaved.partner1 || unsaved.partner2;
  // A partner with nothing unsaved edits from what is saved: their base follows it.
  useEffect(() => {
    setBases((current) => {
      const next = {
        partner1: unsaved.partner1 ? current.partner1 : saved.partner1.revision,
        partner2: unsaved.partner2 ? current.partner2 : saved.partner2.revision,
      };
      return next.partner1 === current.partner1 && next.partner2 === current.partner2 ? current : next;
    });
  }, [unsaved.partner1, unsaved.partner2, saved.partner1.revision, saved.partner2.revision]);
  const keptWorkbook = useMemo<KeptWorkbook>(
    () => ({ ...drafts, bases, queued, ...(you === null ? {} : { by: you }) }),
    [drafts, bases, queued, you],
  );
  const keptPlace = useKeepDraft('workbook', weekNumber, keptWorkbook, anyUnsaved);
  // This week's waiting answers are sent from here, not by the dashboard's SendWaitingAnswers.
  useEditorOpen(weekNumber, !preview);
  const savesOnTheWay = useIsMutating({ mutationKey: WORKBOOK_SAVES });
  const other: Partner = active === 'partner1' ? 'partner2' : 'partner1';

  useEffect(() => {
    if (preview) return;
    if (anyUnsaved) unsavedDrafts.keep(queryClient, weekNumber, keptWorkbook);
    else unsavedDrafts.forget(queryClient, weekNumber);
  }, [queryClient, weekNumber, keptWorkbook, anyUnsaved, preview]);

  // Leaving or reloading the page with unsaved answers asks first (the browser shows its own prompt).
  useEffect(() => {
    if (!anyUnsaved || preview) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyUnsaved, preview]);
  const draft = drafts[active];
  const phaseIndex = PHASES.findIndex(
    (candidate) => weekNumber >= candidate.firstWeek && weekNumber <= candidate.lastWeek,
  );

  const answersKey = (partner: Partner) => trpc.workbook.answers.queryKey({ weekNumber, partner });
  const save = useMutation(
    trpc.workbook.saveAnswers.mutationOptions({
      // The button is disabled while saving, and a browser then drops keyboard focus to the page:
      // once the save is answered it goes back to the button it was on (QA walk, lib/focus.ts), or
      // to Save Responses when that button has gone with its conflict panel (Keep my version).
      onMutate: rememberFocus,
      onSettled: (_response, _error, _variables, remembered) => returnFocus(remembered, toSave),
      onSuccess: (response, variables) => {
        queryClient.setQueryData(answersKey(variables.partner), response);
        setBases((current) => ({ ...current, [variables.partner]: response.revision }));
        setConflicts(({ [variables.partner]: _resolved, ...rest }) => rest);
        const wasQueued = queued.includes(variables.partner);
        setQueued((current) => current.filter((partner) => partner !== variables.partner));
        if (wasQueued) notify.success(translate('offline.workbook.sentTitle'), translate('offline.workbook.sent'));
        else notify.success(translate('workbook.save.saved'));
      },
      onError: (error, variables) => {
        const current = conflictCurrent<WorkbookAnswersView>(error);
        if (current) {
          // Both versions stay: this device's in the form, the server's beside it; the couple chooses.
          queryClient.setQueryData(answersKey(variables.partner), current);
          setConflicts((all) => ({ ...all, [variables.partner]: current }));
          setQueued((all) => all.filter((partner) => partner !== variables.partner));
          notify.error(
            translate('offline.conflict.title'),
            translate('offline.workbook.conflict', { name: names[variables.partner] }),
          );
          return;
        }
        if (notSavedError(error)?.reason === 'offline') {
          keepForLater(variables.partner);
          return;
        }
        // Any other failure is shown and not retried on its own: the answers stay in the form.
        setQueued((all) => all.filter((partner) => partner !== variables.partner));
        notify.error(saveFailedTitle(), saveFailureMessage(error));
      },
    }),
  );

  /** Offline: the answers wait on this device and go as soon as the browser is online. */
  function keepForLater(partner: Partner) {
    setQueued((current) => (current.includes(partner) ? current : [...current, partner]));
    // Said once the device has answered for the answers typed: it may refuse to keep them.
    void draftKept('workbook', weekNumber).then((onDevice) =>
      notify.success(
        translate(onDevice ? 'offline.workbook.queuedTitle' : 'offline.inMemoryTitle'),
        translate(onDevice ? 'offline.workbook.queued' : 'offline.workbook.queuedInMemory', { name: names[partner] }),
      ),
    );
  }

  function send(partner: Partner, baseRevision = bases[partner]) {
    if (!isOnline()) {
      keepForLater(partner);
      return;
    }
    save.mutate({ weekNumber, partner, ...drafts[partner], baseRevision });
  }

  // Back online: what waited on this device is sent, one partner at a time, with the outcome shown;
  // once no workbook save is on its way (the dashboard's may have sent it: judged against the
  // answers the page holds now, it is not sent again).
  const nextQueued = queued[0];
  useEffect(() => {
    if (preview || !online || nextQueued === undefined || savesOnTheWay > 0 || workbookSaveOnItsWay(queryClient)) {
      return;
    }
    const latest = queryClient.getQueryData(answersKey(nextQueued));
    const judged = queuedSave(drafts[nextQueued], bases[nextQueued], latest);
    if (judged === 'send') {
      save.mutate({ weekNumber, partner: nextQueued, ...drafts[nextQueued], baseRevision: bases[nextQueued] });
      return;
    }
    setQueued((all) => all.filter((partner) => partner !== nextQueued));
    if (judged === 'refused' && latest) {
      setConflicts((all) => ({ ...all, [nextQueued]: latest }));
      notify.error(
        translate('offline.conflict.title'),
        translate('offline.workbook.conflict', { name: names[nextQueued] }),
      );
    }
  });

  function setText(field: TextField, value: string) {
    setDrafts((current) => ({ ...current, [active]: { ...current[active], [field]: value } }));
  }

  function setItem(field: ListField, id: string, value: string) {
    setDrafts((current) => ({
      ...current,
      [active]: { ...current[active], [field]: { ...current[active][field], [id]: value } },
    }));
  }

  const name = names[active];
  // Text in another language than the page's is marked with its own (WCAG 3.1.2): the week's, in
  // English in full when it has no complete translation (decision 0232; the seller's preview of
  // unsaved content names no language and stays unmarked), and the answers of a partner who writes
  // in the other language.
  const contentLang = langOf(content.locale, locale);
  const answersLang = langOf(saved[active].language, locale);

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light">{t('workbook.week', { week: weekNumber })}</Badge>
          {phaseIndex >= 0 && (
            <Badge variant="outline" color="gray">
              {phaseName(phaseIndex)}
            </Badge>
          )}
        </Group>
        <Title order={2} lang={contentLang}>
          {content.title}
        </Title>
        <Text lang={contentLang}>{content.objective}</Text>
        <Text size="sm" c="dimmed">
          {t('workbook.editor.setAside')}
        </Text>
        {content.isFallback && (
          <Alert variant="light" color="plum" title={t('workbook.editor.fallbackTitle')} role="note">
            {t('workbook.editor.fallbackText', { week: weekNumber, contentWeek: content.contentWeek })}
          </Alert>
        )}
      </Stack>

      {you !== null ? (
        <Text fw={600}>{t('workbook.editor.answeringAs', { name: names[you] })}</Text>
      ) : (
        <Stack gap={6}>
          <Text id={switchLabelId} fw={600}>
            {t('workbook.editor.who')}
          </Text>
          <SegmentedControl
            aria-labelledby={switchLabelId}
            fullWidth
            value={active}
            onChange={(value) => setActive(value as Partner)}
            data={PARTNERS.map((partner) => ({
              value: partner,
              label: <PartnerLabel name={names[partner]} answered={answered[partner]} />,
            }))}
          />
          <Text size="sm" c="dimmed">
            {t('workbook.editor.whoHint')}
          </Text>
        </Stack>
      )}

      <Section title={t('workbook.editor.reflection')} intro={t('workbook.editor.reflectionIntro', { name })}>
        {content.reflectionQuestions.map((question, index) => (
          <AnswerField
            key={question.id}
            label={`${index + 1}. ${question.question}`}
            labelProps={{ lang: contentLang }}
            lang={answersLang}
            value={draft.reflectionAnswers[question.id] ?? ''}
            onChange={(value) => setItem('reflectionAnswers', question.id, value)}
          />
        ))}
      </Section>

      <Section title={t('workbook.editor.talk')} intro={t('workbook.editor.talkIntro')}>
        <List spacing="xs" lang={contentLang}>
          {content.discussionPrompts.map((prompt) => (
            <List.Item key={prompt}>{prompt}</List.Item>
          ))}
        </List>
        <AnswerField
          label={t('workbook.editor.notes')}
          description={t('workbook.editor.notesHint')}
          lang={answersLang}
          value={draft.discussionNotes}
          onChange={(value) => setText('discussionNotes', value)}
        />
      </Section>

      <Section
        title={
          <T
            id="workbook.editor.activity"
            values={{ title: content.activity.title }}
            components={{ 0: <span lang={contentLang} /> }}
          />
        }
        intro={<span lang={contentLang}>{content.activity.description}</span>}
      >
        {content.activity.steps.length > 0 && (
          <List type="ordered" spacing="xs" lang={contentLang}>
            {content.activity.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        )}
        <AnswerField
          label={t('workbook.editor.activityResponse')}
          description={t('workbook.editor.activityHint')}
          lang={answersLang}
          value={draft.activityResponse}
          onChange={(value) => setText('activityResponse', value)}
        />
      </Section>

      <Section title={t('workbook.editor.step')} intro={t('workbook.editor.stepIntro')}>
        <AnswerField
          label={t('workbook.editor.commitment')}
          description={
            <>
              {t('workbook.editor.forExample')}
              {content.commitmentExamples.map((example) => (
                <Text key={example} component="span" display="block" inherit>
                  <T id="workbook.editor.quoted" values={{ example }} components={{ 0: <span lang={contentLang} /> }} />
                </Text>
              ))}
            </>
          }
          lang={answersLang}
          value={draft.weeklyCommitment}
          onChange={(value) => setText('weeklyCommitment', value)}
          minRows={2}
          maxRows={8}
        />
      </Section>

      <Section title={t('workbook.editor.cards')} intro={t('workbook.editor.cardsIntro')}>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {content.conversationCards.map((card) => (
            <Paper key={card.id} withBorder radius="md" p="sm" bg="var(--mantine-color-plum-0)">
              <AnswerField
                label={card.text}
                labelProps={{ lang: contentLang }}
                lang={answersLang}
                value={draft.conversationCards[card.id] ?? ''}
                onChange={(value) => setItem('conversationCards', card.id, value)}
                maxRows={10}
              />
            </Paper>
          ))}
        </SimpleGrid>
      </Section>

      <EarlierAnswers name={name} earlier={saved[active].earlier} answersLang={answersLang} />

      {conflicts[active] && (
        <WorkbookConflict
          name={name}
          content={content}
          mine={drafts[active]}
          saved={conflicts[active]}
          busy={save.isPending}
          onKeepMine={() => send(active, conflicts[active]?.revision)}
          onUseSaved={() => {
            const current = conflicts[active];
            if (!current) return;
            const remembered = rememberFocus();
            setDrafts((all) => ({ ...all, [active]: fitToContent(current, content) }));
            setConflicts(({ [active]: _resolved, ...rest }) => rest);
            returnFocus(remembered, toSave);
          }}
        />
      )}

      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {queued.includes(active) && keptPlace !== 'writing'
            ? t(keptPlace === 'device' ? 'offline.workbook.queuedStatus' : 'offline.workbook.queuedStatusInMemory', {
                name,
              })
            : unsaved[active]
              ? t('workbook.editor.unsaved', { name })
              : hasAnyText(saved[active])
                ? t('workbook.editor.saved', { name })
                : t('workbook.editor.nothingSaved', { name })}
          {unsaved[other] && you === null ? ` ${t('workbook.editor.otherUnsaved', { name: names[other] })}` : ''}
        </Text>
        <Button id={saveId} onClick={() => send(active)} loading={save.isPending} disabled={preview}>
          {t('workbook.editor.save')}
        </Button>
      </Group>

      {you !== null && share && sealed && (
        <SealedColumn weekNumber={weekNumber} share={share} you={you} names={names} />
      )}
      {you !== null && !sealed && <AnswersSideBySide content={content} answers={saved} names={names} />}

      {!preview && !sealed && (
        <WorkbookSummary
          weekNumber={weekNumber}
          summary={summary.summary}
          summaryLang={langOf(summary.language, locale)}
          names={names}
          answered={answered}
        />
      )}
    </Stack>
  );
}

function hasAnyText(response: WorkbookAnswers): boolean {
  return [
    ...Object.values(response.reflectionAnswers),
    response.discussionNotes,
    response.activityResponse,
    response.weeklyCommitment,
    ...Object.values(response.conversationCards),
  ].some((text) => text.trim().length > 0);
}

/**
 * Answers to questions and cards the seller has since removed: kept, read-only, and never moved
 * onto another question (decision 0126).
 */
function EarlierAnswers({
  name,
  earlier,
  answersLang,
}: {
  name: string;
  earlier: WorkbookAnswersView['earlier'];
  answersLang: Locale | undefined;
}) {
  const items: EarlierAnswer[] = [...earlier.reflectionAnswers, ...earlier.conversationCards];
  const { t, locale } = useT();
  if (items.length === 0) return null;
  return (
    <Section title={t('workbook.earlier.title')} intro={t('workbook.earlier.intro', { name })}>
      <Stack gap="sm">
        {items.map((item) => (
          <Stack key={item.id} gap={2}>
            {/* The removed question as the English edition had it (the server reads earlier versions in English). */}
            <Text fw={600} lang={item.text === null ? undefined : langOf('en', locale)}>
              {item.text ?? t('workbook.earlier.removed')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }} lang={answersLang}>
              {item.answer}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

function PartnerLabel({ name, answered }: { name: string; answered: boolean }) {
  const { t } = useT();
  return (
    <Group gap={6} justify="center" wrap="nowrap">
      <span>{name}</span>
      {/* Its place is kept before it shows, so the name does not move when the partner answers. In the
          label's own colour: green would be 1.3:1 on the chosen segment's plum. */}
      <IconCircleCheckFilled
        size={18}
        aria-hidden="true"
        color="currentColor"
        visibility={answered ? 'visible' : 'hidden'}
      />
      {answered && (
        <>
          {' '}
          <VisuallyHidden>{t('workbook.editor.answered')}</VisuallyHidden>
        </>
      )}
    </Group>
  );
}

/** A free-text answer of the workbook: grows with its text, up to the length the server accepts. */
function AnswerField({
  onChange,
  minRows = 3,
  maxRows = 12,
  ...props
}: Omit<GrowingTextareaProps, 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <GrowingTextarea
      {...props}
      onChange={(event) => onChange(event.currentTarget.value)}
      minRows={minRows}
      maxRows={maxRows}
      maxLength={WORKBOOK_ITEM_MAX_LENGTH}
    />
  );
}

function Section({ title, intro, children }: { title: ReactNode; intro: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
