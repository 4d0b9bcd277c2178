import { Anchor, Badge, Button, Card, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  InventoryReport,
  InventoryStatus,
  ReportStatement,
  ReportTopic,
  TopicChange,
} from '../../../shared/inventory-schemas';
import { inventoryReportFileName } from '../../../shared/download-names';
import type { MessageId } from '../../../shared/i18n/locales';
import { formatDate, formatList } from '../../../shared/i18n/format';
import { notify } from '../../components/notifications';
import { useT } from '../../i18n/use-t';
import { errorMessage, restErrorMessage } from '../../lib/api-error';
import { downloadFile } from '../../lib/rest';
import { trpc } from '../../trpc';
import { scaleLabelId, weekHref } from './answer-scale';

/** The report once both have finished (decision 0237), with the weeks of each topic and the PDF. */
export function InventoryReportView({ status }: { status: InventoryStatus }) {
  const { t, locale } = useT();
  const report = useQuery(trpc.inventory.report.queryOptions({ locale }));
  if (report.isError) {
    return (
      <Text role="alert" c="red">
        {errorMessage(report.error, t('inventory.loadFailed'))}
      </Text>
    );
  }
  if (!report.data) return null;
  const data = report.data;
  const byId = new Map(data.topics.map((topic) => [topic.id, topic]));
  const ordered = [
    ...data.talkFirst.map((id) => byId.get(id)!),
    ...data.topics.filter((topic) => !data.talkFirst.includes(topic.id)),
  ];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t('inventory.report.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('inventory.report.round', { round: data.round, date: formatDate(locale, data.revealedAt) })}
        </Text>
        <Text fw={600}>
          {data.talkFirst.length > 0
            ? t('inventory.report.talkFirst', {
                topics: formatList(
                  locale,
                  data.talkFirst.map((id) => byId.get(id)!.title),
                ),
              })
            : t('inventory.report.nothingToTalk')}
        </Text>
        <PdfButton round={data.round} />
      </Stack>
      {ordered.map((topic) => (
        <TopicCard key={topic.id} topic={topic} report={data} />
      ))}
      <Retake status={status} />
    </Stack>
  );
}

function PdfButton({ round }: { round: number }) {
  const { t, locale } = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        `/api/inventory-report.pdf?round=${round}&locale=${locale}`,
        inventoryReportFileName(round, locale),
      );
    } catch (error) {
      notify.error(t('inventory.report.pdfFailed'), restErrorMessage(error, t('inventory.tryAgain')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
      w="fit-content"
    >
      {t('inventory.report.pdf')}
    </Button>
  );
}

/** How a topic moved since the round before, in words; nothing for `same` and `new`. */
const CHANGE_IDS: Partial<Record<TopicChange, MessageId>> = {
  'now-agree': 'inventory.change.nowAgree',
  closer: 'inventory.change.closer',
  further: 'inventory.change.further',
};

function TopicCard({ topic, report }: { topic: ReportTopic; report: InventoryReport }) {
  const { t } = useT();
  const change = report.comparison?.topics.find((entry) => entry.id === topic.id);
  const changeId = change ? CHANGE_IDS[change.change] : undefined;
  const changeText =
    changeId && report.comparison
      ? t(changeId, { topic: topic.title.toLocaleLowerCase(), round: report.comparison.round })
      : null;
  const headingId = `inventory-topic-${topic.id}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} data-topic={topic.id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} id={headingId}>
            {topic.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('inventory.report.counts', {
              agree: topic.agree.length,
              talk: topic.talk.length,
              unsure: topic.unsure.length,
            })}
          </Text>
        </Group>
        {changeText ? (
          <Badge color="green" variant="light" size="lg" style={{ textTransform: 'none' }}>
            {changeText}
          </Badge>
        ) : null}
        <Statements label={t('inventory.report.talk')} items={topic.talk} report={report} withAnswers />
        <Statements label={t('inventory.report.unsure')} items={topic.unsure} report={report} withAnswers />
        <Statements label={t('inventory.report.close')} items={topic.close} report={report} withAnswers />
        <Statements label={t('inventory.report.agree')} items={topic.agree} report={report} withAnswers={false} />
        <Group gap="xs">
          <Text size="sm">{t('inventory.report.weeks')}</Text>
          {topic.weeks.map((week) => (
            <Anchor key={week} href={weekHref(week)} size="sm">
              {t('inventory.report.week', { week })}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

function Statements({
  label,
  items,
  report,
  withAnswers,
}: {
  label: string;
  items: ReportStatement[];
  report: InventoryReport;
  withAnswers: boolean;
}) {
  const { t } = useT();
  if (items.length === 0) return null;
  return (
    <Paper p="sm" radius="sm" bg="var(--mantine-color-gray-0)">
      <Text fw={600} size="sm" mb={4}>
        {label}
      </Text>
      <List spacing={6} size="sm">
        {items.map((item) => (
          <List.Item key={item.id}>
            <Text size="sm">{item.text}</Text>
            {withAnswers ? (
              <Text size="xs" c="dimmed">
                {report.names.partner1}: {t(scaleLabelId(item.partner1))} · {report.names.partner2}:{' '}
                {t(scaleLabelId(item.partner2))}
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

function Retake({ status }: { status: InventoryStatus }) {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const start = useMutation(
    trpc.inventory.startRetake.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.inventory.status.queryKey(), next);
        void queryClient.invalidateQueries({ queryKey: trpc.inventory.answers.queryKey() });
      },
      onError: (error) => notify.error(t('inventory.retake.failed'), errorMessage(error, t('inventory.tryAgain'))),
    }),
  );
  if (!status.retakeFrom) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="inventory-retake">
      <Stack gap="sm">
        <Title order={3} id="inventory-retake">
          {t('inventory.retake.title')}
        </Title>
        <Text>{t('inventory.retake.when', { date: formatDate(locale, status.retakeFrom) })}</Text>
        <Button onClick={() => start.mutate()} loading={start.isPending} disabled={!status.canRetake} w="fit-content">
          {t('inventory.retake.start')}
        </Button>
      </Stack>
    </Card>
  );
}
