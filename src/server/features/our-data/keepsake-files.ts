import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps/app-deps';
import { findExistingCoupleIds } from './repo';

/*
 * The cached keepsakes, `DATA_DIR/cache/keepsakes/couple-<id>-<key>.pdf`: they hold the couple's
 * answers, so both deletions of a couple (their own "Delete our account" and the back office's)
 * remove them with the account (decision 0202). A deletion reaches only its own process's folder:
 * with several app processes (decision 0179) each keeps its own, so every process also sweeps the
 * files of couples that no longer exist (sweepKeepsakesOfDeletedCouples, decision 0334).
 */

export function keepsakeDir(deps: Pick<AppDeps, 'config'>): string {
  return path.join(deps.config.dataDir, 'cache', 'keepsakes');
}

export const filePrefix = (coupleId: number) => `couple-${coupleId}-`;

/**
 * Removes the couple's cached keepsakes but `keep` (after a build: the stale ones), or, without
 * `keep` (the account's deletion), everything of the couple's in the folder: the keepsakes and
 * what a build stopped half-way left beside them (its `.jsonl` parts, `.parts` folder of rendered
 * weeks and `.tmp` merge), which hold their answers too.
 */
export async function removeKeepsakes(deps: Pick<AppDeps, 'config'>, coupleId: number, keep?: string): Promise<void> {
  const dir = keepsakeDir(deps);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const removed = (name: string) => (keep === undefined ? true : name.endsWith('.pdf') && name !== keep);
  await Promise.all(
    names
      .filter((name) => name.startsWith(filePrefix(coupleId)) && removed(name))
      .map((name) => fs.rm(path.join(dir, name), { recursive: true, force: true })),
  );
}

const COUPLE_FILE = /^couple-(\d+)-/;

/**
 * Removes everything in the keepsake folder that belongs to a couple no longer in the database:
 * their keepsakes and what a stopped build left beside them. The deletion of a couple removes its
 * files in the process that deleted it; another process's folder keeps them until this runs (at
 * start and every hour, with the weekly reminders' pass). Couple ids are never reused, so a file
 * named by a missing couple is a deleted couple's. Answers how many entries went.
 */
export async function sweepKeepsakesOfDeletedCouples(deps: Pick<AppDeps, 'config' | 'db'>): Promise<number> {
  const dir = keepsakeDir(deps);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const owners = new Map<string, number>();
  for (const name of names) {
    const match = COUPLE_FILE.exec(name);
    if (match) owners.set(name, Number(match[1]));
  }
  if (owners.size === 0) return 0;
  const existing = await findExistingCoupleIds(deps.db, [...new Set(owners.values())]);
  const gone = [...owners].filter(([, coupleId]) => !existing.has(coupleId)).map(([name]) => name);
  await Promise.all(gone.map((name) => fs.rm(path.join(dir, name), { recursive: true, force: true })));
  return gone.length;
}
