import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { GrowingTextarea } from '../../components/growing-textarea';
import { alignTranslation, sameItemIds, stillEnglish } from '../../../shared/course-translation';
import { LOCALES, type Locale, type MessageId } from '../../../shared/i18n/locales';
import type { CourseWeek, WeekContentData } from '../../../shared/workbook-schemas';
import { notify } from '../../components/notifications';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { rememberFocus, returnFocus } from '../../lib/focus';
import { trpc } from '../../trpc';
import {
  type ContentErrors,
  contentErrors,
  contentFieldLabel,
  idsOf,
  moved,
  newItemId,
  sameContent,
} from './content-form';
import { formatWhen } from './format';

/** The ids of one kind of item's labels: its field, move up, move down, remove, add. */
interface Noun {
  label: MessageId;
  up: MessageId;
  down: MessageId;
  remove: MessageId;
  add: MessageId;
}

/** `content-editor.item.question`, `...questionUp`, `...questionDown`, `...questionRemove`, `...questionAdd`. */
const noun = (name: 'question' | 'card' | 'prompt' | 'step' | 'example'): Noun => {
  const id = (suffix: string) => `content-editor.item.${name}${suffix}` as MessageId;
  return { label: id(''), up: id('Up'), down: id('Down'), remove: id('Remove'), add: id('Add') };
};

const NOUNS = {
  question: noun('question'),
  card: noun('card'),
  prompt: noun('prompt'),
  step: noun('step'),
  example: noun('example'),
};

interface WeekContentEditorProps {
  week: CourseWeek;
  /**
   * The edition edited (decision 0232). A translation keeps the English questions and cards (same
   * ids, same order): it translates their text but adds, removes or moves none.
   */
  locale?: Locale;
  /** The week as couples would see it (the couple's own workbook components, from the route). */
  renderPreview: (content: WeekContentData) => ReactNode;
  /** Told whether the form holds changes not saved yet (the route asks before leaving them). */
  onUnsavedChange?: (unsaved: boolean) => void;
  /** Under the week's status line: the route passes the plan feature's core-week switch. */
  renderWeekSettings?: (weekNumber: number) => ReactNode;
}

/**
 * One week's editor (docs/product.md#admin-screen): every field, questions and cards added,
 * removed and reordered, checked with the shared schema before it is sent (the server checks it
 * again), a preview exactly as couples see it, revert to the bundled default, and the history.
 */
export function WeekContentEditor({
  week,
  locale = 'en',
  renderPreview,
  onUnsavedChange,
  renderWeekSettings,
}: WeekContentEditorProps) {
  const { t, locale: uiLocale } = useT();
  const queryClient = useQueryClient();
  const translation = locale !== 'en';
  const at = translation ? { locale } : {};
  const [draft, setDraft] = useState<WeekContentData>(week.content);
  // A translation whose English questions or cards changed while it is open (the English edition
  // saved beside it): the form follows them, keeping what was typed here (decision 0232).
  if (translation && !sameItemIds(draft, week.content)) setDraft(alignTranslation(draft, week.content).content);
  const [showErrors, setShowErrors] = useState(false);
  const [confirmRevert, setConfirmRevert] = useState(false);
  const [tab, setTab] = useState<string | null>('edit');
  // The questions and cards new in English: given in English, marked, and not saved so.
  const untranslated = week.realigned?.untranslated ?? [];
  const stillEnglishFields = translation ? stillEnglish(draft, week.content, untranslated) : [];
  const stillEnglishIds = new Set(stillEnglishFields.map((field) => field.id));
  const allErrors = (): ContentErrors => {
    const found = contentErrors(draft, t);
    for (const field of stillEnglishFields) found[field.path] ??= t('content-editor.item.stillEnglish');
    return found;
  };
  const errors: ContentErrors = showErrors ? allErrors() : {};
  const newInEnglish = (id: string) =>
    stillEnglishIds.has(id) ? (
      <Badge component="span" size="sm" variant="outline" color="red.8" tt="none">
        {t('content-editor.item.untranslated')}
      </Badge>
    ) : undefined;
  const unsaved = !sameContent(draft, week.content);
  useEffect(() => {
    onUnsavedChange?.(unsaved);
  }, [unsaved, onUnsavedChange]);
  // A form that goes away (another week, a saved version) leaves nothing unsaved behind.
  useEffect(() => () => onUnsavedChange?.(false), [onUnsavedChange]);
  const weekNumber = week.weekNumber;
  // The editor's heading: once Revert or Restore has put another version in place (the page draws
  // the editor anew for it, and Revert is then disabled, Restore's tab closed), the focus goes here.
  const headingId = `content-editor-${locale}-week-${weekNumber}-title`;
  // This editor's own heading. The new version's editor gives its heading the same id, and until
  // React has drawn it the id still finds this one, which that commit then removes: the focus
  // would drop to the page once the hold of returnFocus is over (a slow phone, a busy machine).
  const ownHeading = useRef<HTMLHeadingElement>(null);
  /** The heading of the editor drawn for `saved` (null until it is drawn), or the refused action's control. */
  const resultHeading = (saved: CourseWeek | undefined, control: HTMLElement | null) => {
    if (!saved) return control;
    const heading = document.getElementById(headingId);
    return saved.updatedAt !== week.updatedAt && heading === ownHeading.current ? null : heading;
  };

  const afterChange = (saved: CourseWeek) => {
    queryClient.setQueryData(trpc.courseContent.get.queryKey({ weekNumber, ...at }), saved);
    // An English change may add, remove or move questions and cards: each translation's editor
    // asks again for its edition, brought to them.
    if (!translation) {
      for (const other of LOCALES) {
        if (other === 'en') continue;
        void queryClient.invalidateQueries({
          queryKey: trpc.courseContent.get.queryKey({ weekNumber, locale: other }),
        });
      }
    }
    // The list shows the new status at once (a translation: up to date); the refetch then brings
    // every other week, and the other language's state, up to date.
    queryClient.setQueryData(trpc.courseContent.list.queryKey(), (weeks) =>
      weeks?.map((item) =>
        item.weekNumber !== weekNumber
          ? item
          : translation
            ? { ...item, translations: { ...item.translations, [locale]: 'upToDate' as const } }
            : { ...item, title: saved.title, status: saved.status, updatedAt: saved.updatedAt },
      ),
    );
    void queryClient.invalidateQueries({ queryKey: trpc.courseContent.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.courseContent.history.queryKey({ weekNumber, ...at }) });
    setDraft(saved.content);
    setShowErrors(false);
  };
  const save = useMutation(
    trpc.courseContent.save.mutationOptions({
      // The focus stays on the Save Content button it was on: disabled while the request runs (the
      // browser would drop the focus to the page), then in the editor drawn anew for the saved
      // version (the page keys it by its date). A refusal is read out (the error toast's role=alert).
      onMutate: rememberFocus,
      onSettled: (_saved, _error, _input, remembered) => returnFocus(remembered),
      onSuccess: (saved) => {
        afterChange(saved);
        notify.success(t('content-editor.toast.saved'));
      },
      onError: (error) =>
        notify.error(
          t('content-editor.toast.saveFailed'),
          // A field the server refused all the same is named by its label, not its path.
          errorMessage(error, t('content-editor.toast.saveFailedText'), (path) => contentFieldLabel(path, t)),
        ),
    }),
  );
  const revert = useMutation(
    trpc.courseContent.revert.mutationOptions({
      // Refused, the focus stays on the dialog's Revert button (disabled while the request runs,
      // the browser would drop it) and the refusal is read out (the error toast's role=alert).
      onMutate: rememberFocus,
      onSettled: (saved, _error, _input, remembered) =>
        returnFocus(remembered, (control) => resultHeading(saved, control)),
      onSuccess: (saved) => {
        afterChange(saved);
        setConfirmRevert(false);
        notify.success(
          t('content-editor.toast.reverted'),
          t('content-editor.toast.revertedText', { number: weekNumber }),
        );
      },
      onError: (error) =>
        notify.error(
          t('content-editor.toast.revertFailed'),
          errorMessage(error, t('content-editor.toast.revertFailedText')),
        ),
    }),
  );
  const restore = useMutation(
    trpc.courseContent.restore.mutationOptions({
      // Refused, the focus stays on the Restore button (disabled while the request runs, the
      // browser would drop it) and the refusal is read out (the error toast's role=alert).
      onMutate: rememberFocus,
      onSettled: (saved, _error, _input, remembered) =>
        returnFocus(remembered, (control) => resultHeading(saved, control)),
      onSuccess: (saved) => {
        afterChange(saved);
        setTab('edit');
        notify.success(
          t('content-editor.toast.restored'),
          t('content-editor.toast.restoredText', { number: weekNumber }),
        );
      },
      onError: (error) =>
        notify.error(
          t('content-editor.toast.restoreFailed'),
          errorMessage(error, t('content-editor.toast.restoreFailedText')),
        ),
    }),
  );

  function submit() {
    setShowErrors(true);
    if (Object.keys(allErrors()).length > 0) {
      notify.error(t('content-editor.toast.saveFailed'), t('content-editor.toast.fixFields'));
      return;
    }
    save.mutate({ weekNumber, content: draft, ...at });
  }

  const set = (change: Partial<WeekContentData>) => setDraft((current) => ({ ...current, ...change }));
  const setActivity = (change: Partial<WeekContentData['activity']>) =>
    setDraft((current) => ({ ...current, activity: { ...current.activity, ...change } }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={2} id={headingId} ref={ownHeading}>
            {t('content-editor.editor.heading', { number: weekNumber })}
          </Title>
          <Text size="sm" c="dimmed">
            {week.status === 'edited'
              ? t('content-editor.editor.statusEdited')
              : t('content-editor.editor.statusDefault')}
            {week.updatedAt
              ? ` · ${t('content-editor.editor.updated', { when: formatWhen(uiLocale, week.updatedAt) })}`
              : ''}
            {unsaved ? ` · ${t('content-editor.editor.unsaved')}` : ''}
          </Text>
          {renderWeekSettings?.(weekNumber)}
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => setConfirmRevert(true)}
            disabled={week.status === 'default' || revert.isPending}
          >
            {t('content-editor.editor.revert')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('content-editor.editor.save')}
          </Button>
        </Group>
      </Group>
      {translation && (
        <Text size="sm" c="dimmed">
          {t('content-editor.edition.fixedItems')}
        </Text>
      )}

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="edit">{t('content-editor.editor.tabEdit')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('content-editor.editor.tabPreview')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('content-editor.editor.tabHistory')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="edit" pt="md">
          <Stack gap="md">
            {showErrors && Object.keys(errors).length > 0 && (
              <Alert color="red" title={t('content-editor.editor.errorsTitle')}>
                {t('content-editor.editor.errorsText', { count: Object.keys(errors).length })}
              </Alert>
            )}
            <Fieldset legend={t('content-editor.field.week')}>
              <Stack gap="sm">
                <TextInput
                  lang={locale}
                  label={t('content-editor.field.title')}
                  value={draft.title}
                  onChange={(event) => set({ title: event.currentTarget.value })}
                  error={errors.title}
                />
                <TextInput
                  lang={locale}
                  label={t('content-editor.field.focus')}
                  description={t('content-editor.field.focusHelp')}
                  value={draft.focus}
                  onChange={(event) => set({ focus: event.currentTarget.value })}
                  error={errors.focus}
                />
                <GrowingTextarea
                  lang={locale}
                  label={t('content-editor.field.objective')}
                  minRows={2}
                  value={draft.objective}
                  onChange={(event) => set({ objective: event.currentTarget.value })}
                  error={errors.objective}
                />
              </Stack>
            </Fieldset>

            <Fieldset legend={t('content-editor.field.questions')}>
              <ItemList
                items={draft.reflectionQuestions}
                noun={NOUNS.question}
                fixed={translation}
                error={errors.reflectionQuestions}
                onChange={(reflectionQuestions) => set({ reflectionQuestions })}
                onAdd={() =>
                  set({
                    reflectionQuestions: [
                      ...draft.reflectionQuestions,
                      { id: newItemId(weekNumber, 'q', idsOf(draft)), question: '', topic: '' },
                    ],
                  })
                }
                render={(question, index, update) => (
                  <>
                    <GrowingTextarea
                      lang={locale}
                      label={t('content-editor.item.question', { number: index + 1 })}
                      description={newInEnglish(question.id)}
                      minRows={2}
                      value={question.question}
                      onChange={(event) => update({ ...question, question: event.currentTarget.value })}
                      error={
                        errors[`reflectionQuestions.${index}.question`] ?? errors[`reflectionQuestions.${index}.id`]
                      }
                    />
                    <TextInput
                      lang={locale}
                      label={t('content-editor.field.topic', { number: index + 1 })}
                      description={t('content-editor.field.topicHelp')}
                      value={question.topic}
                      onChange={(event) => update({ ...question, topic: event.currentTarget.value })}
                      error={errors[`reflectionQuestions.${index}.topic`]}
                    />
                  </>
                )}
              />
            </Fieldset>

            <Fieldset legend={t('content-editor.field.prompts')}>
              <TextList
                items={draft.discussionPrompts}
                noun={NOUNS.prompt}
                lang={locale}
                errors={errors}
                path="discussionPrompts"
                onChange={(discussionPrompts) => set({ discussionPrompts })}
              />
            </Fieldset>

            <Fieldset legend={t('content-editor.field.activity')}>
              <Stack gap="sm">
                <TextInput
                  lang={locale}
                  label={t('content-editor.field.activityTitle')}
                  value={draft.activity.title}
                  onChange={(event) => setActivity({ title: event.currentTarget.value })}
                  error={errors['activity.title']}
                />
                <GrowingTextarea
                  lang={locale}
                  label={t('content-editor.field.activityDescription')}
                  minRows={2}
                  value={draft.activity.description}
                  onChange={(event) => setActivity({ description: event.currentTarget.value })}
                  error={errors['activity.description']}
                />
                <Text fw={500} size="sm">
                  {t('content-editor.field.steps')}
                </Text>
                <TextList
                  items={draft.activity.steps}
                  noun={NOUNS.step}
                  lang={locale}
                  errors={errors}
                  path="activity.steps"
                  onChange={(steps) => setActivity({ steps })}
                />
              </Stack>
            </Fieldset>

            <Fieldset legend={t('content-editor.field.examples')}>
              <TextList
                items={draft.commitmentExamples}
                noun={NOUNS.example}
                lang={locale}
                errors={errors}
                path="commitmentExamples"
                onChange={(commitmentExamples) => set({ commitmentExamples })}
              />
            </Fieldset>

            <Fieldset legend={t('content-editor.field.cards')}>
              <ItemList
                items={draft.conversationCards}
                noun={NOUNS.card}
                fixed={translation}
                error={errors.conversationCards}
                onChange={(conversationCards) => set({ conversationCards })}
                onAdd={() =>
                  set({
                    conversationCards: [
                      ...draft.conversationCards,
                      { id: newItemId(weekNumber, 'c', idsOf(draft)), text: '' },
                    ],
                  })
                }
                render={(card, index, update) => (
                  <GrowingTextarea
                    lang={locale}
                    label={t('content-editor.item.card', { number: index + 1 })}
                    description={newInEnglish(card.id)}
                    minRows={1}
                    value={card.text}
                    onChange={(event) => update({ ...card, text: event.currentTarget.value })}
                    error={errors[`conversationCards.${index}.text`] ?? errors[`conversationCards.${index}.id`]}
                  />
                )}
              />
            </Fieldset>
            <Group justify="flex-end">
              <Button onClick={submit} loading={save.isPending}>
                {t('content-editor.editor.save')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {unsaved ? t('content-editor.preview.textUnsaved') : t('content-editor.preview.text')}
            </Text>
            {/* The edition's text, in its own language (WCAG 3.1.2). */}
            <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} data-testid="content-preview" lang={locale}>
              {renderPreview(draft)}
            </Paper>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <WeekHistory
            weekNumber={weekNumber}
            locale={locale}
            restoring={restore.isPending}
            onRestore={(versionId) => restore.mutate({ weekNumber, versionId, ...at })}
          />
        </Tabs.Panel>
      </Tabs>

      <Modal
        opened={confirmRevert}
        onClose={() => {
          if (!revert.isPending) setConfirmRevert(false);
        }}
        title={t('content-editor.revert.title')}
        centered
      >
        <Stack gap="lg">
          <Text>{t('content-editor.revert.text', { number: weekNumber })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirmRevert(false)}
              disabled={revert.isPending}
              data-autofocus
            >
              {t('content-editor.revert.cancel')}
            </Button>
            <Button color="red" loading={revert.isPending} onClick={() => revert.mutate({ weekNumber, ...at })}>
              {t('content-editor.revert.confirm', { number: weekNumber })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Move up, move down and remove buttons for one item of a list. */
function ItemActions({
  noun,
  index,
  count,
  min,
  onMove,
  onRemove,
}: {
  noun: Noun;
  index: number;
  count: number;
  min: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useT();
  const number = index + 1;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={t(noun.up, { number })}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <IconArrowUp size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t(noun.down, { number })}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <IconArrowDown size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t(noun.remove, { number })}
        disabled={count <= min}
        onClick={onRemove}
      >
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

/** An ordered list of questions or cards, each with its own id (kept through every move). */
function ItemList<Item extends { id: string }>({
  items,
  noun,
  fixed,
  error,
  onChange,
  onAdd,
  render,
}: {
  items: Item[];
  noun: Noun;
  /** A translation's list: the English edition's items, in its order (no add, move or remove). */
  fixed: boolean;
  error?: string;
  onChange: (items: Item[]) => void;
  onAdd: () => void;
  render: (item: Item, index: number, update: (item: Item) => void) => ReactNode;
}) {
  const { t } = useT();
  return (
    <Stack gap="sm">
      {items.map((item, index) => (
        <Paper key={item.id} withBorder radius="sm" p="sm">
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              {render(item, index, (next) => onChange(items.map((old, at) => (at === index ? next : old))))}
            </Stack>
            {!fixed && (
              <ItemActions
                noun={noun}
                index={index}
                count={items.length}
                min={1}
                onMove={(to) => onChange(moved(items, index, to))}
                onRemove={() => onChange(items.filter((_, at) => at !== index))}
              />
            )}
          </Group>
        </Paper>
      ))}
      {error && (
        <Text c="red.8" size="sm">
          {error}
        </Text>
      )}
      {!fixed && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={onAdd}>
            {t(noun.add)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** An ordered list of texts (prompts, steps, examples). */
function TextList({
  items,
  noun,
  errors,
  path,
  onChange,
  lang,
}: {
  /** The edition's language: its texts are marked with it (WCAG 3.1.2). */
  lang: Locale;
  items: string[];
  noun: Noun;
  errors: ContentErrors;
  path: string;
  onChange: (items: string[]) => void;
}) {
  const { t } = useT();
  return (
    <Stack gap="sm">
      {items.map((item, index) => (
        // Texts have no id: the position is the identity while editing (nothing is stored by it).
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
          <GrowingTextarea
            lang={lang}
            style={{ flex: 1, minWidth: 0 }}
            label={t(noun.label, { number: index + 1 })}
            minRows={1}
            value={item}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange(items.map((old, at) => (at === index ? value : old)));
            }}
            error={errors[`${path}.${index}`]}
          />
          <ItemActions
            noun={noun}
            index={index}
            count={items.length}
            min={0}
            onMove={(to) => onChange(moved(items, index, to))}
            onRemove={() => onChange(items.filter((_, at) => at !== index))}
          />
        </Group>
      ))}
      {errors[path] && (
        <Text c="red.8" size="sm">
          {errors[path]}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => onChange([...items, ''])}
        >
          {t(noun.add)}
        </Button>
      </Group>
    </Stack>
  );
}

function WeekHistory({
  weekNumber,
  locale,
  restoring,
  onRestore,
}: {
  weekNumber: number;
  locale: Locale;
  restoring: boolean;
  onRestore: (versionId: number) => void;
}) {
  const { t, locale: uiLocale } = useT();
  const history = useQuery(
    trpc.courseContent.history.queryOptions(locale === 'en' ? { weekNumber } : { weekNumber, locale }),
  );
  if (history.isError) {
    return (
      <Alert color="red" title={t('content-editor.history.error')}>
        {errorMessage(history.error, t('content-editor.page.tryAgainText'))}
      </Alert>
    );
  }
  if (!history.data) return <Text c="dimmed">{t('content-editor.history.loading')}</Text>;
  if (history.data.length === 0) {
    return <Text c="dimmed">{t('content-editor.history.empty')}</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('content-editor.history.title')}</Table.Th>
            <Table.Th>{t('content-editor.history.kind')}</Table.Th>
            <Table.Th>{t('content-editor.history.inUse')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('content-editor.history.action')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.data.map((version) => (
            <Table.Tr key={version.id}>
              <Table.Td>{version.title}</Table.Td>
              <Table.Td>
                {version.status === 'edited' ? t('content-editor.status.edited') : t('content-editor.status.default')}
              </Table.Td>
              <Table.Td>
                {formatWhen(uiLocale, version.savedAt)} – {formatWhen(uiLocale, version.replacedAt)}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  loading={restoring}
                  onClick={() => onRestore(version.id)}
                  aria-label={t('content-editor.history.restoreLabel', {
                    when: formatWhen(uiLocale, version.replacedAt),
                  })}
                >
                  {t('content-editor.history.restore')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
