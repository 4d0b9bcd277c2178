import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import type { AdminAuth } from '../auth/access';
import { listRecentAdminActions, recordAdminAction } from './service';

const t = useTestApp();

async function theAdmin(): Promise<AdminAuth> {
  const row = await t.deps.db.selectFrom('accounts').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();
  return { kind: 'admin', accountId: row.id, sessionId: 0, expiresAt: Date.now() + 60_000 };
}

beforeEach(async () => {
  await t.deps.db.deleteFrom('admin_audit_log').execute();
});

describe('the admin audit log', () => {
  it('records who did what to which record, from where, newest first', async () => {
    const admin = await theAdmin();
    await recordAdminAction(t.deps.db, admin, 'order.refund', { target: 'order pi_1', address: '203.0.113.9' });
    await recordAdminAction(t.deps.db, admin, 'couple.delete', { target: 'couple 7' });

    const rows = await listRecentAdminActions(t.deps.db, { limit: 10, offset: 0 });
    expect(rows.map((row) => [row.actorUsername, row.action, row.target, row.address])).toEqual([
      ['admin', 'couple.delete', 'couple 7', null],
      ['admin', 'order.refund', 'order pi_1', '203.0.113.9'],
    ]);
    expect(await listRecentAdminActions(t.deps.db, { limit: 1, offset: 1 })).toHaveLength(1);
  });

  it('keeps no line for an action whose transaction was rolled back', async () => {
    const admin = await theAdmin();
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await recordAdminAction(trx, admin, 'order.refund', { target: 'order pi_2' });
        throw new Error('the refund failed');
      }),
    ).rejects.toThrow('the refund failed');
    expect(await listRecentAdminActions(t.deps.db, { limit: 10, offset: 0 })).toEqual([]);
  });
});
