/**
 * Hands bytes the page already holds to the browser as a file download named `fileName`, through a
 * temporary object URL (fetching first, rather than following a link, lets a page show its own
 * error toast instead of an error page). The URL is revoked a minute later, once the browser has
 * started the download.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
