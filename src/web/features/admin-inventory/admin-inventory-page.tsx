import {
  Badge,
  Button,
  Card,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { GrowingTextarea } from '../../components/growing-textarea';
import { TOTAL_WEEKS } from '../../../shared/constants';
import {
  AGGREGATE_MIN_COUPLES,
  INVENTORY_TEXT_MAX,
  type InventoryTopic,
  inventoryTopicSchema,
  TOPIC_WEEKS_MAX,
} from '../../../shared/inventory-schemas';
import { notify } from '../../components/notifications';
import { useT } from '../../i18n/use-t';
import { errorMessage, type FieldLabel } from '../../lib/api-error';
import { refusedPaths } from '../../lib/refused-fields';
import { trpc } from '../../trpc';
import { AdminHeading } from '../../components/admin/admin-layout';

/**
 * `/admin/inventory`: the seller's side of "What we each expect" (decisions 0235, 0237): anonymous
 * figures across couples, and the statements to edit in both languages side by side.
 */
export function AdminInventoryPage() {
  const { t, locale } = useT();
  const topics = useQuery(trpc.adminInventory.topics.queryOptions());
  const [selected, setSelected] = useState('communication');
  const current = topics.data?.find((entry) => entry.topic.id === selected);
  return (
    <Stack gap="xl">
      <AdminHeading title={t('inventory.admin.title')} intro={t('inventory.admin.noAnswers')} />
      <Figures />
      {topics.data ? (
        <Stack gap="md">
          <NativeSelect
            label={t('inventory.admin.topic')}
            value={selected}
            onChange={(event) => setSelected(event.currentTarget.value)}
            data={topics.data.map((entry) => ({
              value: entry.topic.id,
              // The topic's title in the page's language (the seller edits both).
              label: `${entry.topic.title[locale] || entry.topic.title.en} (${t(entry.status === 'edited' ? 'inventory.admin.status.edited' : 'inventory.admin.status.default')})`,
            }))}
            maw={420}
          />
          {current ? (
            <TopicEditor
              key={`${current.topic.id}-${current.updatedAt}`}
              topic={current.topic}
              isPrivate={current.private}
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

function Figures() {
  const { t } = useT();
  const aggregate = useQuery(trpc.adminInventory.aggregate.queryOptions());
  if (!aggregate.data) return null;
  const data = aggregate.data;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="inventory-figures">
      <Stack gap="sm">
        <Title order={2} size="h3" id="inventory-figures">
          {t('inventory.admin.figures', { started: data.couplesStarted, finished: data.couplesFinished })}
        </Title>
        {data.topicsThatDiffer ? (
          <>
            <Text fw={600}>{t('inventory.admin.differ')}</Text>
            <List size="sm">
              {data.topicsThatDiffer.map((topic) => (
                <List.Item key={topic.id}>
                  {t('inventory.admin.share', {
                    title: topic.title,
                    count: topic.couplesWithTalk,
                    total: data.couplesFinished,
                  })}
                </List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('inventory.admin.few', { min: AGGREGATE_MIN_COUPLES })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The fields the topic editor shows, by their path in the topic (`weeks` for the list and each of its numbers). */
const SHOWN_FIELD = /^(?:title\.(?:en|es)|weeks|statements\.\d+\.(?:en|es))$/;

/**
 * The shown fields the shared schema (the one the server checks with) refuses in `topic`: each
 * gets its message under it and nothing is sent (issue 35: the seller read "topic.weeks.0: Too
 * small: expected number to be >=1"). Anything else is left to the server's answer.
 */
function refusedTopicFields(topic: InventoryTopic): Set<string> {
  const paths = [...refusedPaths(inventoryTopicSchema, topic)].map((path) =>
    path.startsWith('weeks') ? 'weeks' : path,
  );
  return new Set(paths.filter((path) => SHOWN_FIELD.test(path)));
}

/** The week numbers as typed ("1, 4 7"); anything that is not a number stays one the schema refuses. */
function typedWeeks(weeks: string): number[] {
  return weeks
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number);
}

/** A topic's title and statements are written in both languages, side by side. */
const LANGUAGES = ['en', 'es'] as const;
type Language = (typeof LANGUAGES)[number];
const TITLE_LABELS = { en: 'inventory.admin.titleEn', es: 'inventory.admin.titleEs' } as const;
const STATEMENT_LABELS = { en: 'inventory.admin.statementEn', es: 'inventory.admin.statementEs' } as const;

function TopicEditor({ topic, isPrivate }: { topic: InventoryTopic; isPrivate: boolean }) {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(topic);
  const [weeks, setWeeks] = useState(topic.weeks.join(', '));
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  // A field the server refuses all the same is named by its label, not its path.
  const fieldLabel: FieldLabel = (path) => {
    const [, field, index, language] = /^topic\.(\w+)(?:\.(\w+))?(?:\.(\w+))?$/.exec(path) ?? [];
    if (field === 'weeks') return t('inventory.admin.weeks');
    if (field === 'title' && (index === 'en' || index === 'es')) return t(TITLE_LABELS[index]);
    const statement = field === 'statements' ? draft.statements[Number(index)] : undefined;
    if (statement && (language === 'en' || language === 'es')) {
      return t(STATEMENT_LABELS[language], { id: statement.id });
    }
    return undefined;
  };
  const onDone = (title: string) => ({
    onSuccess: () => {
      notify.success(title);
      void queryClient.invalidateQueries({ queryKey: trpc.adminInventory.topics.queryKey() });
    },
    onError: (error: unknown) =>
      notify.error(t('inventory.admin.saveFailed'), errorMessage(error, t('admin.tryAgain'), fieldLabel)),
  });
  const save = useMutation(trpc.adminInventory.saveTopic.mutationOptions(onDone(t('inventory.admin.saved'))));
  const revert = useMutation(trpc.adminInventory.revertTopic.mutationOptions(onDone(t('inventory.admin.saved'))));
  /** A changed field is checked again on the next save. */
  const unrefuse = (path: string) => {
    if (refused.has(path)) setRefused((current) => new Set([...current].filter((other) => other !== path)));
  };
  const setTitle = (language: Language, value: string) => {
    setDraft({ ...draft, title: { ...draft.title, [language]: value } });
    unrefuse(`title.${language}`);
  };
  const setStatement = (index: number, locale: Language, value: string) => {
    setDraft({
      ...draft,
      statements: draft.statements.map((statement, at) =>
        at === index ? { ...statement, [locale]: value } : statement,
      ),
    });
    unrefuse(`statements.${index}.${locale}`);
  };
  const submit = () => {
    const edited = { ...draft, weeks: typedWeeks(weeks) };
    const fields = refusedTopicFields(edited);
    setRefused(fields);
    if (fields.size === 0) save.mutate({ topic: edited });
  };
  const textError = (path: string) =>
    refused.has(path) ? t('inventory.admin.invalid.text', { max: INVENTORY_TEXT_MAX }) : undefined;
  return (
    <Card withBorder padding="lg" component="section" aria-label={draft.title[locale] || draft.title.en}>
      <Stack gap="md">
        {isPrivate ? <Badge color="blue">{t('inventory.admin.private')}</Badge> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {LANGUAGES.map((language) => (
            <TextInput
              key={language}
              label={t(TITLE_LABELS[language])}
              lang={language}
              value={draft.title[language]}
              onChange={(event) => setTitle(language, event.currentTarget.value)}
              error={textError(`title.${language}`)}
            />
          ))}
        </SimpleGrid>
        <TextInput
          label={t('inventory.admin.weeks')}
          value={weeks}
          onChange={(event) => {
            setWeeks(event.currentTarget.value);
            unrefuse('weeks');
          }}
          error={
            refused.has('weeks')
              ? t('inventory.admin.invalid.weeks', { max: TOPIC_WEEKS_MAX, total: TOTAL_WEEKS })
              : undefined
          }
          maw={420}
        />
        {draft.statements.map((statement, index) => (
          <SimpleGrid key={statement.id} cols={{ base: 1, sm: 2 }}>
            {LANGUAGES.map((language) => (
              <GrowingTextarea
                key={language}
                label={t(STATEMENT_LABELS[language], { id: statement.id })}
                lang={language}
                minRows={2}
                value={statement[language]}
                onChange={(event) => setStatement(index, language, event.currentTarget.value)}
                error={textError(`statements.${index}.${language}`)}
              />
            ))}
          </SimpleGrid>
        ))}
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            {t('inventory.admin.save')}
          </Button>
          <Button variant="default" onClick={() => revert.mutate({ topicId: topic.id })} loading={revert.isPending}>
            {t('inventory.admin.revert')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
