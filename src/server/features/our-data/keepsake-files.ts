import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps/app-deps';

/*
 * The cached keepsakes, `DATA_DIR/cache/keepsakes/couple-<id>-<key>.pdf`: they hold the couple's
 * answers, so both deletions of a couple (their own "Delete our account" and the back office's)
 * remove them with the account (decision 0202).
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
