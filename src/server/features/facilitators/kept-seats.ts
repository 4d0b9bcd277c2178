import type { DB } from '../../db/client';
import * as repo from './repo';

/*
 * The seats a couple keeps, as the other features' refund rules see them (decisions 0264, 0333).
 * A file of its own, not service.ts: the orders feature's refund rule calls it, and service.ts
 * calls the orders feature (a completed order covers a couple), so one file would close a circle.
 */

/**
 * Whether a seat a facilitator paid for, which the couple keeps (decision 0264: from a pack still
 * active, or refunded without ending its couples' access), covers their full access once what gave
 * it to them is taken back: their own order refunded, or another pack refunded with "end their
 * access" (`exceptPackId`, whose seat does not count). When it does, the couple's seats of active
 * packs carry their access from then on (decision 0333): a later refund of one of those packs with
 * "end their access" ends it, as it would had that seat upgraded them from the trial. In `db` (the
 * caller's transaction).
 */
export async function keptSeatCarriesAccess(db: DB, coupleId: number, exceptPackId?: number): Promise<boolean> {
  if (!(await repo.holdsKeptSeat(db, coupleId, exceptPackId))) return false;
  await repo.markSeatsUpgrading(db, coupleId, exceptPackId);
  return true;
}

export type { KeptSeatRow } from './repo';

/**
 * The seats the couple keeps, each with its pack's facilitator and organisation: the back
 * office's couple page names them as a source of the couple's full access (an account fact).
 */
export function keptSeatsOf(db: DB, coupleId: number): Promise<repo.KeptSeatRow[]> {
  return repo.listKeptSeats(db, coupleId);
}
