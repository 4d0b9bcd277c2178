import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../trpc';

/** The Messages section's count of unread messages in the admin navigation; nothing when none. */
export function UnreadMessagesBadge() {
  const { data } = useQuery(trpc.contact.countUnread.queryOptions());
  if (!data?.unread) return null;
  return (
    <Badge size="sm" circle={data.unread < 10} variant="filled" aria-label={`${data.unread} unread`}>
      {data.unread}
    </Badge>
  );
}
