import { TRPCClientError } from '@trpc/client';

/**
 * The text a failure toast shows (docs/product.md#ui-texts): the server's own message when the
 * server answered with an error, otherwise the fixed fallback of that screen. A network failure, an
 * HTML error page from a proxy or a bug in the page is not the server speaking, so it gets the
 * fallback too.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.shape) {
    const message = error.message.trim();
    if (message) return message;
  }
  return fallback;
}
