import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../trpc';

/**
 * "Casey has shared week 12" (docs/product.md#sealed-answers): shown to the partner who shared
 * first until they open the week or dismiss the notice.
 */
export function ShareNotices({ onOpenWeek }: { onOpenWeek: (weekNumber: number) => void }) {
  const queryClient = useQueryClient();
  const options = trpc.partners.notices.queryOptions();
  const notices = useQuery(options);
  const dismiss = useMutation(
    trpc.partners.dismissNotice.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: options.queryKey }),
    }),
  );
  if (!notices.data || notices.data.length === 0) return null;
  return (
    <Stack gap="xs" role="status">
      {notices.data.map((notice) => (
        <Alert
          key={notice.weekNumber}
          color="plum"
          variant="light"
          title={`${notice.name} has shared week ${notice.weekNumber}`}
        >
          <Stack gap="xs" align="flex-start">
            You have both shared now: your answers are open to each other, side by side.
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => {
                  dismiss.mutate({ weekNumber: notice.weekNumber });
                  onOpenWeek(notice.weekNumber);
                }}
              >
                Read week {notice.weekNumber} together
              </Button>
              <Button size="xs" variant="subtle" onClick={() => dismiss.mutate({ weekNumber: notice.weekNumber })}>
                Dismiss
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
