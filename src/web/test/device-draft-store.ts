import { loadStoredDrafts } from '../lib/local-draft';

/** The stand-in store a test put in, for `restoreDraftStore()`. */
let current: { restore: () => Promise<void> } | null = null;

/**
 * Puts a stand-in device store under the drafts (IndexedDB's part on a phone). `writes` says what
 * it does with each write: `accept` it at once, `hold` it until `release()`, or `refuse` it (a full
 * disk). The test file's afterEach calls `restoreDraftStore()`.
 */
export async function deviceDraftStore(writes: 'accept' | 'hold' | 'refuse'): Promise<{ release: () => void }> {
  const held: (() => void)[] = [];
  let holding = writes === 'hold';
  await loadStoredDrafts({
    entries: async () => [],
    set: () => {
      if (writes === 'refuse')
        return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
      return holding ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve();
    },
    del: async () => undefined,
  });
  const release = () => {
    holding = false;
    for (const write of held.splice(0)) write();
  };
  current = {
    restore: async () => {
      release();
      await loadStoredDrafts({
        entries: () => Promise.reject(new Error('no device store')),
        set: async () => undefined,
        del: async () => undefined,
      });
    },
  };
  return { release };
}

/**
 * Releases what the stand-in store held and goes back to drafts kept in memory only, as the other
 * tests have them (the modules are shared between test files: nothing may stay held). For afterEach.
 */
export async function restoreDraftStore(): Promise<void> {
  const store = current;
  current = null;
  await store?.restore();
}
