import { weekFileName } from '../../../shared/download-names';
import { notify } from '../../components/notifications';
import { activeLocale, translate } from '../../i18n/i18n';
import { restErrorMessage } from '../../lib/api-error';
import { isOnline } from '../../lib/network';
import { downloadFile, RestError } from '../../lib/rest';

/**
 * Downloads a week's PDF as `week-{n}.pdf` (`semana-{n}.pdf` in Spanish; docs/product.md#web-client-calls). A 403 shows 'Access
 * Denied' with the server's message; any other failure 'Download Failed'
 * (docs/product.md#ui-texts). Resolves true on success.
 */
export async function downloadFramework(weekNumber: number, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    await downloadFile(`/api/download-framework/${weekNumber}`, weekFileName(weekNumber, activeLocale()), fetcher);
    return true;
  } catch (error) {
    if (error instanceof RestError && error.status === 403) {
      notify.error(
        translate('dashboard.download.denied'),
        restErrorMessage(error, translate('dashboard.download.lockedFallback')),
      );
    } else if (!isOnline()) {
      // Offline, and the service worker has not kept this week's PDF (decision 0266).
      notify.error(translate('dashboard.download.failed'), translate('offline.pdf.unavailable'));
    } else {
      if (!(error instanceof RestError)) console.warn('Saving the downloaded framework failed', error);
      notify.error(translate('dashboard.download.failed'), translate('dashboard.download.failedText'));
    }
    return false;
  }
}
