import { afterEach, describe, expect, it } from 'vitest';
import {
  DRAFT_MAX_AGE_MS,
  draftKey,
  isString,
  isWorkbookDrafts,
  readDraft,
  removeDraft,
  writeDraft,
} from './local-draft';

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

describe('a workbook draft', () => {
  const response = (reflectionAnswers: unknown) => ({
    reflectionAnswers,
    discussionNotes: '',
    activityResponse: '',
    weeklyCommitment: '',
    conversationCards: { 'w01-c1': '' },
  });

  it('is recognised with its answers by question id, as the workbook form keeps them', () => {
    const drafts = { partner1: response({ 'w01-q1': 'An unsaved answer' }), partner2: response({}) };
    expect(isWorkbookDrafts(drafts)).toBe(true);
    writeDraft('vows-draft:1:workbook:1', drafts);
    expect(readDraft('vows-draft:1:workbook:1', isWorkbookDrafts)).toEqual(drafts);
  });

  it('is refused with answers in a list or not text', () => {
    expect(isWorkbookDrafts({ partner1: response(['An answer']), partner2: response({}) })).toBe(false);
    expect(isWorkbookDrafts({ partner1: response({ 'w01-q1': 3 }), partner2: response({}) })).toBe(false);
    expect(isWorkbookDrafts({ partner1: response(null), partner2: response({}) })).toBe(false);
  });
});
