import { TRPCClientError } from '@trpc/client';
import { NotSavedError } from './network';

/**
 * The text a failure toast shows (docs/product.md#ui-texts): the server's own message when the
 * server answered with an error; the page's own sentence when a change was not sent or got no answer
 * in time (offline, 15 s; lib/network.ts); otherwise the fixed fallback of that screen. A network
 * failure, an HTML error page from a proxy or a bug in the page is not the server speaking, so it
 * gets the fallback too.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.shape) {
    const message = error.message.trim();
    if (message) return message;
  }
  const notSaved = notSavedError(error);
  if (notSaved) return notSaved.message;
  return fallback;
}

/** The NotSavedError behind a failed call (the tRPC client wraps it as the error's cause), or null. */
export function notSavedError(error: unknown): NotSavedError | null {
  if (error instanceof NotSavedError) return error;
  if (error instanceof TRPCClientError && error.cause instanceof NotSavedError) return error.cause;
  return null;
}
