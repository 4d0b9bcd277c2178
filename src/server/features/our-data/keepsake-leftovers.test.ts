import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminCookie, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { filePrefix, keepsakeDir } from './keepsake-files';

const t = useTestApp();

/*
 * A keepsake build stopped half-way (its worker terminated at the time limit, or the server
 * stopped) leaves its work beside the cached keepsakes: the JSON parts, the rendered week PDFs
 * and the merge's temporary file, each holding the couple's answers. Both deletions of the
 * account remove them with the cached keepsakes (decision 0202), leaving other couples' files.
 */
describe("a deleted couple's unfinished keepsake builds", () => {
  function leaveUnfinishedBuild(coupleId: number, word: string): string[] {
    const dir = keepsakeDir(t.deps);
    const target = path.join(dir, `${filePrefix(coupleId)}0123456789abcdef01234567.pdf`);
    const workDir = `${target}.a1b2c3d4e5f6.parts`;
    fs.mkdirSync(workDir, { recursive: true });
    const files = [`${target}.a1b2c3d4e5f6.jsonl`, path.join(workDir, 'part-001.pdf'), `${target}.4242-lq1x2y.tmp`];
    for (const file of files) fs.writeFileSync(file, `answers ${word}`);
    return [...files, workDir];
  }

  async function deleteAndCheck(remove: (couple: Awaited<ReturnType<typeof createCouple>>) => Promise<number>) {
    const couple = await createCouple(t.deps);
    const other = await createCouple(t.deps);
    const leftovers = leaveUnfinishedBuild(couple.coupleId, 'MARKER-LEFT-BEHIND');
    const kept = leaveUnfinishedBuild(other.coupleId, 'MARKER-OTHER-COUPLE');
    expect(await remove(couple)).toBe(200);
    expect(leftovers.filter((file) => fs.existsSync(file))).toEqual([]);
    expect(kept.filter((file) => fs.existsSync(file))).toEqual(kept);
  }

  it('go with "Delete our account"', async () => {
    await deleteAndCheck(async (couple) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trpc/ourData.deleteAccount',
        headers: { cookie: await sessionCookie(t.deps, couple.accountId) },
        payload: { confirmation: 'DELETE' },
      });
      return res.statusCode;
    });
  });

  it("go with the back office's deletion", async () => {
    await deleteAndCheck(async (couple) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trpc/adminCouples.delete',
        headers: { cookie: await adminCookie(t.deps) },
        payload: { coupleId: couple.coupleId, confirmation: couple.email },
      });
      return res.statusCode;
    });
  });
});
