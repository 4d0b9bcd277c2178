import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';

/** The Messages section's count of unread messages in the admin navigation; nothing when none. */
export function UnreadMessagesBadge() {
  const { data } = useQuery(trpc.contact.countUnread.queryOptions());
  const { t } = useT();
  if (!data?.unread) return null;
  return (
    <Badge
      size="sm"
      circle={data.unread < 10}
      variant="filled"
      aria-label={t('admin.messages.unread', { count: data.unread })}
    >
      {data.unread}
    </Badge>
  );
}
