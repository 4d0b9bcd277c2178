import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  formatMinutes,
  OFFLINE_CAP_PER_WEEK_MINUTES,
  OFFLINE_ENTRY_MIN_MINUTES,
  isOfflineEntryMinutes,
  type TimeOwner,
  weekMinutesFor,
} from '../../../shared/certificate-hours';
import type { Partner } from '../../../shared/constants';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { useT } from './texts';
import { useActiveTime } from './use-active-time';

export interface CourseTimeTrackerProps {
  weekNumber: number | null;
  partnerNames: { partner1: string; partner2: string };
}

/**
 * Under the Current tab's workbook, once it has loaded (issue 37): who is at the device, the week's counted time, and
 * the form to log offline time with the "we did this together" mark. While it shows, the page's
 * active time is counted (useActiveTime).
 */
export function CourseTimeTracker({ weekNumber, partnerNames }: CourseTimeTrackerProps) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.certificates.status.queryOptions());
  const hours = useQuery(trpc.certificates.hours.queryOptions());
  const editable = status.data?.editableNames ?? null;
  const bound: Partner | null = editable && editable.length === 1 ? editable[0]! : null;
  const [chosen, setChosen] = useState<TimeOwner>('together');
  const who: TimeOwner | null = editable === null ? null : (bound ?? chosen);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.certificates.hours.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.certificates.status.queryKey() });
  };
  useActiveTime(
    weekNumber,
    who,
    () => void queryClient.invalidateQueries({ queryKey: trpc.certificates.hours.queryKey() }),
  );

  const [minutes, setMinutes] = useState<number | string>(30);
  // Minutes out of range stay as typed, with the field's message, and nothing is logged.
  const [minutesRefused, setMinutesRefused] = useState(false);
  const [markedTogether, setTogether] = useState(true);
  // Time together counts for both partners: only the shared sign-in logs it (decision 0245), so a
  // partner's own sign-in logs their own time and has no "together" mark.
  const together = bound === null && markedTogether;
  const [whose, setWhose] = useState<Partner>(bound ?? 'partner1');
  const report = useMutation(
    trpc.certificates.reportOfflineTime.mutationOptions({
      onSuccess: () => {
        notify.success(t('certificates.time.logged'));
        refresh();
      },
      onError: (error) =>
        notify.error(t('certificates.error.title'), errorMessage(error, t('certificates.error.generic'))),
    }),
  );
  const remove = useMutation(
    trpc.certificates.deleteOfflineTime.mutationOptions({
      onSuccess: refresh,
      onError: (error) =>
        notify.error(t('certificates.error.title'), errorMessage(error, t('certificates.error.generic'))),
    }),
  );

  if (weekNumber === null) return null;
  const week = hours.data?.weeks.find((row) => row.weekNumber === weekNumber);
  const owner: TimeOwner = who ?? 'together';
  // A partner's week counts the time spent together too, as the hours table's totals do.
  const counted = week ? weekMinutesFor(week, owner) : undefined;
  const entries = (hours.data?.offlineEntries ?? []).filter((entry) => entry.weekNumber === weekNumber);
  const nameOf = (value: TimeOwner) => (value === 'together' ? t('certificates.time.together') : partnerNames[value]);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="course-time-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="course-time-title">
          {t('certificates.time.title')}
        </Title>
        {bound === null && editable !== null ? (
          <div>
            <Text size="sm" fw={500} id="course-time-who">
              {t('certificates.time.who')}
            </Text>
            <SegmentedControl
              aria-labelledby="course-time-who"
              value={chosen}
              onChange={(value) => setChosen(value as TimeOwner)}
              data={[
                { value: 'partner1', label: partnerNames.partner1 },
                { value: 'partner2', label: partnerNames.partner2 },
                { value: 'together', label: t('certificates.time.together') },
              ]}
            />
          </div>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('certificates.time.counting')}
        </Text>
        <Text size="sm" data-testid="course-time-week">
          {t('certificates.time.thisWeek', {
            minutes: formatMinutes(counted?.online ?? 0),
            offline: formatMinutes(counted?.offline ?? 0),
          })}
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const input = {
              weekNumber,
              minutes: Number(minutes),
              together,
              ...(together ? {} : { partner: bound ?? whose }),
            };
            // The server's rule, from a zod-free module (the dashboard loads no zod: decision 0044).
            const refused = !isOfflineEntryMinutes(input.minutes);
            setMinutesRefused(refused);
            if (!refused) report.mutate(input);
          }}
        >
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('certificates.time.offlineTitle')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('certificates.time.offlineHelp', { cap: formatMinutes(OFFLINE_CAP_PER_WEEK_MINUTES) })}
            </Text>
            <Group align="end" gap="sm" wrap="wrap">
              <NumberInput
                label={t('certificates.time.minutes')}
                min={OFFLINE_ENTRY_MIN_MINUTES}
                max={OFFLINE_CAP_PER_WEEK_MINUTES}
                step={5}
                error={
                  minutesRefused
                    ? t('certificates.time.invalidMinutes', {
                        min: OFFLINE_ENTRY_MIN_MINUTES,
                        max: OFFLINE_CAP_PER_WEEK_MINUTES,
                      })
                    : undefined
                }
                value={minutes}
                onChange={(value) => {
                  setMinutes(value);
                  setMinutesRefused(false);
                }}
                w={120}
              />
              {!together && bound === null ? (
                <Select
                  label={t('certificates.time.whose')}
                  value={whose}
                  onChange={(value) => value && setWhose(value as Partner)}
                  data={[
                    { value: 'partner1', label: partnerNames.partner1 },
                    { value: 'partner2', label: partnerNames.partner2 },
                  ]}
                  allowDeselect={false}
                  w={180}
                />
              ) : null}
              {bound === null ? (
                <Checkbox
                  label={t('certificates.time.markTogether')}
                  checked={together}
                  onChange={(event) => setTogether(event.currentTarget.checked)}
                  mb={8}
                />
              ) : null}
              <Button type="submit" loading={report.isPending}>
                {t('certificates.time.log')}
              </Button>
            </Group>
          </Stack>
        </form>
        {entries.length > 0 ? (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {entries.map((entry) => (
              <Group component="li" key={entry.id} gap="xs">
                <Text size="sm">
                  {nameOf(entry.who)}: {formatMinutes(entry.minutes)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={28}
                  aria-label={t('certificates.time.remove', {
                    minutes: formatMinutes(entry.minutes),
                    week: weekNumber,
                  })}
                  onClick={() => remove.mutate({ id: entry.id })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
