import {
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarPlus, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { dayNumber, type Pace } from '../../../shared/plan';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { planTexts as text } from './plan-texts';

interface PlanCardProps {
  /** Weeks completed so far: the plan's standing is read again when it changes. */
  completedCount: number | undefined;
}

type PaceChoice = 'auto' | '1' | '2' | '3';

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...zones])];
}

function formatDay(date: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * The plan paced to the wedding (docs/product.md#paced-plan): the proposal with the couple's
 * choices and "Accept", then where they stand ("Week 6 of your plan: on track"), the break, the
 * calendar and the time zone.
 */
export function PlanCard({ completedCount }: PlanCardProps) {
  const queryClient = useQueryClient();
  const overviewOptions = trpc.plan.overview.queryOptions();
  const overview = useQuery(overviewOptions);
  const [editing, setEditing] = useState(false);
  const [finishDate, setFinishDate] = useState('');
  const [pace, setPace] = useState<PaceChoice>('auto');
  const [corePath, setCorePath] = useState<boolean | null>(null);
  const [pausing, setPausing] = useState(false);
  const [pauseUntil, setPauseUntil] = useState('');
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  const [zone, setZone] = useState<string | null>(null);

  // A completed week changes the standing: read it again.
  useEffect(() => {
    if (completedCount !== undefined) void queryClient.invalidateQueries({ queryKey: overviewOptions.queryKey });
  }, [completedCount, queryClient, overviewOptions.queryKey]);

  const choice = useMemo(
    () => ({
      finishDate: finishDate === '' ? null : finishDate,
      pace: pace === 'auto' ? null : (Number(pace) as Pace),
      corePath,
    }),
    [finishDate, pace, corePath],
  );
  const data = overview.data;
  const showProposal = data !== undefined && (data.accepted === null || editing) && data.paused === null;
  const preview = useQuery({
    ...trpc.plan.preview.queryOptions(choice),
    enabled: showProposal,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const refreshAll = () => queryClient.invalidateQueries();
  const onError = (error: unknown) => notify.error(text.error, errorMessage(error, text.failed));
  const accept = useMutation(
    trpc.plan.accept.mutationOptions({
      onSuccess: async () => {
        setEditing(false);
        notify.success(text.accepted, text.acceptedBody);
        await refreshAll();
      },
      onError,
    }),
  );
  const pause = useMutation(
    trpc.plan.pause.mutationOptions({
      onSuccess: async () => {
        setPausing(false);
        setPauseUntil('');
        await refreshAll();
      },
      onError,
    }),
  );
  const resume = useMutation(
    trpc.plan.resume.mutationOptions({
      onSuccess: async () => {
        notify.success(text.resumed, text.resumedBody);
        await refreshAll();
      },
      onError,
    }),
  );
  const createFeed = useMutation(
    trpc.plan.createCalendarFeed.mutationOptions({
      onSuccess: async (result) => {
        setFeedUrl(result.url);
        await queryClient.invalidateQueries({ queryKey: overviewOptions.queryKey });
      },
      onError,
    }),
  );
  const revokeFeed = useMutation(
    trpc.plan.revokeCalendarFeed.mutationOptions({
      onSuccess: async () => {
        setFeedUrl(null);
        notify.success(text.saved, text.feedRevoked);
        await queryClient.invalidateQueries({ queryKey: overviewOptions.queryKey });
      },
      onError,
    }),
  );
  const saveZone = useMutation(
    trpc.plan.setTimeZone.mutationOptions({
      onSuccess: async () => {
        notify.success(text.saved, text.timeZoneSaved);
        await refreshAll();
      },
      onError,
    }),
  );

  if (!data) return <Skeleton height={120} aria-label={text.loading} />;

  const proposal = preview.data?.proposal ?? data.proposal;
  const finish = proposal.finish;
  const weeksToDate = finish === null ? null : Math.max(0, Math.ceil((dayNumber(finish) - dayNumber(data.today)) / 7));
  const currentZone = zone ?? (data.timeZone === 'UTC' ? browserTimeZone() : data.timeZone);
  const busy = accept.isPending || pause.isPending || resume.isPending;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="plan-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="plan-title">
            {text.title}
          </Title>
          {data.paused ? <Badge color="gray">{text.pauseTitle}</Badge> : null}
        </Group>

        {data.paused ? (
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{text.paused(data.paused.until ? formatDay(data.paused.until) : null)}</Text>
            <Text size="sm">{text.pausedBody}</Text>
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
              loading={resume.isPending}
              disabled={busy}
              onClick={() => resume.mutate()}
            >
              {text.resume}
            </Button>
          </Stack>
        ) : null}

        {data.accepted && data.standing && !data.paused && !editing ? (
          <Stack gap="xs" align="flex-start">
            <Text fw={600} data-testid="plan-standing">
              {text.standing(data.standing.planWeek, data.standing.behind)}
            </Text>
            <Text size="sm">
              {data.standing.nextWeek !== null && data.standing.nextDate !== null
                ? text.nextSession(data.standing.nextWeek, formatDay(data.standing.nextDate))
                : text.allPlanned}
            </Text>
            <Group gap="sm">
              {data.standing.nextWeek !== null ? (
                <Button
                  component="a"
                  variant="light"
                  href={`/api/plan/${data.coupleId}/next-session.ics`}
                  download="next-session.ics"
                  leftSection={<IconCalendarPlus size={16} aria-hidden="true" />}
                >
                  {text.addToCalendar}
                </Button>
              ) : null}
              <Button variant="default" onClick={() => setEditing(true)}>
                {text.change}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPlayerPause size={16} aria-hidden="true" />}
                onClick={() => setPausing((open) => !open)}
                aria-expanded={pausing}
              >
                {text.pause}
              </Button>
            </Group>
            {pausing ? (
              <Group align="flex-end" gap="sm">
                <TextInput
                  type="date"
                  label={text.pauseUntil}
                  description={text.pauseUntilHelp}
                  value={pauseUntil}
                  min={data.today}
                  onChange={(event) => setPauseUntil(event.currentTarget.value)}
                />
                <Button
                  loading={pause.isPending}
                  disabled={busy}
                  onClick={() => pause.mutate({ until: pauseUntil === '' ? null : pauseUntil })}
                >
                  {text.pauseConfirm}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}

        {showProposal ? (
          <Stack gap="sm">
            <Text fw={600}>{text.proposalTitle}</Text>
            <Text size="sm" data-testid="plan-proposal">
              {text.kind(proposal.kind, weeksToDate, proposal.beforeFinish, proposal.pace)}
            </Text>
            <Group align="flex-start" gap="md">
              <TextInput
                type="date"
                label={text.finishDate}
                description={text.finishDateHelp}
                value={finishDate}
                min={data.today}
                onChange={(event) => setFinishDate(event.currentTarget.value)}
                error={preview.error ? errorMessage(preview.error, text.failed) : undefined}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="plan-pace-label">
                  {text.pace}
                </Text>
                <SegmentedControl
                  aria-labelledby="plan-pace-label"
                  value={pace}
                  onChange={(value) => setPace(value as PaceChoice)}
                  data={[
                    { value: 'auto', label: text.paceAuto },
                    { value: '1', label: '1' },
                    { value: '2', label: '2' },
                    { value: '3', label: '3' },
                  ]}
                />
              </Stack>
            </Group>
            <Switch
              label={text.corePath}
              description={text.corePathHelp}
              checked={corePath ?? proposal.corePath}
              onChange={(event) => setCorePath(event.currentTarget.checked)}
            />
            <Group gap="sm">
              <Button
                loading={accept.isPending}
                disabled={busy || preview.isError}
                onClick={() => accept.mutate(choice)}
              >
                {text.accept}
              </Button>
              {editing ? (
                <Button variant="default" onClick={() => setEditing(false)}>
                  {text.cancelChange}
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : null}

        {data.accepted && !data.paused ? (
          <Stack gap="xs" mt="xs">
            <Text fw={600}>{text.feedTitle}</Text>
            <Text size="sm">{text.feedHelp}</Text>
            {feedUrl ? (
              <TextInput
                label={text.feedAddress}
                value={feedUrl}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
              />
            ) : data.hasCalendarFeed ? (
              <Text size="sm">{text.feedExists}</Text>
            ) : null}
            <Group gap="sm">
              <Button variant="default" loading={createFeed.isPending} onClick={() => createFeed.mutate()}>
                {data.hasCalendarFeed ? text.feedNew : text.feedCreate}
              </Button>
              {data.hasCalendarFeed ? (
                <Button variant="subtle" color="red" loading={revokeFeed.isPending} onClick={() => revokeFeed.mutate()}>
                  {text.feedRevoke}
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : null}

        <Group align="flex-end" gap="sm" mt="xs">
          <NativeSelect
            label={text.timeZone}
            description={text.timeZoneHelp}
            value={currentZone}
            onChange={(event) => setZone(event.currentTarget.value)}
            data={timeZones(currentZone)}
          />
          <Button
            variant="default"
            loading={saveZone.isPending}
            disabled={currentZone === data.timeZone}
            onClick={() => saveZone.mutate({ timeZone: currentZone })}
          >
            {text.saveTimeZone}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
