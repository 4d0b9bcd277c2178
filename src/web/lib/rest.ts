import { saveBlob } from './save-blob';

/**
 * The page's few plain-HTTP calls (PDF downloads, the upload) share this: the server's `{message}`
 * of a refusal (docs/product.md#http-api), and a download saved as a file.
 */

/** A response body's text as JSON, or null when it is not JSON. */
export function jsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The server's `{message}` in a response body's text, trimmed; null when the body is not that. */
export function messageFromBody(text: string): string | null {
  const body = jsonBody(text);
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message.trim() || null;
  }
  return null;
}

/** The server's `{message}` of a failed fetch response, or null (not JSON, no message, unreadable). */
export async function readErrorMessage(response: Response): Promise<string | null> {
  try {
    return messageFromBody(await response.text());
  } catch {
    return null;
  }
}

/**
 * A plain-HTTP call the server refused or that never reached it: `status` 0 for a network failure,
 * `serverMessage` the server's own `{message}` when it sent one.
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? (status ? `Request failed with status ${status}` : 'Network error'));
    this.name = 'RestError';
  }
}

/**
 * The file name of a Content-Disposition header, or null: `filename*` (RFC 8187, a name with
 * letters beyond ASCII such as "nuestro-año.pdf") before `filename`, its ASCII stand-in.
 */
export function fileNameFromDisposition(disposition: string | null): string | null {
  const extended = disposition?.match(/filename\*\s*=\s*UTF-8'[^']*'([^;\s]+)/i)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Not valid percent-encoding: the plain name below.
    }
  }
  const match = disposition?.match(/filename\s*=\s*"?([^";]+)"?/i);
  return match?.[1]?.trim() || null;
}

/**
 * Fetches `url` (with the session cookie) and hands the body to the browser as a file named by the
 * response's Content-Disposition, or `fallbackName`. Fetching first, rather than following a link,
 * lets the page show its own message instead of an error page. Rejects with RestError when the
 * server refuses or the network fails; an error while saving is passed on as it is.
 */
export async function downloadFile(url: string, fallbackName: string, fetcher: typeof fetch = fetch): Promise<void> {
  let response: Response;
  let blob: Blob;
  try {
    response = await fetcher(url, { credentials: 'same-origin' });
    // 202: accepted but not ready yet (the complete workbook being built): no file to save.
    if (!response.ok || response.status === 202) {
      throw new RestError(response.status, await readErrorMessage(response));
    }
    blob = await response.blob();
  } catch (error) {
    throw error instanceof RestError ? error : new RestError(0, null);
  }
  saveBlob(blob, fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName);
}
