import { Pagination, Paper, Select, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { AdminPageSkeleton } from './admin-layout';

/**
 * One of a back-office list's filters (Status, Access, Activity): a clearable select whose empty
 * choice means "any". Changing it is the caller's to handle (back to page 1).
 */
export function FilterSelect<Value extends string>({
  label,
  placeholder,
  data,
  value,
  onChange,
  width,
}: {
  label: string;
  placeholder: string;
  data: { value: Value; label: string }[];
  value: Value | null;
  onChange: (value: Value | null) => void;
  /** Its preferred width, e.g. `12rem`; it shrinks on a phone. */
  width: string;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      data={data}
      value={value}
      onChange={(next) => onChange(next as Value | null)}
      style={{ flex: `0 1 ${width}` }}
    />
  );
}

interface ListPage {
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The part of a back-office list page below its filters (docs/product.md#back-office-orders-and-couples):
 * the error or the loading skeleton until the first page arrives, the empty state when nothing is
 * there (saying what to do next), otherwise the count, the rows (`children`) and the pager.
 */
export function AdminListFrame<Page extends ListPage>({
  query,
  loadingLabel,
  errorFallback,
  emptyTestId,
  empty,
  countLabel,
  onPageChange,
  children,
}: {
  query: { data: Page | undefined; isError: boolean; error: unknown };
  loadingLabel: string;
  /** Said when the server gave no message of its own. */
  errorFallback: string;
  emptyTestId: string;
  /** The empty state: what to do next. */
  empty: ReactNode;
  /** The count above the rows, e.g. "3 orders" (an ICU plural in the catalog). */
  countLabel: (total: number) => string;
  onPageChange: (page: number) => void;
  children: (page: Page) => ReactNode;
}) {
  const { data } = query;
  const { t } = useT();
  if (!data) {
    return query.isError ? (
      <Text role="alert" c="red.8">
        {errorMessage(query.error, errorFallback)}
      </Text>
    ) : (
      <AdminPageSkeleton label={loadingLabel} />
    );
  }
  if (data.total === 0) {
    return (
      <Paper withBorder p="lg" data-testid={emptyTestId}>
        {empty}
      </Paper>
    );
  }
  const totalPages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <Text size="sm" c="dimmed" aria-live="polite">
        {countLabel(data.total)}
      </Text>
      {children(data)}
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={data.page}
          onChange={onPageChange}
          getControlProps={(control) => ({ 'aria-label': t('admin.list.pageControl', { control }) })}
          getItemProps={(item) => ({ 'aria-label': t('admin.list.page', { page: item }) })}
        />
      )}
    </>
  );
}
