import { loadStoredDrafts } from '../lib/local-draft';

/**
 * Puts a device store under the drafts (IndexedDB's part on a phone) that holds every write until
 * `release()`; `restore()` releases them and goes back to drafts kept in memory only, as the other
 * tests have them (the modules are shared between test files: nothing may stay held).
 */
export async function holdDraftWrites(): Promise<{ release: () => void; restore: () => Promise<void> }> {
  const held: (() => void)[] = [];
  let holding = true;
  await loadStoredDrafts({
    entries: async () => [],
    set: () => (holding ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve()),
    del: async () => undefined,
  });
  const release = () => {
    holding = false;
    for (const write of held.splice(0)) write();
  };
  return {
    release,
    restore: async () => {
      release();
      await loadStoredDrafts({
        entries: () => Promise.reject(new Error('no device store')),
        set: async () => undefined,
        del: async () => undefined,
      });
    },
  };
}
