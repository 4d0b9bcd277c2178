import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adminCookie, createCouple, makeTempDir, sessionCookie, useTestApp } from '../../test/harness';
import { deleteCoupleAccount } from '../couples/service';
import { ReminderScheduler } from '../mail/reminders';
import { filePrefix, keepsakeDir, sweepKeepsakesOfDeletedCouples } from './keepsake-files';
import { keepsakeBuildSteps } from './service';

const t = useTestApp();

/*
 * A keepsake build stopped half-way (its worker terminated at the time limit, or the server
 * stopped) leaves its work beside the cached keepsakes: the JSON parts, the rendered week PDFs
 * and the merge's temporary file, each holding the couple's answers. Both deletions of the
 * account remove them with the cached keepsakes (decision 0202), leaving other couples' files.
 */
describe("a deleted couple's unfinished keepsake builds", () => {
  async function deleteAndCheck(remove: Deletion) {
    const couple = await createCouple(t.deps);
    const other = await createCouple(t.deps);
    const leftovers = leaveUnfinishedBuild(couple.coupleId, 'MARKER-LEFT-BEHIND');
    const kept = leaveUnfinishedBuild(other.coupleId, 'MARKER-OTHER-COUPLE');
    expect(await remove(couple)).toBe(200);
    expect(leftovers.filter((file) => fs.existsSync(file))).toEqual([]);
    expect(kept.filter((file) => fs.existsSync(file))).toEqual(kept);
  }

  it('go with "Delete our account"', async () => {
    await deleteAndCheck(ownDeletion);
  });

  it("go with the back office's deletion", async () => {
    await deleteAndCheck(adminDeletion);
  });
});

/*
 * Decision 0334: with several app processes each keeps its own keepsake folder, and a deletion
 * removes the files of the process that ran it. The others remove a deleted couple's files at
 * start and every hour (the weekly reminders' pass), leaving every living couple's.
 */
describe("a deleted couple's keepsakes in another process's folder", () => {
  it('go with the next hourly pass, and only theirs', async () => {
    const gone = await createCouple(t.deps);
    const staying = await createCouple(t.deps);
    const dir = keepsakeDir(t.deps);
    fs.mkdirSync(dir, { recursive: true });
    const theirs = [
      ...leaveUnfinishedBuild(gone.coupleId, 'MARKER-OTHER-PROCESS'),
      path.join(dir, `${filePrefix(gone.coupleId)}fedcba9876543210fedcba98.pdf`),
    ];
    const kept = [
      ...leaveUnfinishedBuild(staying.coupleId, 'MARKER-STILL-HERE'),
      path.join(dir, `${filePrefix(staying.coupleId)}fedcba9876543210fedcba98.pdf`),
    ];
    for (const file of [theirs.at(-1)!, kept.at(-1)!]) fs.writeFileSync(file, '%PDF- keepsake');
    // Deleted by "another process": the rows go, this folder is not touched.
    await deleteCoupleAccount(t.deps.db, gone.coupleId);
    expect(theirs.filter((file) => fs.existsSync(file))).toEqual(theirs);

    await new ReminderScheduler(t.deps).runOnce();
    expect(theirs.filter((file) => fs.existsSync(file))).toEqual([]);
    expect(kept.filter((file) => fs.existsSync(file))).toEqual(kept);
    // Nothing of a living couple's, nor anything not named by a couple, is ever touched.
    fs.writeFileSync(path.join(dir, 'not-a-keepsake.txt'), 'x');
    expect(await sweepKeepsakesOfDeletedCouples(t.deps)).toBe(0);
    expect(fs.existsSync(path.join(dir, 'not-a-keepsake.txt'))).toBe(true);
  });
});

function leaveUnfinishedBuild(coupleId: number, word: string): string[] {
  const dir = keepsakeDir(t.deps);
  const target = path.join(dir, `${filePrefix(coupleId)}0123456789abcdef01234567.pdf`);
  const workDir = `${target}.a1b2c3d4e5f6.parts`;
  fs.mkdirSync(workDir, { recursive: true });
  const files = [`${target}.a1b2c3d4e5f6.jsonl`, path.join(workDir, 'part-001.pdf'), `${target}.4242-lq1x2y.tmp`];
  for (const file of files) fs.writeFileSync(file, `answers ${word}`);
  return [...files, workDir];
}

type Couple = Awaited<ReturnType<typeof createCouple>>;
type Deletion = (couple: Couple) => Promise<number>;

const ownDeletion: Deletion = async (couple) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trpc/ourData.deleteAccount',
    headers: { cookie: await sessionCookie(t.deps, couple.accountId) },
    payload: { confirmation: 'DELETE' },
  });
  return res.statusCode;
};

const adminDeletion: Deletion = async (couple) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trpc/adminCouples.delete',
    headers: { cookie: await adminCookie(t.deps) },
    payload: { coupleId: couple.coupleId, confirmation: couple.email },
  });
  return res.statusCode;
};

/*
 * A keepsake build under way when the account is deleted: the deletion sweeps the couple's files
 * once, and the PDF worker can land its finished keepsake just after that sweep (its rename of the
 * merged file, or a work folder it made after the sweep looked). The build checks that the couple
 * is still there once its file is written, and removes what it wrote when they are gone.
 */
// The first build starts the PDF worker and loads its fonts: seconds on a busy machine.
describe('a keepsake build that an account deletion overtakes', { timeout: 60_000 }, () => {
  afterEach(() => {
    keepsakeBuildSteps.afterRender = async () => {};
  });

  async function raceAndCheck(remove: Deletion) {
    const couple = await createCouple(t.deps, { displayName: 'MARKER-RACED' });
    const cookie = await sessionCookie(t.deps, couple.accountId);
    const aside = makeTempDir('keepsake-race-');
    let deleted = 0;
    keepsakeBuildSteps.afterRender = async (target) => {
      // The worker's finished file lands just after the deletion's sweep: the sweep runs while it
      // is still out of the folder, then the file arrives.
      const held = path.join(aside, 'landing.pdf');
      fs.renameSync(target, held);
      deleted = await remove(couple);
      fs.renameSync(held, target);
    };
    const res = await t.app.inject({ url: '/api/keepsake', headers: { cookie } });
    expect(deleted).toBe(200);
    const left = fs.readdirSync(keepsakeDir(t.deps)).filter((name) => name.startsWith(filePrefix(couple.coupleId)));
    expect(left).toEqual([]);
    // The download that started the build is refused like any request of a deleted account.
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  }

  it("leaves nothing of the couple's when they delete their account", async () => {
    await raceAndCheck(ownDeletion);
  });

  it("leaves nothing of the couple's when the back office deletes it", async () => {
    await raceAndCheck(adminDeletion);
  });
});
