import { Skeleton, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

/** The weekly reminder emails, on or off (the reminders' unsubscribe link turns them off too). */
export function RemindersSwitch() {
  const queryClient = useQueryClient();
  const options = trpc.mail.reminders.queryOptions();
  const reminders = useQuery(options);
  const update = useMutation(
    trpc.mail.setReminders.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(options.queryKey, result);
        notify.success('Saved', result.weeklyReminders ? 'Weekly reminders are on.' : 'Weekly reminders are off.');
      },
      onError: (error) => notify.error('Error', errorMessage(error, 'Could not save your choice.')),
    }),
  );
  if (!reminders.data) return <Skeleton height={44} aria-label="Loading your email settings" />;
  return (
    <Switch
      checked={reminders.data.weeklyReminders}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ weeklyReminders: event.currentTarget.checked })}
      label="Weekly reminder emails"
      description="One friendly email on the day your plan sets for a week (or when a week has waited seven days, without a plan). Never more than one a day."
    />
  );
}
