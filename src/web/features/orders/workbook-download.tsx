import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { downloadFile, RestError } from '../../lib/rest';
import { trpc } from '../../trpc';

export const DOWNLOAD_FAILED_FALLBACK = 'Error downloading workbook. Please contact support.';
const DEFAULT_FILE_NAME = 'vows-and-weeks-workbook.pdf';

type DownloadState =
  | { kind: 'idle' }
  | { kind: 'working' }
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
    try {
      await downloadFile(link.downloadUrl, DEFAULT_FILE_NAME);
      setState({ kind: 'done', ...link });
    } catch (error) {
      setState({
        kind: 'failed',
        message: (error instanceof RestError ? error.serverMessage : null) ?? DOWNLOAD_FAILED_FALLBACK,
      });
    }
  }

  return (
    <Stack gap="sm">
      <Button
        size="md"
        fullWidth
        leftSection={<IconDownload size={20} aria-hidden="true" />}
        onClick={() => void download()}
        disabled={state.kind === 'working'}
      >
        {state.kind === 'working' ? 'Preparing your workbook...' : 'Download Your Workbook'}
      </Button>
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
    </Stack>
  );
}
