import { Skeleton, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

/**
 * The seller marks a week as core in the content editor (decision 0250): core weeks come first
 * on a core-path plan, before the wedding. Plans already accepted keep their order.
 */
export function CoreWeekSwitch({ weekNumber }: { weekNumber: number }) {
  const queryClient = useQueryClient();
  const options = trpc.adminPlan.coreWeeks.queryOptions();
  const core = useQuery(options);
  const update = useMutation(
    trpc.adminPlan.setCoreWeek.mutationOptions({
      onSuccess: (result, input) => {
        queryClient.setQueryData(options.queryKey, result);
        notify.success(
          'Saved',
          input.core ? `Week ${input.weekNumber} is a core week.` : `Week ${input.weekNumber} is not a core week.`,
        );
      },
      onError: (error) => notify.error('Error', errorMessage(error, 'Could not save the core week.')),
    }),
  );
  if (!core.data) return <Skeleton height={36} aria-label="Loading the core weeks" />;
  return (
    <Switch
      checked={core.data.coreWeeks.includes(weekNumber)}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ weekNumber, core: event.currentTarget.checked })}
      label="Core week"
      description="On a couple's core path (short of time before the wedding), core weeks come first and the rest after the wedding."
    />
  );
}
