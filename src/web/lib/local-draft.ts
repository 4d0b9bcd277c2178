import { useEffect, useState } from 'react';
import { queryClient, trpc } from '../trpc';

/**
 * Local drafts (decision 0134): what a couple typed into the week's notes or workbook is kept in
 * this browser's localStorage, per couple and week, from the first unsaved keystroke until the
 * server confirms the save; a reload, a crash or a lost connection does not lose it, and the page
 * restores it the next time the week opens. The key carries the couple's id, so a second couple
 * signing in on the same browser never sees the first couple's draft.
 */
export type DraftKind = 'notes' | 'workbook';

const PREFIX = 'vows-draft';
/** A draft older than this is stale (the couple has moved on): it is dropped, not restored. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

interface StoredDraft {
  savedAt: number;
  value: unknown;
}

export function draftKey(kind: DraftKind, coupleId: number, weekNumber: number): string {
  return `${PREFIX}:${coupleId}:${kind}:${weekNumber}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage disabled (privacy settings): drafts simply are not kept.
    return null;
  }
}

/** The draft stored under `key`, when there is one, it is recent and `accept` recognises it. */
export function readDraft<T>(key: string, accept: (value: unknown) => value is T, now = Date.now()): T | undefined {
  const store = storage();
  const text = store?.getItem(key);
  if (!text) return undefined;
  try {
    const stored = JSON.parse(text) as StoredDraft;
    if (typeof stored?.savedAt === 'number' && now - stored.savedAt <= DRAFT_MAX_AGE_MS && accept(stored.value)) {
      return stored.value;
    }
  } catch {
    // Not ours or damaged: dropped below.
  }
  store?.removeItem(key);
  return undefined;
}

export function writeDraft(key: string, value: unknown, now = Date.now()): void {
  try {
    storage()?.setItem(key, JSON.stringify({ savedAt: now, value } satisfies StoredDraft));
  } catch {
    // Storage full or disabled: the draft stays on the page only.
  }
}

export function removeDraft(key: string): void {
  storage()?.removeItem(key);
}

/**
 * The signed-in couple's id, from the session answer the dashboard's guard has put in the app's
 * query client; null without one (then no draft is kept).
 */
function useCoupleId(): number | null {
  return queryClient.getQueryData(trpc.auth.session.queryKey())?.customerId ?? null;
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

/**
 * Keeps `value` as the couple's local draft of `kind` for `weekNumber` while `unsaved` is true, and
 * removes it as soon as it is false (the server has confirmed the same text).
 */
export function useKeepDraft(kind: DraftKind, weekNumber: number, value: unknown, unsaved: boolean): void {
  const coupleId = useCoupleId();
  useEffect(() => {
    if (coupleId === null) return;
    const key = draftKey(kind, coupleId, weekNumber);
    if (unsaved) writeDraft(key, value);
    else removeDraft(key);
  }, [coupleId, kind, weekNumber, value, unsaved]);
}

export const isString = (value: unknown): value is string => typeof value === 'string';

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
