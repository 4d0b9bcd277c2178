import { Alert, Anchor, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { completeWorkbookFileName, weekFileName } from '../../../shared/download-names';
import type { Locale } from '../../../shared/i18n/locales';
import { errorMessage, restErrorMessage, serverMessageText } from '../../lib/api-error';
import { downloadFile, RestError } from '../../lib/rest';
import { trpc } from '../../trpc';
import { type RememberedFocus, rememberFocus, returnFocus } from '../../lib/focus';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

/** The text shown when a download fails without a message from the server. */
export const downloadFailedFallback = () => translate('checkout.download.failedFallback');

/** The download's address asking for the page's language: the server names the file in it. */
function inLanguage(url: string, locale: Locale): string {
  return `${url}${url.includes('?') ? '&' : '?'}locale=${locale}`;
}

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
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const poll = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(poll.current), []);

  async function fetchPdf(
    link: { message: string; downloadUrl: string },
    attempt: number,
    remembered: RememberedFocus,
  ) {
    try {
      await downloadFile(inLanguage(link.downloadUrl, locale), completeWorkbookFileName(locale));
      // The server's sentence in the page's language (api-error.ts knows each one it says here).
      setState({ kind: 'done', message: serverMessageText(link.message) ?? '', downloadUrl: link.downloadUrl });
      returnFocus(remembered);
    } catch (error) {
      if (error instanceof RestError && error.status === 202 && attempt < PREPARING_POLL.attempts) {
        setState({
          kind: 'preparing',
          message: restErrorMessage(error, translate('checkout.download.preparingFallback')),
        });
        poll.current = setTimeout(() => void fetchPdf(link, attempt + 1, remembered), PREPARING_POLL.ms);
        return;
      }
      setState({
        kind: 'failed',
        message: restErrorMessage(error, downloadFailedFallback()),
      });
      returnFocus(remembered);
    }
  }

  async function download() {
    // The button is disabled until the file comes (or fails), and the browser drops its focus to the
    // page's body: it comes back to the button then, the outcome read out by its status or alert.
    const remembered = rememberFocus();
    setState({ kind: 'working' });
    let link: { message: string; downloadUrl: string };
    try {
      link = await queryClient.fetchQuery({
        ...trpc.orders.downloadWorkbook.queryOptions({ paymentIntentId }),
        staleTime: 0,
      });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, downloadFailedFallback()) });
      returnFocus(remembered);
      return;
    }
    await fetchPdf(link, 1, remembered);
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
          ? t('checkout.download.preparing')
          : t('checkout.download.button')}
      </Button>
      {state.kind === 'preparing' ? (
        <Alert color="blue" variant="light" title={t('checkout.download.preparingTitle')} role="status">
          {state.message}
        </Alert>
      ) : null}
      {state.kind === 'failed' ? (
        <Alert color="red" variant="light" title={t('checkout.download.failedTitle')} role="alert">
          {state.message}
        </Alert>
      ) : null}
      {state.kind === 'done' ? (
        <Alert color="green" variant="light" title={t('checkout.download.startedTitle')} role="status">
          {state.message}{' '}
          <Anchor href={inLanguage(state.downloadUrl, locale)} download={completeWorkbookFileName(locale)}>
            {t('checkout.download.again')}
          </Anchor>
        </Alert>
      ) : null}
      <details>
        <summary>
          <Text component="span" size="sm">
            {t('checkout.download.byWeek')}
          </Text>
        </summary>
        <SimpleGrid cols={{ base: 4, xs: 6, sm: 8 }} spacing="xs" mt="xs">
          {Array.from({ length: TOTAL_WEEKS }, (_, index) => index + 1).map((week) => (
            <Anchor
              key={week}
              size="sm"
              href={`/api/download-workbook/${paymentIntentId}/week/${week}?locale=${locale}`}
              download={weekFileName(week, locale)}
              aria-label={t('checkout.download.weekLabel', { week })}
            >
              {t('checkout.download.week', { week })}
            </Anchor>
          ))}
        </SimpleGrid>
      </details>
    </Stack>
  );
}
