import { Skeleton, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';

/** The weekly reminder emails, on or off (the reminders' unsubscribe link turns them off too). */
export function RemindersSwitch() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const options = trpc.mail.reminders.queryOptions();
  const reminders = useQuery(options);
  const update = useMutation(
    trpc.mail.setReminders.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(options.queryKey, result);
        notify.success(
          translate('dashboard.reminders.saved'),
          result.weeklyReminders ? translate('dashboard.reminders.on') : translate('dashboard.reminders.off'),
        );
      },
      onError: (error) =>
        notify.error(translate('dashboard.toast.error'), errorMessage(error, translate('dashboard.reminders.failed'))),
    }),
  );
  if (!reminders.data) return <Skeleton height={44} role="status" aria-label={t('dashboard.reminders.loading')} />;
  return (
    <Switch
      checked={reminders.data.weeklyReminders}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ weeklyReminders: event.currentTarget.checked })}
      label={t('dashboard.reminders.label')}
      // Mantine's switch is inside a <label> holding its description too, so a screen reader said
      // the description twice, once as the name (the Orca pass of 2026-11-28): the label alone names it.
      aria-label={t('dashboard.reminders.label')}
      description={t('dashboard.reminders.description')}
    />
  );
}
