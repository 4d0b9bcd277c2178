import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { ScrollableTable } from './scrollable-table';
import { actionLabel, formatWhen } from './format';

/** The admin audit log (docs/product.md#admin-audit-log), newest first, a page at a time. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData } = useQuery({
    ...trpc.insights.auditLog.queryOptions({ page }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="audit-log-heading">
      <div>
        <Title order={2} size="h3" id="audit-log-heading">
          Audit log
        </Title>
        <Text size="sm" c="dimmed">
          Every change made in the back office: who, what, to which record, from which address and when.
        </Text>
      </div>
      {isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the audit log">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={36} />
          ))}
        </Stack>
      ) : isError ? (
        <Text role="alert">The audit log could not be loaded. Please reload the page.</Text>
      ) : data.items.length === 0 && page === 1 ? (
        <Text>
          Nothing recorded yet. When you record an order, refund one, change a couple's access or set up two-factor
          sign-in, a line appears here.
        </Text>
      ) : (
        <>
          <ScrollableTable label="Audit log lines, scrolls sideways" minWidth={640}>
            <Table striped aria-busy={isPlaceholderData}>
              <caption>Admin actions, newest first (page {data.page})</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Who</Table.Th>
                  <Table.Th scope="col">What</Table.Th>
                  <Table.Th scope="col">Record</Table.Th>
                  <Table.Th scope="col">Address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <time dateTime={item.createdAt}>{formatWhen(item.createdAt)}</time>
                    </Table.Td>
                    <Table.Td>{item.actorUsername}</Table.Td>
                    <Table.Td>{actionLabel(item.action)}</Table.Td>
                    <Table.Td>{item.target ?? '—'}</Table.Td>
                    <Table.Td>{item.address ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollableTable>
          <Group justify="space-between" component="nav" aria-label="Audit log pages">
            <Button variant="default" disabled={page === 1} onClick={() => setPage((current) => current - 1)}>
              Newer
            </Button>
            <Text size="sm" aria-live="polite">
              Page {page}
            </Text>
            <Button
              variant="default"
              disabled={!data.hasMore || isPlaceholderData}
              onClick={() => setPage((current) => current + 1)}
            >
              Older
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
