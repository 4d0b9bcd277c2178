import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Partner } from '../../../shared/constants';
import type { InventoryStatus, InventoryTopicView } from '../../../shared/inventory-schemas';
import { notify } from '../../components/notifications';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { SCALE_VALUES, scaleLabelId } from './answer-scale';
import { HelpView } from './help-view';

interface TakingProps {
  status: InventoryStatus;
  topics: InventoryTopicView[];
  names: Record<Partner, string>;
}

/**
 * Answering: on a partner's own sign-in, that partner's statements; on the shared device, first
 * "who is answering now?", one partner at a time (decision 0236).
 */
export function InventoryTaking({ status, topics, names }: TakingProps) {
  const { t } = useT();
  const [chosen, setChosen] = useState<Partner | null>(null);
  const partner = status.you ?? chosen;
  if (!partner) {
    return (
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="inventory-who">
        <Stack gap="sm">
          <Title order={2} size="h3" id="inventory-who">
            {t('inventory.who.title')}
          </Title>
          <Text>{t('inventory.who.text')}</Text>
          <Group>
            {(['partner1', 'partner2'] as const).map((who) => (
              <Button key={who} onClick={() => setChosen(who)} disabled={status.partners[who].finishedAt !== null}>
                {t('inventory.who.as', { name: names[who] })}
              </Button>
            ))}
          </Group>
        </Stack>
      </Paper>
    );
  }
  return (
    <PartnerForm
      key={partner}
      partner={partner}
      topics={topics}
      names={names}
      onHandOver={status.you === null ? () => setChosen(null) : undefined}
    />
  );
}

function firstOpenStep(topics: InventoryTopicView[], answers: Record<string, number>): number {
  const index = topics.findIndex((topic) => topic.statements.some((statement) => answers[statement.id] === undefined));
  return index === -1 ? topics.length - 1 : index;
}

function PartnerForm({
  partner,
  topics,
  names,
  onHandOver,
}: {
  partner: Partner;
  topics: InventoryTopicView[];
  names: Record<Partner, string>;
  onHandOver: (() => void) | undefined;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const saved = useQuery(trpc.inventory.answers.queryOptions({ partner }));
  const [draft, setDraft] = useState<Record<string, number> | null>(null);
  const [step, setStep] = useState(0);
  const [help, setHelp] = useState<null | { onContinue: () => void; finished: boolean }>(null);
  const [missing, setMissing] = useState(0);
  // A new topic on screen (after "Save and continue", or "Back") takes keyboard focus to its heading,
  // not the top of the page (QA walk); the topic first shown does not take it.
  const topicHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<number | null>(null);
  useEffect(() => {
    if (!topicHeading.current) return;
    if (shownStep.current !== null && shownStep.current !== step) topicHeading.current.focus();
    shownStep.current = step;
  });

  useEffect(() => {
    if (saved.data && draft === null) {
      setDraft(saved.data.answers);
      setStep(firstOpenStep(topics, saved.data.answers));
    }
  }, [saved.data, draft, topics]);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.inventory.status.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.inventory.answers.queryKey({ partner }) });
  };
  const save = useMutation(
    trpc.inventory.saveAnswers.mutationOptions({
      onError: (error) => notify.error(t('inventory.save.failed'), errorMessage(error, t('inventory.save.tryAgain'))),
    }),
  );
  // The page is refreshed by the caller: after the help page, once the partner has read it.
  const finish = useMutation(
    trpc.inventory.finish.mutationOptions({
      onError: (error) => notify.error(t('inventory.save.failed'), errorMessage(error, t('inventory.save.tryAgain'))),
    }),
  );

  // The help page first: a partner who has just finished reads it before the page moves on.
  if (help) return <HelpView onContinue={help.onContinue} finished={help.finished} />;
  if (saved.data?.finishedAt) {
    const other: Partner = partner === 'partner1' ? 'partner2' : 'partner1';
    return (
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="inventory-finished">
        <Stack gap="sm">
          <Title order={2} size="h3" id="inventory-finished">
            {t('inventory.finished.title')}
          </Title>
          <Text>{t('inventory.finished.waiting', { name: names[other] })}</Text>
          {onHandOver ? (
            <Button variant="light" onClick={onHandOver} w="fit-content">
              {t('inventory.who.switch')}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    );
  }
  if (!draft) return null;

  const topic = topics[step]!;
  const last = step === topics.length - 1;
  const hasPrivate = topic.statements.some((statement) => statement.private);

  const saveStep = async () => {
    const answers = Object.fromEntries(
      topic.statements.flatMap((statement) =>
        draft[statement.id] === undefined ? [] : [[statement.id, draft[statement.id]!] as const],
      ),
    );
    const result = await save.mutateAsync({ partner, answers });
    const open = topics.flatMap((entry) => entry.statements).filter((statement) => draft[statement.id] === undefined);
    if (last && open.length === 0) {
      // "Save and finish" finishes on the server before anything else is shown: a partner who stops
      // on the help page has finished all the same.
      await finish.mutateAsync({ partner });
      setMissing(0);
      if (result.showHelp) setHelp({ finished: true, onContinue: () => void refresh().then(() => setHelp(null)) });
      else await refresh();
      return;
    }
    void queryClient.invalidateQueries({ queryKey: trpc.inventory.status.queryKey() });
    const next = () => {
      setHelp(null);
      if (!last) {
        setStep(step + 1);
        return;
      }
      setMissing(open.length);
      setStep(firstOpenStep(topics, draft));
    };
    if (result.showHelp) setHelp({ finished: false, onContinue: next });
    else next();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="inventory-topic">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('inventory.answering.as', { name: names[partner] })} ·{' '}
            {t('inventory.topic.step', { index: step + 1, count: topics.length })}
          </Text>
          {onHandOver ? (
            <Button variant="subtle" size="compact-sm" onClick={onHandOver}>
              {t('inventory.who.switch')}
            </Button>
          ) : null}
        </Group>
        <Title order={2} size="h3" id="inventory-topic" ref={topicHeading} tabIndex={-1}>
          {topic.title}
        </Title>
        {hasPrivate ? (
          <Alert color="blue" role="note">
            {t('inventory.private.note')}
          </Alert>
        ) : null}
        {topic.statements.map((statement) => (
          <Radio.Group
            key={statement.id}
            name={statement.id}
            label={statement.text}
            description={t('inventory.scale.legend')}
            value={draft[statement.id] === undefined ? null : String(draft[statement.id])}
            onChange={(value) => setDraft({ ...draft, [statement.id]: Number(value) })}
            data-statement={statement.id}
          >
            {/* One column on a phone, an even three by two grid from `sm` up: six choices of uneven
                length wrapped two or three to a line (QA walk, 375 px). 24 px radios (WCAG 2.5.8). */}
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs" mt={6} data-answer-scale>
              {SCALE_VALUES.map((value) => (
                <Radio key={value} value={String(value)} label={t(scaleLabelId(value))} size="md" />
              ))}
            </SimpleGrid>
          </Radio.Group>
        ))}
        {missing > 0 ? (
          <Alert color="yellow" role="status">
            {t('inventory.save.missing', { count: missing })}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" onClick={() => setStep(step - 1)} disabled={step === 0}>
            {t('inventory.save.back')}
          </Button>
          <Button onClick={() => void saveStep().catch(() => undefined)} loading={save.isPending || finish.isPending}>
            {last ? t('inventory.save.finish') : t('inventory.save.next')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
