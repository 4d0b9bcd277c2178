import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../trpc';
import { useT } from '../../i18n/use-t';

/**
 * "Casey has shared week 12" (docs/product.md#sealed-answers): shown to the partner who shared
 * first until they open the week or dismiss the notice.
 */
export function ShareNotices({ onOpenWeek }: { onOpenWeek: (weekNumber: number) => void }) {
  const { t } = useT();
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
          title={t('partners.notice.title', { name: notice.name, week: notice.weekNumber })}
          role="note"
        >
          <Stack gap="xs" align="flex-start">
            {t('partners.notice.text')}
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => {
                  dismiss.mutate({ weekNumber: notice.weekNumber });
                  onOpenWeek(notice.weekNumber);
                }}
              >
                {t('partners.notice.read', { week: notice.weekNumber })}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => dismiss.mutate({ weekNumber: notice.weekNumber })}>
                {t('partners.notice.dismiss')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
