import { describe, expect, it } from 'vitest';
import { CERTIFICATE_REFUNDED_REASON } from '../../../shared/certificate-schemas';
import { accessLevelOf, adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { completedSession, injectSignedEvent, randomStripeId } from '../../test/stripe-double';
import { newFacilitator } from '../facilitators/test-support';
import { completeWeeks } from '../workbook/test-support';
import { CERTIFICATE_DOWNLOAD_NEEDS_FULL_ACCESS, verifyCertificate } from './service';

/*
 * Security review: a couple bought the course, had a certificate issued (decision 0313: only with
 * the full course), took the refund, and kept a certificate /verify called valid and they could
 * still download. A refund that takes a couple back to the trial revokes their certificates
 * (decision 0332), and the PDF is only for a couple with the full course.
 */

const WEBHOOK_SECRET = 'whsec_certificaterefund';
// Card payments on, so Stripe's own refund (charge.refunded) can arrive; no call goes to Stripe.
const t = useTestApp({
  PUBLIC_URL: 'https://course.example.com',
  STRIPE_SECRET_KEY: 'sk_test_certificaterefund',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: 'http://127.0.0.1:9',
  // The seller records orders for couples who have accounts: their codes go by email (decision 0369).
  SMTP_URL: 'smtp://mail.example.com',
});

const admin = async () => callerFor(t, await adminCookie(t.deps));

async function offerFlorida() {
  await (await admin()).adminCertificates.saveProvider({
    providerName: 'Grace Counseling LLC',
    credentials: 'LMHC MH1234',
    contact: 'hello@grace.example',
    courseName: 'Vows & Weeks',
    deliveryMethod: 'online',
    offeredStates: ['FL'],
    registrations: { FL: 'HILLSBOROUGH-2026-017' },
  });
}

/** The couple (full access by now) logs Florida's hours in two completed weeks (decision 0330) and has a certificate issued. */
async function certify(accountId: number, coupleId: number) {
  await completeWeeks(t.deps, coupleId, [1, 2]);
  const asCouple = await callerFor(t, await sessionCookie(t.deps, accountId));
  await asCouple.certificates.setLegalName({ partner: 'partner1', legalName: 'Robin Lee' });
  await asCouple.certificates.setLegalName({ partner: 'partner2', legalName: 'Casey Lee' });
  await asCouple.certificates.reportOfflineTime({ weekNumber: 1, minutes: 120, together: true });
  await asCouple.certificates.reportOfflineTime({ weekNumber: 2, minutes: 120, together: true });
  const intendedMarriageDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  return asCouple.certificates.request({ state: 'FL', intendedMarriageDate });
}

async function pdfStatus(accountId: number, certificateId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/certificates/${certificateId}/pdf`,
    headers: { cookie: await sessionCookie(t.deps, accountId) },
  });
  return { status: response.statusCode, message: response.statusCode === 200 ? null : response.json().message };
}

async function revocation(certificateId: number) {
  return t.deps.db
    .selectFrom('certificates')
    .select(['revoked_at as revokedAt', 'revoked_reason as revokedReason'])
    .where('id', '=', certificateId)
    .executeTakeFirstOrThrow();
}

describe('a refund that takes a couple back to the trial', () => {
  it('revokes their certificate, says so to the seller, and /verify says revoked without the reason', async () => {
    await offerFlorida();
    const seller = await admin();
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const order = await seller.adminOrders.record({ email: couple.email, firstName: 'Robin', lastName: 'Lee' });
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('full');
    const certificate = await certify(couple.accountId, couple.coupleId);
    expect((await verifyCertificate(t.deps, certificate.code)).status).toBe('valid');

    expect(await seller.adminOrders.refund({ orderId: order.orderId })).toMatchObject({
      accessDropped: true,
      certificatesRevoked: 1,
    });
    expect(await revocation(certificate.id)).toMatchObject({ revokedReason: CERTIFICATE_REFUNDED_REASON });
    const verified = await verifyCertificate(t.deps, certificate.code);
    expect(verified).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect(JSON.stringify(verified)).not.toContain('Refunded');
    expect((await pdfStatus(couple.accountId, certificate.id)).status).toBe(403);
    // The seller's list keeps the reason, for their records.
    const listed = await seller.adminCertificates.list({ search: 'Robin Lee' });
    expect(listed.rows.find((row) => row.id === certificate.id)).toMatchObject({
      revokedReason: CERTIFICATE_REFUNDED_REASON,
    });
    // Refunding it again changes nothing and revokes nothing.
    expect(await seller.adminOrders.refund({ orderId: order.orderId })).toMatchObject({
      changed: false,
      certificatesRevoked: 0,
    });
  });

  // Security review: a refund made in Stripe's dashboard revoked the certificate and nobody told the seller.
  it('made in Stripe, names the revoked certificate in the audit log, where the seller sees it', async () => {
    await offerFlorida();
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const paymentIntent = randomStripeId('pi_');
    const webhook = async (type: string, object: Record<string, unknown>) =>
      expect(await injectSignedEvent(t.app, WEBHOOK_SECRET, type, object)).toBe(200);
    await webhook(
      'checkout.session.completed',
      completedSession({
        payment_intent: paymentIntent,
        customer_details: { email: couple.email },
        metadata: { firstName: 'Robin', lastName: 'Lee' },
      }),
    );
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('full');
    const certificate = await certify(couple.accountId, couple.coupleId);

    await webhook('charge.refunded', {
      id: randomStripeId('ch_'),
      object: 'charge',
      refunded: true,
      payment_intent: paymentIntent,
    });
    expect(await revocation(certificate.id)).toMatchObject({ revokedReason: CERTIFICATE_REFUNDED_REASON });
    const log = await (await admin()).insights.auditLog({ page: 1 });
    const line = log.items.find((item) => item.action === 'order.refund-in-stripe');
    expect(line).toMatchObject({
      actorUsername: 'system',
      target: `order ${paymentIntent}; couple ${couple.coupleId} back to the trial; certificates revoked: ${certificate.code} (FL)`,
    });
    // Stripe sending the event again (another event id) changes nothing and adds no line.
    await webhook('charge.refunded', {
      id: randomStripeId('ch_'),
      object: 'charge',
      refunded: true,
      payment_intent: paymentIntent,
    });
    const again = await (await admin()).insights.auditLog({ page: 1 });
    expect(
      again.items.filter((item) => item.action === 'order.refund-in-stripe' && item.target?.includes(paymentIntent)),
    ).toHaveLength(1);
  });

  it('leaves the certificate valid when another order still covers the couple', async () => {
    await offerFlorida();
    const seller = await admin();
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const first = await seller.adminOrders.record({ email: couple.email, firstName: 'Robin', lastName: 'Lee' });
    await seller.adminOrders.record({ email: couple.email, firstName: 'Robin', lastName: 'Lee' });
    const certificate = await certify(couple.accountId, couple.coupleId);
    expect(await seller.adminOrders.refund({ orderId: first.orderId })).toMatchObject({
      accessDropped: false,
      certificatesRevoked: 0,
    });
    expect((await verifyCertificate(t.deps, certificate.code)).status).toBe('valid');
  });

  it('revokes a seat couple’s certificate when their pack is refunded with "end their access", not without', async () => {
    await offerFlorida();
    const seller = await admin();
    const facilitator = await newFacilitator(t);
    const grant = () =>
      seller.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 1, expiresOn: null });
    const seated = async (code: string) => {
      const couple = await createCouple(t.deps, { accessLevel: 'trial' });
      await (await callerFor(t, await sessionCookie(t.deps, couple.accountId))).mentor.link({ code });
      return { couple, certificate: await certify(couple.accountId, couple.coupleId) };
    };

    const kept = await grant();
    const keeps = await seated(kept.code);
    expect(await seller.adminFacilitators.refundPack({ packId: kept.id, revokeAccess: false })).toMatchObject({
      certificatesRevoked: 0,
    });
    expect((await verifyCertificate(t.deps, keeps.certificate.code)).status).toBe('valid');

    const ended = await grant();
    const loses = await seated(ended.code);
    expect(await seller.adminFacilitators.refundPack({ packId: ended.id, revokeAccess: true })).toMatchObject({
      status: 'refunded',
      certificatesRevoked: 1,
    });
    expect(await accessLevelOf(t.deps, loses.couple.coupleId)).toBe('trial');
    expect(await revocation(loses.certificate.id)).toMatchObject({ revokedReason: CERTIFICATE_REFUNDED_REASON });
    expect((await verifyCertificate(t.deps, loses.certificate.code)).status).toBe('revoked');
  });
});

describe('the certificate PDF', () => {
  it('is refused to a couple without the full course, even for a certificate still valid', async () => {
    await offerFlorida();
    const couple = await createCouple(t.deps, { accessLevel: 'full' });
    const certificate = await certify(couple.accountId, couple.coupleId);
    expect((await pdfStatus(couple.accountId, certificate.id)).status).toBe(200);
    // Back in the trial some other way than a refund (a certificate issued before decision 0313).
    await t.deps.db.updateTable('couples').set({ access_level: 'trial' }).where('id', '=', couple.coupleId).execute();
    expect(await pdfStatus(couple.accountId, certificate.id)).toEqual({
      status: 403,
      message: CERTIFICATE_DOWNLOAD_NEEDS_FULL_ACCESS,
    });
    expect((await verifyCertificate(t.deps, certificate.code)).status).toBe('valid');
  });
});
