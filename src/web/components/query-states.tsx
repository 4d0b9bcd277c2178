import { Alert, Skeleton, Stack } from '@mantine/core';
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
