import { frameworkDownloadName } from '../../../shared/frameworks-schemas';

/**
 * Downloads week N's PDF and hands it to the browser as week-{n}.pdf. Fetching first (rather than
 * following a link) lets the page show the spec's 'Download Failed' toast instead of an error page.
 */
export async function downloadFramework(weekNumber: number): Promise<void> {
  const response = await fetch(`/api/download-framework/${weekNumber}`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = frameworkDownloadName(weekNumber);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
