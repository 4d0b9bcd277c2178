import {
  Badge,
  Button,
  Card,
  Group,
  Input,
  NativeSelect,
  Radio,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarPlus, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { dayNumber, finishDateProblem, type Pace, pauseUntilProblem } from '../../../shared/plan';
import { nextSessionFileName } from '../../../shared/download-names';
import { notify } from '../../components/notifications';
import { errorMessage, restErrorMessage, serverMessageText } from '../../lib/api-error';
import { downloadFile } from '../../lib/rest';
import { trpc } from '../../trpc';
import { formatDate } from '../../../shared/i18n/format';
import { useT } from '../../i18n/use-t';

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

/**
 * The plan paced to the wedding (docs/product.md#paced-plan): the proposal with the couple's
 * choices and "Accept", then where they stand ("Week 6 of your plan: on track"), the break, the
 * calendar and the time zone.
 */
export function PlanCard({ completedCount }: PlanCardProps) {
  const { t, locale } = useT();
  const formatDay = (date: string) => formatDate(locale, date, { dateStyle: 'full' });
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
  // The list of time zones (about 420) is drawn only when the couple asks to change theirs.
  const [choosingZone, setChoosingZone] = useState(false);
  const [addingToCalendar, setAddingToCalendar] = useState(false);

  // A completed week changes the standing: read it again when the count changes (not on mount,
  // whose request is already on its way, nor on every render).
  const countSeen = useRef(completedCount);
  useEffect(() => {
    if (completedCount === undefined || completedCount === countSeen.current) return;
    const firstCount = countSeen.current === undefined;
    countSeen.current = completedCount;
    if (!firstCount) void queryClient.invalidateQueries({ queryKey: trpc.plan.overview.queryKey() });
  }, [completedCount, queryClient]);

  const choice = useMemo(
    () => ({
      finishDate: finishDate === '' ? null : finishDate,
      pace: pace === 'auto' ? null : (Number(pace) as Pace),
      corePath,
    }),
    [finishDate, pace, corePath],
  );
  // Rendered from a deferred copy: the card (its form, some 400 time zones) sits below the journey
  // map, and drawing it in a background render keeps the dashboard's first taps from waiting on it.
  const data = useDeferredValue(overview.data);
  const showProposal = data !== undefined && (data.accepted === null || editing) && data.paused === null;
  // Before a plan is accepted, the overview's proposal is the one of the default choices: a preview
  // is asked for once the couple changes one.
  const defaultChoice = choice.finishDate === null && choice.pace === null && choice.corePath === null;
  // A finish date the server would refuse (today or before, beyond three years) is said at once,
  // under the field, and no preview is asked for (the same rule as the server's: shared/plan.ts).
  const finishProblem =
    choice.finishDate === null || data === undefined ? null : finishDateProblem(choice.finishDate, data.today);
  const previewed = showProposal && finishProblem === null && !(defaultChoice && data?.accepted === null);
  const preview = useQuery({
    ...trpc.plan.preview.queryOptions(choice),
    enabled: previewed,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const refreshAll = () => queryClient.invalidateQueries();
  const onError = (error: unknown) => notify.error(t('plan.toast.error'), errorMessage(error, t('plan.toast.failed')));
  const accept = useMutation(
    trpc.plan.accept.mutationOptions({
      onSuccess: async () => {
        setEditing(false);
        notify.success(t('plan.toast.accepted'), t('plan.toast.acceptedBody'));
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
        notify.success(t('plan.toast.resumed'), t('plan.toast.resumedBody'));
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
        notify.success(t('plan.toast.saved'), t('plan.feed.revoked'));
        await queryClient.invalidateQueries({ queryKey: overviewOptions.queryKey });
      },
      onError,
    }),
  );
  const saveZone = useMutation(
    trpc.plan.setTimeZone.mutationOptions({
      onSuccess: async () => {
        setChoosingZone(false);
        notify.success(t('plan.toast.saved'), t('plan.timeZone.saved'));
        await refreshAll();
      },
      onError,
    }),
  );

  // "Add to calendar" fetches the file first, so a refusal (signed out, no session left to add, the
  // database out) is said in the page's language rather than as a failed download.
  const addToCalendar = async (coupleId: number) => {
    setAddingToCalendar(true);
    try {
      await downloadFile(`/api/plan/${coupleId}/next-session.ics`, nextSessionFileName(locale));
    } catch (error) {
      notify.error(t('plan.calendar.failedTitle'), restErrorMessage(error, t('plan.calendar.failed')));
    } finally {
      setAddingToCalendar(false);
    }
  };

  const currentZone = zone ?? (data === undefined || data.timeZone === 'UTC' ? browserTimeZone() : data.timeZone);
  const zones = useMemo(() => (choosingZone ? timeZones(currentZone) : []), [choosingZone, currentZone]);

  if (!data) return <Skeleton height={120} role="status" aria-label={t('plan.card.loading')} />;

  // (Not the placeholder a choice changed back to the defaults would keep.)
  const proposal = (previewed ? preview.data?.proposal : undefined) ?? data.proposal;
  const finish = proposal.finish;
  const daysToDate = finish === null ? 0 : Math.max(0, dayNumber(finish) - dayNumber(data.today));
  const busy = accept.isPending || pause.isPending || resume.isPending;
  const pauseProblem = pauseUntil === '' ? null : pauseUntilProblem(pauseUntil, data.today);
  // Whole weeks (never rounded up), so it agrees with the header's day count ("197 days until your
  // wedding", "28 weeks away"; QA walk: "29 weeks away"); the last two weeks in days.
  const away =
    daysToDate < 14
      ? t('plan.away.days', { count: daysToDate })
      : t('plan.away.weeks', { count: Math.floor(daysToDate / 7) });
  const kindText = {
    weekly: t('plan.kind.weekly', { away }),
    faster: t('plan.kind.faster', { away, pace: proposal.pace }),
    'core-path': t('plan.kind.corePath', { away, sessions: proposal.beforeFinish }),
    'after-wedding': t('plan.kind.afterWedding'),
    'no-date': t('plan.kind.noDate'),
  }[proposal.kind];

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="plan-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="plan-title">
            {t('plan.card.title')}
          </Title>
          {data.paused ? <Badge color="gray">{t('plan.pause.badge')}</Badge> : null}
        </Group>

        {data.paused ? (
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>
              {data.paused.until
                ? t('plan.paused.until', { date: formatDay(data.paused.until) })
                : t('plan.paused.open')}
            </Text>
            <Text size="sm">{t('plan.paused.body')}</Text>
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
              loading={resume.isPending}
              disabled={busy}
              onClick={() => resume.mutate()}
            >
              {t('plan.action.resume')}
            </Button>
          </Stack>
        ) : null}

        {data.accepted && data.standing && !data.paused && !editing ? (
          <Stack gap="xs" align="flex-start">
            <Text fw={600} data-testid="plan-standing">
              {t('plan.card.standing', { planWeek: data.standing.planWeek, behind: data.standing.behind })}
            </Text>
            <Text size="sm">
              {data.standing.nextWeek !== null && data.standing.nextDate !== null
                ? t('plan.card.next', { week: data.standing.nextWeek, date: formatDay(data.standing.nextDate) })
                : t('plan.card.allDone')}
            </Text>
            <Group gap="sm">
              {data.standing.nextWeek !== null ? (
                <Button
                  variant="light"
                  loading={addingToCalendar}
                  onClick={() => void addToCalendar(data.coupleId)}
                  leftSection={<IconCalendarPlus size={16} aria-hidden="true" />}
                >
                  {t('plan.action.addToCalendar')}
                </Button>
              ) : null}
              <Button variant="default" onClick={() => setEditing(true)}>
                {t('plan.action.change')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPlayerPause size={16} aria-hidden="true" />}
                onClick={() => setPausing((open) => !open)}
                aria-expanded={pausing}
              >
                {t('plan.action.pause')}
              </Button>
            </Group>
            {pausing ? (
              <Group align="flex-end" gap="sm">
                <TextInput
                  type="date"
                  label={t('plan.pause.until')}
                  description={t('plan.pause.untilHelp')}
                  value={pauseUntil}
                  min={data.today}
                  onChange={(event) => setPauseUntil(event.currentTarget.value)}
                  error={pauseProblem === null ? undefined : serverMessageText(pauseProblem)}
                />
                <Button
                  loading={pause.isPending}
                  disabled={busy || pauseProblem !== null}
                  onClick={() => pause.mutate({ until: pauseUntil === '' ? null : pauseUntil })}
                >
                  {t('plan.pause.confirm')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}

        {showProposal ? (
          <Stack gap="sm">
            <Text fw={600}>{t('plan.proposal.title')}</Text>
            <Text size="sm" data-testid="plan-proposal">
              {kindText}
            </Text>
            <Group align="flex-start" gap="md">
              <TextInput
                type="date"
                label={t('plan.proposal.finishDate')}
                description={t('plan.proposal.finishDateHelp')}
                value={finishDate}
                min={data.today}
                onChange={(event) => setFinishDate(event.currentTarget.value)}
                error={
                  finishProblem !== null
                    ? serverMessageText(finishProblem)
                    : preview.error
                      ? errorMessage(preview.error, t('plan.toast.failed'))
                      : undefined
                }
              />
              {/* Radios rather than a segmented control: its sliding indicator measures the page's
                layout as the card mounts, a forced layout of the whole dashboard (decision 0377). */}
              <Radio.Group
                label={t('plan.proposal.pace')}
                value={pace}
                onChange={(value) => setPace(value as PaceChoice)}
              >
                <Group gap="md" mt={8}>
                  <Radio value="auto" label={t('plan.proposal.paceAuto')} />
                  <Radio value="1" label="1" />
                  <Radio value="2" label="2" />
                  <Radio value="3" label="3" />
                </Group>
              </Radio.Group>
            </Group>
            <Switch
              label={t('plan.proposal.corePath')}
              // Named by its label alone, not label and description (see RemindersSwitch).
              aria-label={t('plan.proposal.corePath')}
              description={t('plan.proposal.corePathHelp')}
              checked={corePath ?? proposal.corePath}
              onChange={(event) => setCorePath(event.currentTarget.checked)}
            />
            <Group gap="sm">
              <Button
                loading={accept.isPending}
                disabled={busy || finishProblem !== null || preview.isError}
                onClick={() => accept.mutate(choice)}
              >
                {t('plan.proposal.accept')}
              </Button>
              {editing ? (
                <Button variant="default" onClick={() => setEditing(false)}>
                  {t('plan.proposal.keep')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : null}

        {data.accepted && !data.paused ? (
          <Stack gap="xs" mt="xs">
            <Text fw={600}>{t('plan.feed.title')}</Text>
            <Text size="sm">{t('plan.feed.help')}</Text>
            {feedUrl ? (
              <TextInput
                label={t('plan.feed.address')}
                value={feedUrl}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
              />
            ) : data.hasCalendarFeed ? (
              <Text size="sm">{t('plan.feed.exists')}</Text>
            ) : null}
            <Group gap="sm">
              <Button variant="default" loading={createFeed.isPending} onClick={() => createFeed.mutate()}>
                {data.hasCalendarFeed ? t('plan.feed.new') : t('plan.feed.create')}
              </Button>
              {data.hasCalendarFeed ? (
                <Button variant="subtle" color="red" loading={revokeFeed.isPending} onClick={() => revokeFeed.mutate()}>
                  {t('plan.feed.revoke')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : null}

        <Group align="flex-end" gap="sm" mt="xs">
          {choosingZone ? (
            <NativeSelect
              label={t('plan.timeZone.label')}
              description={t('plan.timeZone.help')}
              value={currentZone}
              onChange={(event) => setZone(event.currentTarget.value)}
              data={zones}
              autoFocus
            />
          ) : (
            <>
              <Input.Wrapper label={t('plan.timeZone.label')} description={t('plan.timeZone.help')} labelElement="div">
                <Text data-testid="plan-time-zone">{currentZone}</Text>
              </Input.Wrapper>
              <Button variant="default" onClick={() => setChoosingZone(true)}>
                {t('plan.timeZone.change')}
              </Button>
            </>
          )}
          <Button
            variant="default"
            loading={saveZone.isPending}
            disabled={currentZone === data.timeZone}
            onClick={() => saveZone.mutate({ timeZone: currentZone })}
          >
            {t('plan.timeZone.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
