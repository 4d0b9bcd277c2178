import { TRPCClientError } from '@trpc/client';
import type { MessageId } from '../../shared/i18n/locales';
import { activeLocale, translate } from '../i18n/i18n';
import { MUTATION_TIMEOUT_MS, NotSavedError } from './network';

/**
 * The API's messages a couple may read, in English as docs/product.md#http-api fixes them, each with the id of
 * its text in the `errors` catalogs: the page shows that text in its own language.
 */
const KNOWN_MESSAGES: Record<string, MessageId> = {
  'You need to complete the previous week first.': 'errors.previousWeek',
  'This couple account no longer exists.': 'errors.noCouple',
  'You can only access your own data.': 'errors.ownDataOnly',
  'Answers must be keyed by question id.': 'errors.answersById',
  'Sharing is for private answers: turn them on in Profile first.': 'errors.sharingNeedsPrivate',
  'You cannot remove your own sign-in. Sign out instead.': 'errors.ownSignIn',
  'No pending invite with this id.': 'errors.noInvite',
  'This invite link is not valid. Ask your partner for a new one.': 'errors.inviteInvalid',
  'This invite has already been used. Sign in instead.': 'errors.inviteUsed',
  'This invite was withdrawn. Ask your partner for a new one.': 'errors.inviteWithdrawn',
  'This invite has expired. Ask your partner for a new one.': 'errors.inviteExpired',
  'Your partner already has a sign-in for you. Sign in instead.': 'errors.partnerHasSignIn',
  'You can only edit your own answers. Your partner edits theirs when signed in.': 'errors.ownAnswersOnly',
  'Both partners need to answer at least one reflection question before a summary can be generated.':
    'errors.summaryNeedsBoth',
  'Send notes or rating (or both) to save.': 'errors.nothingToSave',
  'The request body is too large.': 'errors.tooLarge',
  'Welcome! Your own sign-in is ready.': 'errors.welcomeSignIn',
};

/**
 * A server's English message in the page's language: its translation when it is a known one; the
 * message itself in English; null in another language (the caller's own translated sentence then).
 */
export function serverMessageText(message: string | null | undefined): string | null {
  const trimmed = message?.trim();
  if (!trimmed) return null;
  const id = KNOWN_MESSAGES[trimmed];
  if (id) return translate(id);
  return activeLocale() === 'en' ? trimmed : null;
}

/** A REST failure's message (lib/rest.ts) in the page's language, else the screen's fallback. */
export function restErrorMessage(serverMessage: string | null | undefined, fallback: string): string {
  return serverMessageText(serverMessage) ?? fallback;
}

/**
 * The text a failure toast shows (docs/product.md#ui-texts): the server's own message when the
 * server answered with an error (translated: KNOWN_MESSAGES); the page's own sentence when a change
 * was not sent or got no answer in time (offline, 15 s; lib/network.ts); otherwise the fixed
 * fallback of that screen. A network failure, an HTML error page from a proxy or a bug in the page
 * is not the server speaking, so it gets the fallback too.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.shape) {
    const text = serverMessageText(error.message);
    if (text) return text;
    if (error.message.trim()) return fallback;
  }
  const notSaved = notSavedError(error);
  if (notSaved) return notSavedText(notSaved);
  return fallback;
}

/** Why a change was not saved, in the page's language. */
export function notSavedText(error: NotSavedError): string {
  return error.reason === 'timeout'
    ? translate('errors.notSaved.timeout', { seconds: MUTATION_TIMEOUT_MS / 1000 })
    : translate('errors.notSaved.offline');
}

/** The NotSavedError behind a failed call (the tRPC client wraps it as the error's cause), or null. */
export function notSavedError(error: unknown): NotSavedError | null {
  if (error instanceof NotSavedError) return error;
  if (error instanceof TRPCClientError && error.cause instanceof NotSavedError) return error.cause;
  return null;
}
