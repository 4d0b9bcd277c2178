import { Alert, Anchor, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { errorMessage } from '../../lib/api-error';
import { downloadFile, RestError } from '../../lib/rest';
import { trpc } from '../../trpc';

export const DOWNLOAD_FAILED_FALLBACK = 'Error downloading workbook. Please contact support.';
const DEFAULT_FILE_NAME = 'vows-and-weeks-workbook.pdf';

/**
 * While the server builds the workbook it answers 202 "being prepared" (decision 0121): the page
 * says so and asks again every `ms` until the file comes, at most `attempts` times.
 */
export const PREPARING_POLL = { ms: 3_000, attempts: 200 };

type DownloadState =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'preparing'; message: string }
  | { kind: 'done'; message: string; downloadUrl: string }
  | { kind: 'failed'; message: string };

/**
 * The download of a completed order's workbook (docs/product.md#pages-and-routes and
 * docs/product.md#ui-texts): asks the server for the download link (orders.downloadWorkbook),
 * fetches the PDF and saves it. Any failure shows the server's message, or 'Error downloading
 * workbook. Please contact support.'. After a download the server's message stays on screen with a
 * direct link, in case the browser blocked the save.
 */
export function WorkbookDownload({ paymentIntentId }: { paymentIntentId: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const poll = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(poll.current), []);

  async function fetchPdf(link: { message: string; downloadUrl: string }, attempt: number) {
    try {
      await downloadFile(link.downloadUrl, DEFAULT_FILE_NAME);
      setState({ kind: 'done', ...link });
    } catch (error) {
      if (error instanceof RestError && error.status === 202 && attempt < PREPARING_POLL.attempts) {
        setState({ kind: 'preparing', message: error.serverMessage ?? 'Your workbook is being prepared.' });
        poll.current = setTimeout(() => void fetchPdf(link, attempt + 1), PREPARING_POLL.ms);
        return;
      }
      setState({
        kind: 'failed',
        message: (error instanceof RestError ? error.serverMessage : null) ?? DOWNLOAD_FAILED_FALLBACK,
      });
    }
  }

  async function download() {
    setState({ kind: 'working' });
    let link: { message: string; downloadUrl: string };
    try {
      link = await queryClient.fetchQuery({
        ...trpc.orders.downloadWorkbook.queryOptions({ paymentIntentId }),
        staleTime: 0,
      });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, DOWNLOAD_FAILED_FALLBACK) });
      return;
    }
    await fetchPdf(link, 1);
  }

  return (
    <Stack gap="sm">
      <Button
        size="md"
        fullWidth
        leftSection={<IconDownload size={20} aria-hidden="true" />}
        onClick={() => void download()}
        disabled={state.kind === 'working' || state.kind === 'preparing'}
      >
        {state.kind === 'working' || state.kind === 'preparing'
          ? 'Preparing your workbook...'
          : 'Download Your Workbook'}
      </Button>
      {state.kind === 'preparing' ? (
        <Alert color="blue" variant="light" title="Being prepared" role="status">
          {state.message}
        </Alert>
      ) : null}
      {state.kind === 'failed' ? (
        <Alert color="red" variant="light" title="Download failed" role="alert">
          {state.message}
        </Alert>
      ) : null}
      {state.kind === 'done' ? (
        <Alert color="green" variant="light" title="Download started" role="status">
          {state.message}{' '}
          <Anchor href={state.downloadUrl} download={DEFAULT_FILE_NAME}>
            Download again
          </Anchor>
        </Alert>
      ) : null}
      <details>
        <summary>
          <Text component="span" size="sm">
            Or download one week at a time
          </Text>
        </summary>
        <SimpleGrid cols={{ base: 4, xs: 6, sm: 8 }} spacing="xs" mt="xs">
          {Array.from({ length: TOTAL_WEEKS }, (_, index) => index + 1).map((week) => (
            <Anchor
              key={week}
              size="sm"
              href={`/api/download-workbook/${paymentIntentId}/week/${week}`}
              download={`week-${week}.pdf`}
              aria-label={`Download week ${week}`}
            >
              Week {week}
            </Anchor>
          ))}
        </SimpleGrid>
      </details>
    </Stack>
  );
}
