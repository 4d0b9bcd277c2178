import type { FrameworkUploadFields } from '../../../shared/frameworks-schemas';
import { UPLOAD_FIELDS } from '../../../shared/frameworks-schemas';
import { jsonBody, messageFromBody, RestError } from '../../lib/rest';
import type { RouterOutputs } from '../../trpc';

export type Framework = RouterOutputs['frameworks']['list'][number];

export interface UploadResult {
  framework: Framework;
  replaced: boolean;
}

/** A refused or failed upload; `serverMessage` is the server's own `{message}`, when it sent one. */
export class UploadError extends RestError {
  constructor(status: number, serverMessage: string | null) {
    super(status, serverMessage);
    this.message = serverMessage ?? `Upload failed (${status || 'network error'})`;
    this.name = 'UploadError';
  }
}

/**
 * POSTs the framework as multipart/form-data to /api/upload-framework with XMLHttpRequest (fetch
 * cannot report upload progress), calling `onProgress` with 0-100 as the bytes leave the browser.
 * Resolves with the stored framework; rejects with UploadError. `signal` aborts the upload.
 */
export function sendFrameworkUpload(
  fields: FrameworkUploadFields,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append(UPLOAD_FIELDS.weekNumber, String(fields.weekNumber));
    form.append(UPLOAD_FIELDS.title, fields.title);
    form.append(UPLOAD_FIELDS.description, fields.description);
    form.append(UPLOAD_FIELDS.file, file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload-framework');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      const body = jsonBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'framework' in body) {
        onProgress(100);
        resolve({
          framework: (body as { framework: Framework }).framework,
          replaced: 'replaced' in body && body.replaced === true,
        });
      } else {
        reject(new UploadError(xhr.status, messageFromBody(xhr.responseText)));
      }
    });
    xhr.addEventListener('error', () => reject(new UploadError(0, null)));
    xhr.addEventListener('abort', () => reject(new UploadError(0, null)));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
