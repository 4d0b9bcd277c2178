import { TOTAL_WEEKS } from '../../../shared/constants';
import { describeZodError } from '../../../shared/schemas';
import { frameworkUploadFieldsSchema, type FrameworkUploadFields } from '../../../shared/frameworks-schemas';
import { translate } from '../../i18n/i18n';

/** What the upload form holds: the week as typed (NumberInput gives '' when empty), texts, the file. */
export interface UploadFormValues {
  weekNumber: number | string;
  title: string;
  description: string;
  file: File | null;
}

export const EMPTY_UPLOAD_FORM: UploadFormValues = { weekNumber: '', title: '', description: '', file: null };

export type UploadCheck =
  | { ok: true; fields: FrameworkUploadFields; file: File }
  | { ok: false; title: string; message: string; field?: 'weekNumber' };

/**
 * The toasts of docs/product.md#validation-rules, in its order: anything missing first, then the
 * week range.
 */
export const missingInformation = () => ({
  title: translate('admin.upload.missing.title'),
  message: translate('admin.upload.missing.message'),
});
export const invalidWeekNumber = () => ({
  title: translate('admin.upload.invalidWeek.title'),
  message: translate('admin.upload.invalidWeek.message', { total: TOTAL_WEEKS }),
});

/**
 * Checks the form before anything is sent, with the same schema the server uses: weekNumber, title
 * and a file are required, the week is a whole number 1-52. Any other problem the schema finds
 * (a title over the length limit) is reported with its own message.
 */
export function checkUploadForm(values: UploadFormValues): UploadCheck {
  const weekMissing = String(values.weekNumber).trim() === '';
  if (weekMissing || values.title.trim() === '' || !values.file) return { ok: false, ...missingInformation() };
  const parsed = frameworkUploadFieldsSchema.safeParse(values);
  if (!parsed.success) {
    if (parsed.error.issues.some((issue) => issue.path[0] === 'weekNumber'))
      return { ok: false, ...invalidWeekNumber(), field: 'weekNumber' };
    return { ok: false, title: translate('admin.upload.failed'), message: describeZodError(parsed.error) };
  }
  return { ok: true, fields: parsed.data, file: values.file };
}
