import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_MAX_AGE_MS, draftKey, isString, readDraft, removeDraft, writeDraft } from './local-draft';

afterEach(() => localStorage.clear());

describe('local drafts', () => {
  it('are kept per couple and week, and read back', () => {
    writeDraft(draftKey('notes', 7, 3), 'half a thought', 1_000);
    expect(readDraft(draftKey('notes', 7, 3), isString, 2_000)).toBe('half a thought');
    expect(readDraft(draftKey('notes', 8, 3), isString, 2_000)).toBeUndefined();
    expect(readDraft(draftKey('notes', 7, 4), isString, 2_000)).toBeUndefined();
    expect(readDraft(draftKey('workbook', 7, 3), isString, 2_000)).toBeUndefined();
  });

  it('drop a stale, damaged or unexpected draft instead of restoring it', () => {
    const key = draftKey('notes', 1, 1);
    writeDraft(key, 'old', 0);
    expect(readDraft(key, isString, DRAFT_MAX_AGE_MS + 1)).toBeUndefined();
    expect(localStorage.getItem(key)).toBeNull();
    localStorage.setItem(key, '{not json');
    expect(readDraft(key, isString)).toBeUndefined();
    writeDraft(key, { notes: 1 });
    expect(readDraft(key, isString)).toBeUndefined();
  });

  it('are removed once saved', () => {
    const key = draftKey('workbook', 2, 5);
    writeDraft(key, 'x');
    removeDraft(key);
    expect(localStorage.getItem(key)).toBeNull();
  });
});
