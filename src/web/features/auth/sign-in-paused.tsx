import { Alert } from '@mantine/core';
import { TRPCClientError } from '@trpc/client';

/**
 * The server's 429 of a sign-in, kept on the page (a toast goes too soon for advice to be read):
 * too many attempts, or sign-ins from new devices paused after failed attempts elsewhere, with what
 * to do ("Email me my code", a device used before, `npm run admin:reset-password`; decision 0201).
 * Nothing for any other outcome.
 */
export function SignInPaused({ error }: { error: unknown }) {
  if (!(error instanceof TRPCClientError) || error.data?.httpStatus !== 429) return null;
  const message = error.message.trim();
  if (!message) return null;
  return (
    <Alert color="red" variant="light" title="Sign-in paused" role="alert">
      {message}
    </Alert>
  );
}
