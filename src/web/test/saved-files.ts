import { vi } from 'vitest';

/**
 * The files a page hands to the browser through saveBlob (src/web/lib/save-blob.ts), as the links it
 * clicks: each one's `download` is the file's name and its `href` is `blob:file`. jsdom has no
 * object URLs and does not follow a link's click, so both are replaced; call it in a test or a
 * beforeEach, and undo the click's spy with vi.restoreAllMocks().
 */
export function captureSavedFiles(): HTMLAnchorElement[] {
  const clicked: HTMLAnchorElement[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  return clicked;
}

/** A server's answer with a file to save: 200, `contentType` if given, and `fileName` in Content-Disposition. */
export function fileResponse(body: string, fileName: string, contentType?: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      ...(contentType ? { 'content-type': contentType } : {}),
      'content-disposition': `attachment; filename="${fileName}"`,
    },
  });
}
