import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentDraft,
  DRAFT_MAX_AGE_MS,
  type DraftStore,
  draftKey,
  forgetDrafts,
  isWorkbookDrafts,
  listDrafts,
  loadStoredDrafts,
  readDraft,
  removeDraft,
  type StoredDraft,
  subscribeDrafts,
  writeDraft,
} from './local-draft';

const isString = (value: unknown): value is string => typeof value === 'string';

afterEach(() => {
  forgetDrafts();
  localStorage.clear();
});

/** IndexedDB's part, as a Map (jsdom has no IndexedDB): what the device keeps between visits. */
function deviceStore(initial: Record<string, StoredDraft> = {}) {
  const kept = new Map<string, StoredDraft>(Object.entries(initial));
  const store: DraftStore = {
    entries: async () => [...kept.entries()],
    set: async (key, value) => void kept.set(key, value),
    del: async (key) => void kept.delete(key),
  };
  return { kept, store };
}

describe('local drafts', () => {
  it('are kept per couple and week, and read back', () => {
    writeDraft(draftKey('notes', 7, 3), 'half a thought', 1_000);
    expect(readDraft(draftKey('notes', 7, 3), isString, 2_000)).toBe('half a thought');
    expect(readDraft(draftKey('notes', 8, 3), isString, 2_000)).toBeUndefined();
    expect(readDraft(draftKey('notes', 7, 4), isString, 2_000)).toBeUndefined();
    expect(readDraft(draftKey('workbook', 7, 3), isString, 2_000)).toBeUndefined();
  });

  it('drop a stale or unexpected draft instead of restoring it', () => {
    const key = draftKey('notes', 1, 1);
    writeDraft(key, 'old', 0);
    expect(readDraft(key, isString, DRAFT_MAX_AGE_MS + 1)).toBeUndefined();
    expect(readDraft(key, isString, 0)).toBeUndefined();
    writeDraft(key, { notes: 1 });
    expect(readDraft(key, isString)).toBeUndefined();
  });

  it('are removed once saved', () => {
    const key = draftKey('workbook', 2, 5);
    writeDraft(key, 'x');
    removeDraft(key);
    expect(readDraft(key, isString)).toBeUndefined();
  });

  it('are written to the device store and read back from it on the next visit (IndexedDB, decision 0268)', async () => {
    const device = deviceStore();
    await loadStoredDrafts(device.store);
    writeDraft(draftKey('notes', 3, 9), 'typed on the bus', 5_000);
    await Promise.resolve();
    expect(device.kept.get(draftKey('notes', 3, 9))).toEqual({ savedAt: 5_000, value: 'typed on the bus' });

    // The next visit: memory is empty, the device still has the draft.
    forgetDrafts();
    device.kept.set(draftKey('notes', 3, 9), { savedAt: 5_000, value: 'typed on the bus' });
    await loadStoredDrafts(device.store);
    expect(readDraft(draftKey('notes', 3, 9), isString, 6_000)).toBe('typed on the bus');
    removeDraft(draftKey('notes', 3, 9));
    await Promise.resolve();
    expect(device.kept.has(draftKey('notes', 3, 9))).toBe(false);
  });

  it('moves drafts an earlier version kept in localStorage into the device store, losing none', async () => {
    localStorage.setItem(draftKey('notes', 4, 2), JSON.stringify({ savedAt: 7_000, value: 'from before' }));
    localStorage.setItem(draftKey('notes', 4, 3), '{damaged');
    localStorage.setItem('someone-else', 'kept');
    const device = deviceStore();
    await loadStoredDrafts(device.store);
    expect(readDraft(draftKey('notes', 4, 2), isString, 8_000)).toBe('from before');
    expect(device.kept.get(draftKey('notes', 4, 2))).toEqual({ savedAt: 7_000, value: 'from before' });
    expect(localStorage.getItem(draftKey('notes', 4, 2))).toBeNull();
    expect(localStorage.getItem(draftKey('notes', 4, 3))).toBeNull();
    expect(localStorage.getItem('someone-else')).toBe('kept');
  });

  it('keeps drafts in memory for the visit when the device store cannot be read', async () => {
    await loadStoredDrafts({
      entries: () => Promise.reject(new Error('refused')),
      set: () => Promise.reject(new Error('refused')),
      del: () => Promise.reject(new Error('refused')),
    });
    writeDraft(draftKey('notes', 5, 1), 'still here');
    expect(readDraft(draftKey('notes', 5, 1), isString)).toBe('still here');
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

describe('drafts that change under a reader', () => {
  it('tell every subscriber of a change, and list one couple’s drafts of a kind by week', () => {
    const seen = vi.fn();
    const stop = subscribeDrafts(seen);
    writeDraft(draftKey('rating', 9, 4), { rating: 3 }, 1_000);
    writeDraft(draftKey('rating', 9, 12), 'not a rating', 1_000);
    writeDraft(draftKey('rating', 10, 4), { rating: 5 }, 1_000);
    writeDraft(draftKey('notes', 9, 4), 'notes', 1_000);
    removeDraft(draftKey('notes', 9, 4));
    expect(seen).toHaveBeenCalledTimes(5);
    stop();
    writeDraft(draftKey('rating', 9, 5), { rating: 1 }, 1_000);
    expect(seen).toHaveBeenCalledTimes(5);

    const asRating = (value: unknown) =>
      value && typeof value === 'object' && 'rating' in value ? (value as { rating: number }) : undefined;
    expect(listDrafts('rating', 9, asRating, 2_000)).toEqual([
      { weekNumber: 4, key: draftKey('rating', 9, 4), draft: { rating: 3 } },
      { weekNumber: 5, key: draftKey('rating', 9, 5), draft: { rating: 1 } },
    ]);
    expect(listDrafts('rating', 9, asRating, DRAFT_MAX_AGE_MS + 2_000)).toEqual([]);
    // What a key holds now, when recent (these were written at 1 s past 1970).
    expect(currentDraft(draftKey('rating', 9, 4), asRating)).toBeUndefined();
    writeDraft(draftKey('rating', 9, 4), { rating: 2 });
    expect(currentDraft(draftKey('rating', 9, 4), asRating)).toEqual({ rating: 2 });
  });
});
