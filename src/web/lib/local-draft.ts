import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { queryClient, trpc } from '../trpc';

/**
 * Local drafts (decision 0134, kept in IndexedDB since decision 0268): what a couple typed into the
 * week's notes or workbook is kept on this device, per couple and week, from the first unsaved
 * keystroke until the server confirms the save; a reload, a crash, a lost connection or a phone
 * that drops the page does not lose it, and the page restores it the next time the week opens. The
 * key carries the couple's id, so a second couple signing in on the same browser never sees the
 * first couple's draft.
 *
 * The drafts live in IndexedDB (idb-keyval), which a phone keeps far longer than it keeps a page,
 * and are mirrored in memory: `loadStoredDrafts()` (the dashboard's guard awaits it) reads them
 * once, after which the page reads them synchronously, as it starts its forms. Every write goes to
 * both. Drafts an earlier version kept in localStorage are moved over on that first read. Where
 * IndexedDB is missing or refuses a write (privacy settings, a full disk), drafts stay in memory for
 * the visit, and the page says so (`DraftPlace`) instead of saying they are kept on the device.
 */
export type DraftKind = 'notes' | 'rating' | 'workbook';

const PREFIX = 'vows-draft';
/** A draft older than this is stale (the couple has moved on): it is dropped, not restored. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface StoredDraft {
  savedAt: number;
  value: unknown;
}

/** Where drafts persist: IndexedDB through idb-keyval, or a stand-in of the same shape in tests. */
export interface DraftStore {
  entries(): Promise<[IDBValidKey, unknown][]>;
  set(key: string, value: StoredDraft): Promise<void>;
  del(key: string): Promise<void>;
}

const mirror = new Map<string, StoredDraft>();
let store: DraftStore | null = null;
let loaded: Promise<void> | null = null;
/** Told of every change of the drafts in memory, so every component reading one sees the same. */
const listeners = new Set<() => void>();
/** One more on every change: what `useDraftsVersion` follows. */
let version = 0;
/** The keys whose latest change is still on its way to the device's store, with that write. */
const writing = new Map<string, Promise<void>>();
/** The keys whose latest change the device's store refused: in memory only. */
const refused = new Set<string>();

/**
 * Where a draft's latest change is: on the device (a reload finds it), on its way there, or only in
 * this page's memory (the browser keeps no drafts, or refused this one): lost if the page closes.
 */
export type DraftPlace = 'device' | 'writing' | 'memory';

function placeOf(key: string | null): DraftPlace {
  if (key === null || !store) return 'memory';
  if (writing.has(key)) return 'writing';
  return refused.has(key) ? 'memory' : 'device';
}

/**
 * Once the latest write of the couple's `kind` draft for `weekNumber` is done: whether the draft is
 * on the device (a reload finds it). What a page may promise after keeping a change for later: the
 * device's store can refuse a write (a full disk, private browsing), or the browser keep none.
 */
export async function draftKept(kind: DraftKind, weekNumber: number): Promise<boolean> {
  const coupleId = signedInCoupleId();
  if (coupleId === null) return false;
  const key = draftKey(kind, coupleId, weekNumber);
  for (let write = writing.get(key); write; write = writing.get(key)) await write;
  return mirror.has(key) && placeOf(key) === 'device';
}

function changed(): void {
  version += 1;
  for (const listener of [...listeners]) listener();
}

export function subscribeDrafts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes whenever a draft does: a component that reads drafts re-renders with it. */
export function useDraftsVersion(): number {
  return useSyncExternalStore(
    subscribeDrafts,
    () => version,
    () => version,
  );
}

export function draftKey(kind: DraftKind, coupleId: number, weekNumber: number): string {
  return `${PREFIX}:${coupleId}:${kind}:${weekNumber}`;
}

async function indexedDbStore(): Promise<DraftStore | null> {
  if (typeof indexedDB === 'undefined') return null;
  const { createStore, entries, set, del } = await import('idb-keyval');
  const drafts = createStore('vows-and-weeks', 'drafts');
  return {
    entries: () => entries(drafts),
    set: (key, value) => set(key, value, drafts),
    del: (key) => del(key, drafts),
  };
}

function legacyStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isStoredDraft(value: unknown): value is StoredDraft {
  return !!value && typeof value === 'object' && typeof (value as StoredDraft).savedAt === 'number';
}

/**
 * Reads this device's drafts into memory, once per page (later calls share the first read); moves
 * any kept in localStorage by an earlier version into IndexedDB. Never rejects: a store that
 * cannot be read leaves the drafts in memory only.
 */
export function loadStoredDrafts(persistent?: DraftStore): Promise<void> {
  if (persistent) {
    loaded = null;
    refused.clear();
  }
  loaded ??= (async () => {
    try {
      store = persistent ?? (await indexedDbStore());
      for (const [key, value] of (await store?.entries()) ?? []) {
        if (typeof key === 'string' && key.startsWith(`${PREFIX}:`) && isStoredDraft(value) && !mirror.has(key)) {
          mirror.set(key, value);
        }
      }
    } catch {
      store = null;
    }
    const legacy = legacyStorage();
    for (const key of Object.keys(legacy ?? {})) {
      if (!key.startsWith(`${PREFIX}:`)) continue;
      try {
        const value: unknown = JSON.parse(legacy?.getItem(key) ?? '');
        if (isStoredDraft(value) && !mirror.has(key)) {
          mirror.set(key, value);
          await store?.set(key, value);
        }
      } catch {
        // Damaged: dropped.
      }
      legacy?.removeItem(key);
    }
    changed();
  })();
  return loaded;
}

/** Sends a change of `key` to the device's store; its readers are told again once it is there. */
function persist(key: string, action: (persistent: DraftStore) => Promise<void>): void {
  if (!store) return;
  const write: Promise<void> = action(store)
    .then(
      () => true,
      () => false,
    )
    .then((kept) => {
      if (writing.get(key) !== write) return;
      writing.delete(key);
      if (kept) refused.delete(key);
      else refused.add(key);
      changed();
    });
  writing.set(key, write);
}

/** The draft stored under `key`, when there is one, it is recent and `accept` recognises it. */
export function readDraft<T>(key: string, accept: (value: unknown) => value is T, now = Date.now()): T | undefined {
  const stored = mirror.get(key);
  if (!stored) return undefined;
  if (now - stored.savedAt <= DRAFT_MAX_AGE_MS && accept(stored.value)) return stored.value;
  removeDraft(key);
  return undefined;
}

export function writeDraft(key: string, value: unknown, now = Date.now()): void {
  const stored: StoredDraft = { savedAt: now, value };
  mirror.set(key, stored);
  persist(key, (persistent) => persistent.set(key, stored));
  changed();
}

export function removeDraft(key: string): void {
  if (!mirror.delete(key)) return;
  persist(key, (persistent) => persistent.del(key));
  changed();
}

/**
 * The couple's recent drafts of `kind` on this device, by week (a draft of another couple, a stale
 * one, or one `read` does not recognise is left out): what waits to be sent on any week.
 */
export function listDrafts<T>(
  kind: DraftKind,
  coupleId: number,
  read: (value: unknown) => T | undefined,
  now = Date.now(),
): { weekNumber: number; key: string; draft: T }[] {
  const prefix = `${PREFIX}:${coupleId}:${kind}:`;
  return [...mirror.entries()].flatMap(([key, stored]) => {
    const weekNumber = Number(key.slice(prefix.length));
    const draft = key.startsWith(prefix) && now - stored.savedAt <= DRAFT_MAX_AGE_MS ? read(stored.value) : undefined;
    return draft !== undefined && Number.isInteger(weekNumber) ? [{ weekNumber, key, draft }] : [];
  });
}

/**
 * Forgets the signed-in couple's drafts on this device (signing out: the next person on a shared
 * phone finds nothing of them); nothing without a signed-in couple.
 */
export function forgetSignedInDrafts(): void {
  const coupleId = signedInCoupleId();
  if (coupleId !== null) forgetDrafts(coupleId);
}

/** Forgets every draft of this device (tests; a deleted account's drafts). */
export function forgetDrafts(coupleId?: number): void {
  for (const key of [...mirror.keys()]) {
    if (coupleId === undefined || key.startsWith(`${PREFIX}:${coupleId}:`)) removeDraft(key);
  }
}

/**
 * The signed-in couple's id, from the session answer the dashboard's guard has put in the app's
 * query client; null without one (then no draft is kept).
 */
function signedInCoupleId(): number | null {
  return queryClient.getQueryData(trpc.auth.session.queryKey())?.customerId ?? null;
}

/** The signed-in couple's id, for a component (signedInCoupleId). */
export function useCoupleId(): number | null {
  return signedInCoupleId();
}

/**
 * The couple's draft of `kind` for `weekNumber` stored in this browser, read once when the
 * component first renders (undefined when there is none): start the component's state from it.
 */
export function useStoredDraft<T>(
  kind: DraftKind,
  weekNumber: number,
  accept: (value: unknown) => value is T,
): T | undefined {
  const coupleId = useCoupleId();
  const [stored] = useState(() =>
    coupleId === null ? undefined : readDraft(draftKey(kind, coupleId, weekNumber), accept),
  );
  return stored;
}

/** A stored draft's value as `read` makes it out, when it is recent; else undefined. */
function freshDraft<T>(stored: StoredDraft | undefined, read: (value: unknown) => T | undefined): T | undefined {
  return stored && Date.now() - stored.savedAt <= DRAFT_MAX_AGE_MS ? read(stored.value) : undefined;
}

/** The draft stored under `key` now as `read` makes it out, when it is recent; else undefined. */
export function currentDraft<T>(key: string, read: (value: unknown) => T | undefined): T | undefined {
  return freshDraft(mirror.get(key), read);
}

/**
 * The couple's draft of `kind` for `weekNumber` as `read` makes it out (undefined: none), kept in
 * step with every change, whoever makes it (the week's form, or what sends waiting changes), and a
 * setter: a value keeps it, undefined removes it, a function gets the current one first. Without a
 * signed-in couple (a component on its own) the value lives in the component only. Third: where
 * its latest change is (a reload finds it only once it is on the device).
 */
export function useDraft<T>(
  kind: DraftKind,
  weekNumber: number,
  read: (value: unknown) => T | undefined,
): [T | undefined, (next: T | undefined | ((current: T | undefined) => T | undefined)) => void, DraftPlace] {
  const coupleId = useCoupleId();
  const key = coupleId === null ? null : draftKey(kind, coupleId, weekNumber);
  const stored = useSyncExternalStore(
    subscribeDrafts,
    () => (key === null ? undefined : mirror.get(key)),
    () => undefined,
  );
  const place = useDraftPlace(key);
  const [local, setLocal] = useState<T | undefined>(undefined);
  const value = key === null ? local : freshDraft(stored, read);
  const set = useCallback(
    (next: T | undefined | ((current: T | undefined) => T | undefined)) => {
      if (key === null) {
        setLocal(next);
        return;
      }
      const value = next instanceof Function ? next(freshDraft(mirror.get(key), read)) : next;
      if (value === undefined) removeDraft(key);
      else writeDraft(key, value);
    },
    [key, read],
  );
  return [value, set, place];
}

/**
 * Where the latest change of the draft under `key` is: a draft only in memory would be lost by a
 * reload, so a page says "kept on this device" only once it is on the device.
 */
function useDraftPlace(key: string | null): DraftPlace {
  return useSyncExternalStore(
    subscribeDrafts,
    () => placeOf(key),
    () => placeOf(key),
  );
}

/**
 * Keeps `value` as the couple's local draft of `kind` for `weekNumber` while `unsaved` is true, and
 * removes it as soon as it is false (the server has confirmed the same text). Answers where its
 * latest change is.
 */
export function useKeepDraft(kind: DraftKind, weekNumber: number, value: unknown, unsaved: boolean): DraftPlace {
  const coupleId = useCoupleId();
  const key = coupleId === null ? null : draftKey(kind, coupleId, weekNumber);
  useEffect(() => {
    if (key === null) return;
    if (unsaved) writeDraft(key, value);
    else removeDraft(key);
  }, [key, value, unsaved]);
  return useDraftPlace(key);
}

const TEXT_FIELDS = ['discussionNotes', 'activityResponse', 'weeklyCommitment'] as const;
const LIST_FIELDS = ['reflectionAnswers', 'conversationCards'] as const;

function isResponse(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    TEXT_FIELDS.every((field) => typeof record[field] === 'string') &&
    LIST_FIELDS.every((field) => {
      // Answers by question or card id (decision 0126), as the workbook form keeps them.
      const byId = record[field];
      return (
        typeof byId === 'object' &&
        byId !== null &&
        !Array.isArray(byId) &&
        Object.values(byId).every((item) => typeof item === 'string')
      );
    })
  );
}

/** A workbook draft: both partners' answers, in the shape the workbook form keeps them. */
export function isWorkbookDrafts<T extends { partner1: unknown; partner2: unknown }>(value: unknown): value is T {
  if (!value || typeof value !== 'object') return false;
  const drafts = value as Record<string, unknown>;
  return isResponse(drafts.partner1) && isResponse(drafts.partner2);
}
