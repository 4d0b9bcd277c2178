import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format';
import { checkUploadForm, invalidWeekNumber, missingInformation, type UploadFormValues } from './validate-upload';

const pdf = new File(['%PDF-1.7'], 'week.pdf', { type: 'application/pdf' });
const valid: UploadFormValues = { weekNumber: 7, title: 'Dreams', description: '', file: pdf };

describe('checkUploadForm', () => {
  it('accepts a complete form and trims the texts', () => {
    expect(checkUploadForm({ ...valid, title: '  Dreams ', description: ' Why ' })).toEqual({
      ok: true,
      fields: { weekNumber: 7, title: 'Dreams', description: 'Why' },
      file: pdf,
    });
  });

  it.each([
    ['no week number', { weekNumber: '' }],
    ['a blank title', { title: '   ' }],
    ['no file', { file: null }],
  ])('asks for the missing information with %s', (_name, change) => {
    expect(checkUploadForm({ ...valid, ...change })).toEqual({ ok: false, ...missingInformation() });
  });

  it('uses the spec texts', () => {
    expect(missingInformation()).toEqual({
      title: 'Missing Information',
      message: 'Please fill in all required fields and select a file.',
    });
    expect(invalidWeekNumber()).toEqual({
      title: 'Invalid Week Number',
      message: 'Week number must be between 1 and 52.',
    });
  });

  it.each([0, 53, -3, 7.5, '-3', '2.5'])('refuses week %s', (weekNumber) => {
    expect(checkUploadForm({ ...valid, weekNumber })).toEqual({
      ok: false,
      ...invalidWeekNumber(),
      field: 'weekNumber',
    });
  });

  it('prefers the missing information toast when both apply', () => {
    expect(checkUploadForm({ ...valid, weekNumber: 60, file: null })).toEqual({ ok: false, ...missingInformation() });
  });

  it('reports a title over the length limit with the schema message', () => {
    expect(checkUploadForm({ ...valid, title: 'x'.repeat(201) })).toEqual({
      ok: false,
      title: 'Upload Failed',
      message: 'title must be at most 200 characters',
    });
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [842, '842 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [123 * 1024 * 1024, '123 MB'],
  ])('%i bytes reads %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
