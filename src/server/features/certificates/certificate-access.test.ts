import { describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { completeWeeks } from '../workbook/test-support';
import { CERTIFICATE_NEEDS_FULL_ACCESS } from './service';

/*
 * A certificate says the couple completed the seller's course, signed by the seller: a trial
 * couple (who has not bought the course) cannot have one issued, however many hours they logged in
 * the trial's weeks. Offline time is self-reported, so the trial's first weeks alone would
 * otherwise reach Florida's 4 hours (or Texas's 8) in a minute.
 */

const t = useTestApp({ PUBLIC_URL: 'https://course.example.com' });

async function coupleWithFloridaHours(accessLevel: 'trial' | 'full') {
  const couple = await createCouple(t.deps, { accessLevel, displayName: 'Robin', partnerName: 'Casey' });
  await completeWeeks(t.deps, couple.coupleId, [1, 2]);
  const asCouple = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
  await asCouple.certificates.setLegalName({ partner: 'partner1', legalName: 'Robin Lee' });
  await asCouple.certificates.setLegalName({ partner: 'partner2', legalName: 'Casey Lee' });
  await asCouple.certificates.reportOfflineTime({ weekNumber: 1, minutes: 120, together: true });
  await asCouple.certificates.reportOfflineTime({ weekNumber: 2, minutes: 120, together: true });
  return { couple, asCouple };
}

describe('who may have a certificate issued', () => {
  it('refuses a trial couple with 403 and issues nothing; a couple with the full course gets theirs', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    await admin.adminCertificates.saveProvider({
      providerName: 'Grace Counseling LLC',
      credentials: 'LMHC MH1234',
      contact: 'hello@grace.example',
      courseName: 'Vows & Weeks',
      deliveryMethod: 'online',
      offeredStates: ['FL'],
      registrations: { FL: 'HILLSBOROUGH-2026-017' },
    });
    const intendedMarriageDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

    const trial = await coupleWithFloridaHours('trial');
    await expect(trial.asCouple.certificates.request({ state: 'FL', intendedMarriageDate })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: CERTIFICATE_NEEDS_FULL_ACCESS,
    });
    expect((await trial.asCouple.certificates.status()).certificates).toEqual([]);
    const issued = await t.deps.db
      .selectFrom('certificates')
      .select('id')
      .where('couple_id', '=', trial.couple.coupleId)
      .execute();
    expect(issued).toEqual([]);

    const full = await coupleWithFloridaHours('full');
    expect(await full.asCouple.certificates.request({ state: 'FL', intendedMarriageDate })).toMatchObject({
      state: 'FL',
      firstLegalName: 'Robin Lee',
      revokedAt: null,
    });
  });
});
