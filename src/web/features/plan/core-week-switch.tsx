import { Skeleton, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';

/**
 * The seller marks a week as core in the content editor (decision 0250): core weeks come first
 * on a core-path plan, before the wedding. Plans already accepted keep their order.
 */
export function CoreWeekSwitch({ weekNumber }: { weekNumber: number }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const options = trpc.adminPlan.coreWeeks.queryOptions();
  const core = useQuery(options);
  const update = useMutation(
    trpc.adminPlan.setCoreWeek.mutationOptions({
      onSuccess: (result, input) => {
        queryClient.setQueryData(options.queryKey, result);
        notify.success(
          t('plan.toast.saved'),
          t(input.core ? 'plan.admin.core.on' : 'plan.admin.core.off', { week: input.weekNumber }),
        );
      },
      onError: (error) => notify.error(t('plan.toast.error'), errorMessage(error, t('plan.admin.core.failed'))),
    }),
  );
  if (!core.data) return <Skeleton height={36} role="status" aria-label={t('plan.admin.core.loading')} />;
  return (
    <Switch
      checked={core.data.coreWeeks.includes(weekNumber)}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ weekNumber, core: event.currentTarget.checked })}
      label={t('plan.admin.core.label')}
      // Named by its label alone, not label and description (see RemindersSwitch).
      aria-label={t('plan.admin.core.label')}
      description={t('plan.admin.core.help')}
    />
  );
}
