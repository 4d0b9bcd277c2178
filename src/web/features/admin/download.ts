import { saveBlob } from '../../lib/save-blob';
import { frameworkDownloadName } from '../../../shared/frameworks-schemas';

/**
 * Downloads week N's PDF and hands it to the browser as week-{n}.pdf. Fetching first (rather than
 * following a link) lets the page show the spec's 'Download Failed' toast instead of an error page.
 */
export async function downloadFramework(weekNumber: number): Promise<void> {
  const response = await fetch(`/api/download-framework/${weekNumber}`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  saveBlob(await response.blob(), frameworkDownloadName(weekNumber));
}
