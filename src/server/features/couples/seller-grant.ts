import type { DB } from '../../db/client';
import { findFullAccessGrant } from './repo';

/*
 * The seller's grant of full access, as the other features' refund rules see it (decision 0358).
 * A file of its own, not service.ts: the orders feature's refund rule calls it, and service.ts
 * calls the orders feature (a couple's orders), so one file would close a circle.
 */

/**
 * Whether the seller granted the couple full access from the back office: a source of their access
 * that no refund takes back (an order's, or a seat pack's with "end their access"). In `db` (the
 * caller's transaction).
 */
export async function sellerGrantCarriesAccess(db: DB, coupleId: number): Promise<boolean> {
  return (await findFullAccessGrant(db, coupleId)) !== undefined;
}
