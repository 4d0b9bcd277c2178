import { TOTAL_WEEKS } from '../../../shared/constants';
import { describeZodError } from '../../../shared/schemas';
import { frameworkUploadFieldsSchema, type FrameworkUploadFields } from '../../../shared/frameworks-schemas';

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
  | { ok: false; title: string; message: string };

/**
 * The toasts of docs/product.md#validation-rules, in its order: anything missing first, then the
 * week range.
 */
export const MISSING_INFORMATION = {
  title: 'Missing Information',
  message: 'Please fill in all required fields and select a file.',
};
export const INVALID_WEEK_NUMBER = {
  title: 'Invalid Week Number',
  message: `Week number must be between 1 and ${TOTAL_WEEKS}.`,
};

/**
 * Checks the form before anything is sent, with the same schema the server uses: weekNumber, title
 * and a file are required, the week is a whole number 1-52. Any other problem the schema finds
 * (a title over the length limit) is reported with its own message.
 */
export function checkUploadForm(values: UploadFormValues): UploadCheck {
  const weekMissing = String(values.weekNumber).trim() === '';
  if (weekMissing || values.title.trim() === '' || !values.file) return { ok: false, ...MISSING_INFORMATION };
  const parsed = frameworkUploadFieldsSchema.safeParse(values);
  if (!parsed.success) {
    if (parsed.error.issues.some((issue) => issue.path[0] === 'weekNumber'))
      return { ok: false, ...INVALID_WEEK_NUMBER };
    return { ok: false, title: 'Upload Failed', message: describeZodError(parsed.error) };
  }
  return { ok: true, fields: parsed.data, file: values.file };
}
