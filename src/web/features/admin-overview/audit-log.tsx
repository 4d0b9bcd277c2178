import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';
import { ScrollableTable } from '../../components/scrollable-table';
import { actionLabel, hasActionLabel } from './format';
import { formatDate } from '../../lib/admin-format';

/** The admin audit log (docs/product.md#admin-audit-log), newest first, a page at a time. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData } = useQuery({
    ...trpc.insights.auditLog.queryOptions({ page }),
    placeholderData: keepPreviousData,
  });
  const { t } = useT();

  return (
    <Stack gap="sm" component="section" aria-labelledby="audit-log-heading">
      <div>
        <Title order={2} size="h3" id="audit-log-heading">
          {t('admin.audit.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.audit.intro')}
        </Text>
      </div>
      {isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('admin.audit.loading')}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={36} />
          ))}
        </Stack>
      ) : isError ? (
        <Text role="alert">{t('admin.audit.error')}</Text>
      ) : data.items.length === 0 && page === 1 ? (
        <Text>{t('admin.audit.empty')}</Text>
      ) : (
        <>
          <ScrollableTable label={t('admin.audit.scroll')} minWidth={640}>
            <Table striped aria-busy={isPlaceholderData}>
              <caption>{t('admin.audit.caption', { page: data.page })}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.audit.col.when')}</Table.Th>
                  <Table.Th scope="col">{t('admin.audit.col.who')}</Table.Th>
                  <Table.Th scope="col">{t('admin.audit.col.what')}</Table.Th>
                  <Table.Th scope="col">{t('admin.audit.col.record')}</Table.Th>
                  <Table.Th scope="col">{t('admin.audit.col.address')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                    </Table.Td>
                    <Table.Td>{item.actorUsername}</Table.Td>
                    {/* A recorded code (an action without words yet, a target's id) is shown as recorded,
                        marked as the English identifier it is. */}
                    <Table.Td>
                      {hasActionLabel(item.action) ? (
                        actionLabel(item.action)
                      ) : (
                        <span lang="en" translate="no">
                          {item.action}
                        </span>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {item.target ? (
                        <span lang="en" translate="no">
                          {item.target}
                        </span>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{item.address ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollableTable>
          <Group justify="space-between" component="nav" aria-label={t('admin.audit.pages')}>
            <Button variant="default" disabled={page === 1} onClick={() => setPage((current) => current - 1)}>
              {t('admin.audit.newer')}
            </Button>
            <Text size="sm" aria-live="polite">
              {t('admin.list.page', { page })}
            </Text>
            <Button
              variant="default"
              disabled={!data.hasMore || isPlaceholderData}
              onClick={() => setPage((current) => current + 1)}
            >
              {t('admin.audit.older')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
