import { Alert, Skeleton, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-error';

export interface QueryStatesProps<T, E = unknown> {
  query: UseQueryResult<T, E>;
  /** What is loading, for screen readers ("Loading the coupons"). */
  loadingLabel: string;
  /** The skeleton's rows while it loads: as many and as tall as the rows that replace them. */
  skeleton: { rows: number; height: number };
  /** The alert's title when the list cannot be loaded, and its text when the server gave none. */
  failedTitle: string;
  failedText: string;
  /** Whether the answer is empty, and what to show then (an empty state that says what to do next). */
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The back office's lists in their four states, one way on every page: a skeleton while the query
 * loads, a red alert with the server's message when it fails, the page's empty state, the list.
 */
export function QueryStates<T, E = unknown>({
  query,
  loadingLabel,
  skeleton,
  failedTitle,
  failedText,
  isEmpty,
  empty,
  children,
}: QueryStatesProps<T, E>) {
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: skeleton.rows }, (_, row) => row).map((row) => (
          <Skeleton key={row} height={skeleton.height} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={failedTitle}>
        {errorMessage(query.error, failedText)}
      </Alert>
    );
  }
  return <>{isEmpty(query.data) ? empty : children(query.data)}</>;
}

export interface QueryTableProps<T, E = unknown> extends Omit<QueryStatesProps<T[], E>, 'isEmpty' | 'children'> {
  /** The table's name for screen readers. */
  label: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** The column headings; a last column holds each row's actions, its heading (`actions`) for screen readers only. */
  columns: string[];
  actions: string;
  /** One `Table.Tr`, with its key, for each item. */
  row: (item: T) => ReactNode;
}

/** A back office list in its four states (`QueryStates`, empty when the list is), shown as a striped table. */
export function QueryTable<T, E = unknown>({
  label,
  minWidth,
  columns,
  actions,
  row,
  ...states
}: QueryTableProps<T, E>) {
  return (
    <QueryStates {...states} isEmpty={(list) => list.length === 0}>
      {(list) => (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>{actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{list.map(row)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryStates>
  );
}
