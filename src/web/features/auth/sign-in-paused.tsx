import { Alert } from '@mantine/core';
import { TRPCClientError } from '@trpc/client';
import { formatCount } from '../../../shared/i18n/format';
import { activeLocale, translate } from '../../i18n/i18n';
import { serverMessageText } from '../../lib/api-error';

/**
 * The server's 429 of a sign-in, kept on the page (a toast goes too soon for advice to be read):
 * too many attempts, or sign-ins from new devices paused after failed attempts elsewhere, with what
 * to do ("Email me my code", a device used before, `npm run admin:reset-password`; decision 0201).
 * Nothing for any other outcome.
 */
export function SignInPaused({ error }: { error: unknown }) {
  if (!(error instanceof TRPCClientError) || error.data?.httpStatus !== 429) return null;
  if (!error.message.trim()) return null;
  // The server's advice in the page's language; a sentence it does not know says when to retry.
  const seconds = Number((error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds ?? 60);
  const message =
    serverMessageText(error.message) ??
    translate('errors.tooMany', { wait: formatCount(activeLocale(), Math.max(1, Math.ceil(seconds)), 'second') });
  return (
    <Alert color="red" variant="light" title={translate('auth.paused.title')} role="alert">
      {message}
    </Alert>
  );
}
