import type { Kysely } from 'kysely';

/**
 * Certificates still valid whose couple does not have the full course are revoked (decision 0345).
 * Before decision 0313 a trial couple could have one issued from reported hours, and before 0332 a
 * refund left the certificate valid; /verify still called those valid. Whether the couple had the
 * full course on the day of issue is not recorded, so the couple's access now decides: with the
 * full course now (bought or granted since) the certificate stands; without it, it is revoked with
 * the reason below (the back office says it in the page's language), and the audit log gets a
 * `system` line per certificate, so the seller sees which ones. Certificates of deleted couples
 * (no couple) are left as they are. The reason is written here as it was when this ran (a frozen
 * migration); src/shared/certificate-schemas.ts holds the same sentence.
 */
const REASON = 'The couple does not have the full course, which a certificate needs.';

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  const revoked: { id: number; code: string; state: string }[] = await db
    .selectFrom('certificates')
    .innerJoin('couples', 'couples.id', 'certificates.couple_id')
    .select(['certificates.id as id', 'certificates.code as code', 'certificates.state as state'])
    .where('certificates.revoked_at', 'is', null)
    .where('couples.access_level', '<>', 'full')
    .orderBy('certificates.id')
    .execute();
  for (const certificate of revoked) {
    await db
      .updateTable('certificates')
      .set({ revoked_at: now, revoked_reason: REASON })
      .where('id', '=', certificate.id)
      .execute();
    await db
      .insertInto('admin_audit_log')
      .values({
        actor_account_id: null,
        actor_username: 'system',
        action: 'certificates.revoke',
        target: `${certificate.code} (${certificate.state}): the couple does not have the full course`,
        address: null,
        created_at: now,
      })
      .execute();
  }
}

/** Gives the certificates this revoked their validity back; the audit lines stay (they are never removed). */
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('certificates')
    .set({ revoked_at: null, revoked_reason: null })
    .where('revoked_reason', '=', REASON)
    .execute();
}
