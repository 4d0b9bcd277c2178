import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import type { CourseWeek, WeekContentData } from '../../../shared/workbook-schemas';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { type ContentErrors, contentErrors, idsOf, moved, newItemId, sameContent } from './content-form';
import { formatWhen } from './format';
import { CoreWeekSwitch } from '../plan/core-week-switch';

export const CONTENT_SAVED = 'Content Saved';

interface WeekContentEditorProps {
  week: CourseWeek;
  /** The week as couples would see it (the couple's own workbook components, from the route). */
  renderPreview: (content: WeekContentData) => ReactNode;
  /** Told whether the form holds changes not saved yet (the route asks before leaving them). */
  onUnsavedChange?: (unsaved: boolean) => void;
}

/**
 * One week's editor (docs/product.md#admin-screen): every field, questions and cards added,
 * removed and reordered, checked with the shared schema before it is sent (the server checks it
 * again), a preview exactly as couples see it, revert to the bundled default, and the history.
 */
export function WeekContentEditor({ week, renderPreview, onUnsavedChange }: WeekContentEditorProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<WeekContentData>(week.content);
  const [showErrors, setShowErrors] = useState(false);
  const [confirmRevert, setConfirmRevert] = useState(false);
  const [tab, setTab] = useState<string | null>('edit');
  const errors: ContentErrors = showErrors ? contentErrors(draft) : {};
  const unsaved = !sameContent(draft, week.content);
  useEffect(() => {
    onUnsavedChange?.(unsaved);
  }, [unsaved, onUnsavedChange]);
  // A form that goes away (another week, a saved version) leaves nothing unsaved behind.
  useEffect(() => () => onUnsavedChange?.(false), [onUnsavedChange]);
  const weekNumber = week.weekNumber;

  const afterChange = (saved: CourseWeek) => {
    queryClient.setQueryData(trpc.courseContent.get.queryKey({ weekNumber }), saved);
    // The list shows the new status at once; the refetch then brings every other week up to date.
    queryClient.setQueryData(trpc.courseContent.list.queryKey(), (weeks) =>
      weeks?.map((item) =>
        item.weekNumber === weekNumber
          ? { ...item, title: saved.title, status: saved.status, updatedAt: saved.updatedAt }
          : item,
      ),
    );
    void queryClient.invalidateQueries({ queryKey: trpc.courseContent.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.courseContent.history.queryKey({ weekNumber }) });
    setDraft(saved.content);
    setShowErrors(false);
  };
  const save = useMutation(
    trpc.courseContent.save.mutationOptions({
      onSuccess: (saved) => {
        afterChange(saved);
        notify.success(CONTENT_SAVED);
      },
      onError: (error) => notify.error('Save Failed', errorMessage(error, 'Could not save the content.')),
    }),
  );
  const revert = useMutation(
    trpc.courseContent.revert.mutationOptions({
      onSuccess: (saved) => {
        afterChange(saved);
        setConfirmRevert(false);
        notify.success('Content Reverted', `Week ${weekNumber} is back to the default text.`);
      },
      onError: (error) => notify.error('Revert Failed', errorMessage(error, 'Could not revert the content.')),
    }),
  );
  const restore = useMutation(
    trpc.courseContent.restore.mutationOptions({
      onSuccess: (saved) => {
        afterChange(saved);
        setTab('edit');
        notify.success('Version Restored', `Week ${weekNumber} shows the restored version now.`);
      },
      onError: (error) => notify.error('Restore Failed', errorMessage(error, 'Could not restore that version.')),
    }),
  );

  function submit() {
    setShowErrors(true);
    if (Object.keys(contentErrors(draft)).length > 0) {
      notify.error('Save Failed', 'Please correct the highlighted fields.');
      return;
    }
    save.mutate({ weekNumber, content: draft });
  }

  const set = (change: Partial<WeekContentData>) => setDraft((current) => ({ ...current, ...change }));
  const setActivity = (change: Partial<WeekContentData['activity']>) =>
    setDraft((current) => ({ ...current, activity: { ...current.activity, ...change } }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Week {weekNumber}</Title>
          <Text size="sm" c="dimmed">
            {week.status === 'edited' ? 'Edited' : 'Default text'}
            {week.updatedAt ? ` · updated ${formatWhen(week.updatedAt)}` : ''}
            {unsaved ? ' · unsaved changes' : ''}
          </Text>
          <CoreWeekSwitch weekNumber={weekNumber} />
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => setConfirmRevert(true)}
            disabled={week.status === 'default' || revert.isPending}
          >
            Revert to default
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save Content
          </Button>
        </Group>
      </Group>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="edit">Edit</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="edit" pt="md">
          <Stack gap="md">
            {showErrors && Object.keys(errors).length > 0 && (
              <Alert color="red" title="Some fields need attention">
                {Object.keys(errors).length === 1
                  ? 'One field is not valid yet; it is marked below.'
                  : `${Object.keys(errors).length} fields are not valid yet; they are marked below.`}
              </Alert>
            )}
            <Fieldset legend="The week">
              <Stack gap="sm">
                <TextInput
                  label="Title"
                  value={draft.title}
                  onChange={(event) => set({ title: event.currentTarget.value })}
                  error={errors.title}
                />
                <TextInput
                  label="Focus"
                  description="A short phrase; the couple's summary opens with it (“Week 4 was about …”)."
                  value={draft.focus}
                  onChange={(event) => set({ focus: event.currentTarget.value })}
                  error={errors.focus}
                />
                <Textarea
                  label="Objective"
                  autosize
                  minRows={2}
                  value={draft.objective}
                  onChange={(event) => set({ objective: event.currentTarget.value })}
                  error={errors.objective}
                />
              </Stack>
            </Fieldset>

            <Fieldset legend="Reflection questions">
              <ItemList
                items={draft.reflectionQuestions}
                noun="question"
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
                    <Textarea
                      label={`Question ${index + 1}`}
                      autosize
                      minRows={2}
                      value={question.question}
                      onChange={(event) => update({ ...question, question: event.currentTarget.value })}
                      error={
                        errors[`reflectionQuestions.${index}.question`] ?? errors[`reflectionQuestions.${index}.id`]
                      }
                    />
                    <TextInput
                      label={`Summary topic of question ${index + 1}`}
                      description="How the summary names it: “Thinking about {topic}, Alex wrote …”"
                      value={question.topic}
                      onChange={(event) => update({ ...question, topic: event.currentTarget.value })}
                      error={errors[`reflectionQuestions.${index}.topic`]}
                    />
                  </>
                )}
              />
            </Fieldset>

            <Fieldset legend="Discussion prompts">
              <TextList
                items={draft.discussionPrompts}
                noun="prompt"
                errors={errors}
                path="discussionPrompts"
                onChange={(discussionPrompts) => set({ discussionPrompts })}
              />
            </Fieldset>

            <Fieldset legend="Activity">
              <Stack gap="sm">
                <TextInput
                  label="Activity title"
                  value={draft.activity.title}
                  onChange={(event) => setActivity({ title: event.currentTarget.value })}
                  error={errors['activity.title']}
                />
                <Textarea
                  label="Activity description"
                  autosize
                  minRows={2}
                  value={draft.activity.description}
                  onChange={(event) => setActivity({ description: event.currentTarget.value })}
                  error={errors['activity.description']}
                />
                <Text fw={500} size="sm">
                  Steps
                </Text>
                <TextList
                  items={draft.activity.steps}
                  noun="step"
                  errors={errors}
                  path="activity.steps"
                  onChange={(steps) => setActivity({ steps })}
                />
              </Stack>
            </Fieldset>

            <Fieldset legend="Commitment examples">
              <TextList
                items={draft.commitmentExamples}
                noun="example"
                errors={errors}
                path="commitmentExamples"
                onChange={(commitmentExamples) => set({ commitmentExamples })}
              />
            </Fieldset>

            <Fieldset legend="Conversation cards">
              <ItemList
                items={draft.conversationCards}
                noun="card"
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
                  <Textarea
                    label={`Card ${index + 1}`}
                    autosize
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
                Save Content
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              What couples will see once you save{unsaved ? ' (your unsaved changes included)' : ''}. Answers typed here
              are not kept.
            </Text>
            <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} data-testid="content-preview">
              {renderPreview(draft)}
            </Paper>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <WeekHistory
            weekNumber={weekNumber}
            restoring={restore.isPending}
            onRestore={(versionId) => restore.mutate({ weekNumber, versionId })}
          />
        </Tabs.Panel>
      </Tabs>

      <Modal
        opened={confirmRevert}
        onClose={() => {
          if (!revert.isPending) setConfirmRevert(false);
        }}
        title="Revert to default"
        centered
      >
        <Stack gap="lg">
          <Text>
            Put Week {weekNumber} back to the text it shipped with? The current version stays in the history, so you can
            restore it later. Couples&apos; answers are kept.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirmRevert(false)}
              disabled={revert.isPending}
              data-autofocus
            >
              Cancel
            </Button>
            <Button color="red" loading={revert.isPending} onClick={() => revert.mutate({ weekNumber })}>
              Revert Week {weekNumber}
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
  noun: string;
  index: number;
  count: number;
  min: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const name = `${noun} ${index + 1}`;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <IconArrowUp size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <IconArrowDown size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} disabled={count <= min} onClick={onRemove}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

/** An ordered list of questions or cards, each with its own id (kept through every move). */
function ItemList<Item extends { id: string }>({
  items,
  noun,
  error,
  onChange,
  onAdd,
  render,
}: {
  items: Item[];
  noun: string;
  error?: string;
  onChange: (items: Item[]) => void;
  onAdd: () => void;
  render: (item: Item, index: number, update: (item: Item) => void) => ReactNode;
}) {
  return (
    <Stack gap="sm">
      {items.map((item, index) => (
        <Paper key={item.id} withBorder radius="sm" p="sm">
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              {render(item, index, (next) => onChange(items.map((old, at) => (at === index ? next : old))))}
            </Stack>
            <ItemActions
              noun={noun}
              index={index}
              count={items.length}
              min={1}
              onMove={(to) => onChange(moved(items, index, to))}
              onRemove={() => onChange(items.filter((_, at) => at !== index))}
            />
          </Group>
        </Paper>
      ))}
      {error && (
        <Text c="red.8" size="sm">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={onAdd}>
          Add {noun}
        </Button>
      </Group>
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
}: {
  items: string[];
  noun: string;
  errors: ContentErrors;
  path: string;
  onChange: (items: string[]) => void;
}) {
  const capitalized = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <Stack gap="sm">
      {items.map((item, index) => (
        // Texts have no id: the position is the identity while editing (nothing is stored by it).
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
          <Textarea
            style={{ flex: 1, minWidth: 0 }}
            label={`${capitalized} ${index + 1}`}
            autosize
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
          Add {noun}
        </Button>
      </Group>
    </Stack>
  );
}

function WeekHistory({
  weekNumber,
  restoring,
  onRestore,
}: {
  weekNumber: number;
  restoring: boolean;
  onRestore: (versionId: number) => void;
}) {
  const history = useQuery(trpc.courseContent.history.queryOptions({ weekNumber }));
  if (history.isError) {
    return (
      <Alert color="red" title="We could not load the history">
        {errorMessage(history.error, 'Please try again.')}
      </Alert>
    );
  }
  if (!history.data) return <Text c="dimmed">Loading the history…</Text>;
  if (history.data.length === 0) {
    return (
      <Text c="dimmed">
        No earlier versions yet. Each time you save, revert or restore, the version it replaces is kept here.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>In use</Table.Th>
            <Table.Th>
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.data.map((version) => (
            <Table.Tr key={version.id}>
              <Table.Td>{version.title}</Table.Td>
              <Table.Td>{version.status === 'edited' ? 'Edited' : 'Default'}</Table.Td>
              <Table.Td>
                {formatWhen(version.savedAt)} – {formatWhen(version.replacedAt)}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  loading={restoring}
                  onClick={() => onRestore(version.id)}
                  aria-label={`Restore the version in use until ${formatWhen(version.replacedAt)}`}
                >
                  Restore
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
