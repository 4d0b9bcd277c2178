import { notify } from '../../components/notifications';
import { saveBlob } from '../../lib/save-blob';

export const LOCKED_WEEK_FALLBACK = 'You need to complete the previous week first.';

async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message.trim()) {
      return body.message;
    }
  } catch {
    // Not JSON: fall back to the fixed text.
  }
  return null;
}

/**
 * Downloads a week's PDF as `week-{n}.pdf` (SPEC section 7). A 403 shows 'Access Denied' with the
 * server's message; any other failure 'Download Failed' (SPEC section 8). Resolves true on success.
 */
export async function downloadFramework(weekNumber: number, fetcher: typeof fetch = fetch): Promise<boolean> {
  let response: Response;
  try {
    response = await fetcher(`/api/download-framework/${weekNumber}`, { credentials: 'same-origin' });
  } catch {
    notify.error('Download Failed', 'Could not download the framework.');
    return false;
  }
  if (response.status === 403) {
    notify.error('Access Denied', (await serverMessage(response)) ?? LOCKED_WEEK_FALLBACK);
    return false;
  }
  if (!response.ok) {
    notify.error('Download Failed', 'Could not download the framework.');
    return false;
  }
  try {
    saveBlob(await response.blob(), `week-${weekNumber}.pdf`);
  } catch (error) {
    console.warn('Saving the downloaded framework failed', error);
    notify.error('Download Failed', 'Could not download the framework.');
    return false;
  }
  return true;
}
