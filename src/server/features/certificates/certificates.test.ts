import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  eligibilityFor,
  formatMinutes,
  hoursTotals,
  MAX_CREDITED_GAP_MS,
  OFFLINE_CAP_PER_WEEK_MINUTES,
  ONLINE_CAP_PER_WEEK_MINUTES,
} from '../../../shared/certificate-hours';
import type { ProviderSettingsInput } from '../../../shared/certificate-schemas';
import { certificateStateRule } from '../../../shared/certificate-states';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { jobWorker } from '../printables/pdf-jobs';
import { completeWeeks } from '../workbook/test-support';
import {
  CERTIFICATE_CSV_HEADER,
  getHours,
  notEligibleMessage,
  recordHeartbeat,
  reportOfflineTime,
  SIGNATURE_TYPE_MESSAGE,
  signatureImageType,
  stateNotOfferedMessage,
} from './service';
import * as repo from './repo';
import { newVerificationCode, readVerificationCode } from './verification-code';

const t = useTestApp({ PUBLIC_URL: 'https://course.example.com' });

afterEach(() => {
  vi.useRealTimers();
});

const T0 = Date.parse('2026-11-24T10:00:00Z');
const SECOND = 1000;

async function newCouple(weeksDone = 0) {
  const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
  if (weeksDone > 0)
    await completeWeeks(
      t.deps,
      couple.coupleId,
      Array.from({ length: weeksDone }, (_, i) => i + 1),
    );
  const cookie = await sessionCookie(t.deps, couple.accountId);
  return { ...couple, cookie, auth: { coupleId: couple.coupleId, accessLevel: 'full' as const, partner: null } };
}

const FLORIDA_PROVIDER: ProviderSettingsInput = {
  providerName: 'Grace Counseling LLC',
  credentials: 'Licensed Mental Health Counselor MH1234',
  contact: '12 Palm Way, Tampa FL; hello@grace.example',
  courseName: 'Vows & Weeks',
  deliveryMethod: 'online',
  offeredStates: ['FL', 'UT'],
  registrations: { FL: 'HILLSBOROUGH-2026-017', UT: 'UMC-ONLINE-88' },
};

async function admin() {
  return callerFor(t, await adminCookie(t.deps));
}

/** Beats every 30 s for `minutes` from `start`; returns the time of the last beat. */
async function activeFor(
  auth: Parameters<typeof recordHeartbeat>[1],
  week: number,
  who: 'partner1' | 'partner2' | 'together',
  start: number,
  minutes: number,
) {
  let now = start;
  await recordHeartbeat(t.deps, auth, { weekNumber: week, who }, now);
  for (let i = 0; i < minutes * 2; i += 1) {
    now += 30 * SECOND;
    await recordHeartbeat(t.deps, auth, { weekNumber: week, who }, now);
  }
  return now;
}

describe('hours from heartbeats (fake clock)', () => {
  it('credits the time between accepted heartbeats, nothing for the first, a too-close or a long gap', async () => {
    const { auth, coupleId } = await newCouple();
    const beat = (now: number) => recordHeartbeat(t.deps, auth, { weekNumber: 1, who: 'partner1' }, now);
    expect(await beat(T0)).toEqual({ creditedSeconds: 0, weekMinutes: 0 });
    expect((await beat(T0 + 30 * SECOND)).creditedSeconds).toBe(30);
    // Too close to the last: ignored, and the last accepted beat does not move.
    expect((await beat(T0 + 35 * SECOND)).creditedSeconds).toBe(0);
    expect((await beat(T0 + 60 * SECOND)).creditedSeconds).toBe(30);
    // An idle tab or a sleeping laptop: a gap longer than the limit credits nothing and starts anew.
    const afterIdle = T0 + 60 * SECOND + MAX_CREDITED_GAP_MS + SECOND;
    expect((await beat(afterIdle)).creditedSeconds).toBe(0);
    expect((await beat(afterIdle + 30 * SECOND)).creditedSeconds).toBe(30);
    // A clock that went backwards credits nothing.
    expect((await beat(T0)).creditedSeconds).toBe(0);
    const hours = await getHours(t.deps, coupleId);
    expect(hours.weeks).toEqual([
      {
        weekNumber: 1,
        completed: false,
        online: { partner1: 1, partner2: 0, together: 0 },
        offline: { partner1: 0, partner2: 0, together: 0 },
      },
    ]);
  });

  it('stops at the weekly cap', async () => {
    const { auth, coupleId } = await newCouple(1);
    await activeFor(auth, 1, 'partner2', T0, ONLINE_CAP_PER_WEEK_MINUTES + 30);
    const hours = await getHours(t.deps, coupleId);
    expect(hours.weeks[0]!.online.partner2).toBe(ONLINE_CAP_PER_WEEK_MINUTES);
    expect(hours.totals).toEqual({ partner1: 0, partner2: ONLINE_CAP_PER_WEEK_MINUTES, together: 0 });
  });

  it('refuses a locked week and another partner from a personal sign-in', async () => {
    const { auth } = await newCouple();
    await expect(recordHeartbeat(t.deps, auth, { weekNumber: 3, who: 'partner1' }, T0)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const bound = { ...auth, partner: 'partner2' as const };
    await expect(recordHeartbeat(t.deps, bound, { weekNumber: 1, who: 'partner1' }, T0)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(recordHeartbeat(t.deps, bound, { weekNumber: 1, who: 'together' }, T0)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await recordHeartbeat(t.deps, bound, { weekNumber: 1, who: 'partner2' }, T0)).creditedSeconds).toBe(0);
  });

  it('takes heartbeats through the procedure with the server clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { cookie, coupleId } = await newCouple();
    const caller = await callerFor(t, cookie);
    vi.setSystemTime(T0);
    await caller.certificates.heartbeat({ weekNumber: 1, who: 'together' });
    vi.setSystemTime(T0 + 45 * SECOND);
    expect(await caller.certificates.heartbeat({ weekNumber: 1, who: 'together' })).toEqual({
      creditedSeconds: 45,
      weekMinutes: 0,
    });
    await expect(caller.certificates.heartbeat({ weekNumber: 0, who: 'together' } as never)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await getHours(t.deps, coupleId)).weeks[0]!.online.together).toBe(0);
  });
});

describe('offline time', () => {
  it('counts time marked together for both partners, and caps each week', async () => {
    const { auth, coupleId, cookie } = await newCouple(2);
    await reportOfflineTime(t.deps, auth, { weekNumber: 1, minutes: 45, together: true }, T0);
    await reportOfflineTime(t.deps, auth, { weekNumber: 2, minutes: 30, together: false, partner: 'partner1' }, T0);
    await expect(
      reportOfflineTime(t.deps, auth, { weekNumber: 1, minutes: OFFLINE_CAP_PER_WEEK_MINUTES, together: true }, T0),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('1 h 15 min left for week 1') });
    await expect(
      reportOfflineTime(t.deps, auth, { weekNumber: 1, minutes: 10, together: false }, T0),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const hours = await getHours(t.deps, coupleId);
    expect(hours.totals).toEqual({ partner1: 75, partner2: 45, together: 45 });
    const caller = await callerFor(t, cookie);
    await expect(
      caller.certificates.reportOfflineTime({ weekNumber: 1, minutes: 1000, together: true }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const entry = hours.offlineEntries.find((row) => row.weekNumber === 2)!;
    await caller.certificates.deleteOfflineTime({ id: entry.id });
    await expect(caller.certificates.deleteOfflineTime({ id: entry.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await caller.certificates.hours()).totals).toEqual({ partner1: 45, partner2: 45, together: 45 });
  });
});

describe("the couple's course record", () => {
  it('is read in one statement: online and offline time, completed weeks, legal names and certificates', async () => {
    const { coupleId } = await newCouple(2);
    const other = await newCouple(1);
    const now = '2026-11-24T10:00:00.000Z';
    const certificate = (code: string, issuedAt: string, revokedAt: string | null) => ({
      code,
      couple_id: coupleId,
      state: 'FL',
      first_legal_name: 'Robin Roe',
      second_legal_name: 'Casey Coe',
      search_names: 'robin roe casey coe',
      intended_marriage_date: '2027-01-02',
      completion_date: '2026-11-24',
      first_minutes: 240,
      second_minutes: 240,
      together_minutes: 0,
      delivery_method: 'online',
      course_name: 'Vows & Weeks',
      provider_name: 'Grace Counseling LLC',
      provider_credentials: 'LMHC',
      provider_registration: 'HILLSBOROUGH-2026-017',
      provider_contact: 'hello@grace.example',
      issued_at: issuedAt,
      revoked_at: revokedAt,
      revoked_reason: revokedAt ? 'a typo' : null,
    });
    expect(await repo.findCourseRecord(t.deps.db, coupleId)).toEqual({
      time: [],
      completedWeeks: [1, 2],
      names: { partner1: null, partner2: null },
      certificates: [],
    });

    await repo.saveCourseTime(t.deps.db, { coupleId, weekNumber: 2, who: 'together', activeSeconds: 600, now });
    await repo.saveCourseTime(t.deps.db, { coupleId, weekNumber: 1, who: 'partner1', activeSeconds: 90, now });
    const first = await repo.insertOfflineTime(t.deps.db, {
      coupleId,
      weekNumber: 2,
      who: 'partner2',
      minutes: 45,
      now,
    });
    const second = await repo.insertOfflineTime(t.deps.db, {
      coupleId,
      weekNumber: 1,
      who: 'together',
      minutes: 30,
      now,
    });
    await repo.saveLegalName(t.deps.db, coupleId, 'partner2', 'Casey Coe', now);
    const older = await repo.insertCertificate(t.deps.db, certificate('OLDER', now, '2026-11-25T10:00:00.000Z'));
    const newer = await repo.insertCertificate(t.deps.db, certificate('NEWER', '2026-11-25T11:00:00.000Z', null));
    // Another couple's rows are not read.
    await repo.saveCourseTime(t.deps.db, {
      coupleId: other.coupleId,
      weekNumber: 1,
      who: 'partner2',
      activeSeconds: 60,
      now,
    });
    await repo.saveLegalName(t.deps.db, other.coupleId, 'partner1', 'Someone Else', now);

    const summary = (row: repo.CertificateRecord) => ({
      id: row.id,
      code: row.code,
      state: row.state,
      first_legal_name: row.first_legal_name,
      second_legal_name: row.second_legal_name,
      intended_marriage_date: row.intended_marriage_date,
      completion_date: row.completion_date,
      issued_at: row.issued_at,
      revoked_at: row.revoked_at,
    });
    expect(await repo.findCourseRecord(t.deps.db, coupleId)).toEqual({
      time: [
        { id: null, weekNumber: 1, who: 'partner1', amount: 90, createdAt: null },
        { id: second.id, weekNumber: 1, who: 'together', amount: 30, createdAt: now },
        { id: null, weekNumber: 2, who: 'together', amount: 600, createdAt: null },
        { id: first.id, weekNumber: 2, who: 'partner2', amount: 45, createdAt: now },
      ],
      completedWeeks: [1, 2],
      names: { partner1: null, partner2: 'Casey Coe' },
      certificates: [summary(newer), summary(older)],
    });
  });
});

describe('eligibility per state rule', () => {
  const florida = certificateStateRule('FL')!;
  const maryland = certificateStateRule('MD')!;

  it('asks each partner for the hours where the state does not count them together (Florida: 4 h)', () => {
    const weeks = [
      {
        weekNumber: 1,
        completed: true,
        online: { partner1: 180, partner2: 100, together: 0 },
        offline: { partner1: 0, partner2: 0, together: 60 },
      },
    ];
    const totals = hoursTotals(weeks);
    expect(totals).toEqual({ partner1: 240, partner2: 160, together: 60 });
    const result = eligibilityFor(florida, totals);
    expect(result.eligible).toBe(false);
    expect(result.parts.map((part) => [part.who, part.met])).toEqual([
      ['partner1', true],
      ['partner2', false],
    ]);
    expect(notEligibleMessage(florida, result.parts, { partner1: 'Robin', partner2: 'Casey' })).toBe(
      'Not yet eligible for a Florida certificate: Casey: 2 h 40 min of 4 h.',
    );
    expect(eligibilityFor(florida, { partner1: 240, partner2: 240, together: 0 }).eligible).toBe(true);
  });

  it('counts only time together where the state asks for it (Maryland: 4 h together)', () => {
    const result = eligibilityFor(maryland, { partner1: 600, partner2: 600, together: 160 });
    expect(result.eligible).toBe(false);
    expect(notEligibleMessage(maryland, result.parts, { partner1: null, partner2: null })).toBe(
      'Not yet eligible for a Maryland certificate: 2 h 40 min of 4 h together.',
    );
    expect(eligibilityFor(maryland, { partner1: 0, partner2: 0, together: 240 }).eligible).toBe(true);
  });

  it('writes minutes the way the couple reads them', () => {
    expect([0, 35, 60, 160, 245].map(formatMinutes)).toEqual(['0 min', '35 min', '1 h', '2 h 40 min', '4 h 5 min']);
  });
});

describe('verification codes', () => {
  it('are signed by the server: a changed, truncated or foreign code is refused', () => {
    const key = t.deps.accessCodeKey;
    const code = newVerificationCode(key);
    expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){5}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(readVerificationCode(key, code)).toBe(code);
    expect(readVerificationCode(key, ` ${code.toLowerCase().replaceAll('-', '')} `)).toBe(code);
    const last = code.at(-1) === '0' ? '1' : '0';
    expect(readVerificationCode(key, code.slice(0, -1) + last)).toBeNull();
    expect(readVerificationCode(key, code.slice(0, -5))).toBeNull();
    expect(readVerificationCode(Buffer.alloc(32, 7), code)).toBeNull();
    expect(readVerificationCode(key, 'x'.repeat(5000))).toBeNull();
    expect(new Set(Array.from({ length: 50 }, () => newVerificationCode(key))).size).toBe(50);
  });
});

describe('provider settings', () => {
  it('refuses a state that needs a registration without one, and a delivery method the state does not accept', async () => {
    const caller = await admin();
    await expect(
      caller.adminCertificates.saveProvider({ ...FLORIDA_PROVIDER, registrations: {} }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Florida requires the provider'),
    });
    await expect(
      caller.adminCertificates.saveProvider({ ...FLORIDA_PROVIDER, offeredStates: ['TX'], registrations: { TX: '1' } }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Texas accepts courses given in-person only'),
    });
    await expect(
      caller.adminCertificates.saveProvider({ ...FLORIDA_PROVIDER, offeredStates: ['ZZ'] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('checks the bytes of the signature image', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    expect(signatureImageType(png)).toBe('image/png');
    expect(signatureImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(signatureImageType(Buffer.from('GIF89a................'))).toBeNull();
    expect(signatureImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('the certificate, end to end', () => {
  it('is refused for a state not offered, before both names, and before the hours; then issued, printed and verifiable', async () => {
    const caller = await admin();
    await caller.adminCertificates.saveProvider(FLORIDA_PROVIDER);
    const couple = await newCouple(2);
    const asCouple = await callerFor(t, couple.cookie);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const request = { state: 'FL', intendedMarriageDate: '2027-03-20' };

    await expect(asCouple.certificates.request({ ...request, state: 'TX' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: stateNotOfferedMessage('TX', ['FL', 'UT']),
    });
    expect(stateNotOfferedMessage('TX', ['FL', 'UT'])).toBe(
      'Certificates are not offered for Texas. They are offered for: Florida, Utah.',
    );
    await expect(asCouple.certificates.request(request)).rejects.toMatchObject({
      message: expect.stringContaining('Both partners must enter their legal names'),
    });
    jobWorker.close();
    const threadsBefore = jobWorker.started;
    await asCouple.certificates.setLegalName({ partner: 'partner1', legalName: "  Ελένη   O'Brien-Παπαδοπούλου " });
    await asCouple.certificates.setLegalName({ partner: 'partner2', legalName: 'Анна-Мария Núñez' });
    // One kept thread checks both names (a thread per save loaded the fonts each time).
    expect(jobWorker.started - threadsBefore).toBe(1);
    expect(jobWorker.alive).toBe(true);
    await expect(
      asCouple.certificates.setLegalName({ partner: 'partner2', legalName: '山田 花子' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('cannot print'),
    });

    await reportOfflineTime(t.deps, couple.auth, { weekNumber: 1, minutes: 100, together: true }, T0);
    await expect(asCouple.certificates.request(request)).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        "Not yet eligible for a Florida certificate: Ελένη O'Brien-Παπαδοπούλου: 1 h 40 min of 4 h; Анна-Мария Núñez: 1 h 40 min of 4 h.",
    });
    const status = await asCouple.certificates.status();
    expect(status.offeredStates.map((state) => [state.code, state.eligibility.eligible])).toEqual([
      ['FL', false],
      ['UT', false],
    ]);
    expect(status.editableNames).toEqual(['partner1', 'partner2']);
    expect(status.legalNames).toEqual({ partner1: "Ελένη O'Brien-Παπαδοπούλου", partner2: 'Анна-Мария Núñez' });
    expect(status.certificates).toEqual([]);

    // Online time, each partner at their own device, and more together offline.
    await activeFor(couple.auth, 2, 'partner1', T0, 90);
    await activeFor(couple.auth, 2, 'partner2', T0, 90);
    await reportOfflineTime(t.deps, couple.auth, { weekNumber: 2, minutes: 60, together: true }, T0);
    await expect(
      asCouple.certificates.request({ ...request, intendedMarriageDate: '2026-11-01' }),
    ).rejects.toMatchObject({
      message: 'intendedMarriageDate must be today or later.',
    });
    await expect(
      asCouple.certificates.request({ ...request, intendedMarriageDate: '2028-01-01' }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('at most 12 months old'),
    });
    const issued = await asCouple.certificates.request(request);
    expect(issued).toMatchObject({
      state: 'FL',
      firstLegalName: "Ελένη O'Brien-Παπαδοπούλου",
      secondLegalName: 'Анна-Мария Núñez',
      completionDate: '2026-11-24',
      revokedAt: null,
    });
    expect(issued.verifyUrl).toBe(`https://course.example.com/verify/${issued.code}`);
    // The same request again is the same certificate.
    expect((await asCouple.certificates.request(request)).code).toBe(issued.code);
    expect((await asCouple.certificates.status()).certificates).toEqual([issued]);
    vi.useRealTimers();

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/certificates/${issued.id}/pdf`,
      headers: { cookie: couple.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    expect(document.numPages).toBe(2);
    const { text } = await extractText(document, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      "Ελένη O'Brien-Παπαδοπούλου",
      'Анна-Мария Núñez',
      'Hours completed by Анна-Мария Núñez: 4 h 10 min',
      'Grace Counseling LLC',
      'Registration (FL): HILLSBOROUGH-2026-017',
      'Delivery method: online (electronic)',
      // Florida's statute lists none of these three; every certificate prints them for the clerk.
      'completed the premarital preparation course "Vows & Weeks"',
      'Credentials: Licensed Mental Health Counselor MH1234',
      'Date signed: November 24, 2026',
      `https://course.example.com/verify/${issued.code}`,
      issued.code,
    ]) {
      expect(flat).toContain(expected);
    }

    // Another couple cannot download it; a bad id is a 400, never a 500.
    const other = await newCouple();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/certificates/${issued.id}/pdf`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/certificates/abc/pdf', headers: { cookie: couple.cookie } }))
        .statusCode,
    ).toBe(400);

    // The public check: valid, tampered, truncated, never issued, then revoked with an audit line.
    const verify = async (code: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/trpc/certificates.verify?input=${encodeURIComponent(JSON.stringify({ code }))}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json().result.data;
    };
    expect(await verify(issued.code)).toMatchObject({
      status: 'valid',
      stateName: 'Florida',
      firstLegalName: "Ελένη O'Brien-Παπαδοπούλου",
      providerName: 'Grace Counseling LLC',
      hours: { first: 250, second: 250, together: 160 },
    });
    const flipped = issued.code.slice(0, 2) + (issued.code[2] === 'A' ? 'B' : 'A') + issued.code.slice(3);
    expect(await verify(flipped)).toEqual({ status: 'not-found' });
    expect(await verify(issued.code.slice(0, 20))).toEqual({ status: 'not-found' });
    expect(await verify(newVerificationCode(t.deps.accessCodeKey))).toEqual({ status: 'not-found' });
    expect(await verify("'; drop table certificates; --")).toEqual({ status: 'not-found' });

    const list = await caller.adminCertificates.list({ search: 'núñez' });
    expect(list.rows.map((row) => row.code)).toEqual([issued.code]);
    expect((await caller.adminCertificates.list({ search: 'nobody%' })).rows).toEqual([]);
    await caller.adminCertificates.revoke({ id: issued.id, reason: 'Issued by mistake' });
    await expect(caller.adminCertificates.revoke({ id: issued.id, reason: 'Again' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await verify(issued.code)).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect((await asCouple.certificates.status()).certificates).toEqual([{ ...issued, revokedAt: expect.any(String) }]);
    const audit = await t.deps.db
      .selectFrom('admin_audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'certificates.revoke')
      .execute();
    expect(audit).toEqual([{ action: 'certificates.revoke', target: `${issued.code} (FL)` }]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/certificates/${issued.id}/pdf`,
          headers: { cookie: couple.cookie },
        })
      ).statusCode,
    ).toBe(409);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/certificates.csv?search=%D0%B0%D0%BD%D0%BD%D0%B0',
      headers: { cookie: await adminCookie(t.deps) },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${CERTIFICATE_CSV_HEADER.join(',')}`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(issued.code);
    expect(lines[1]).toContain('Issued by mistake');
    // Couples cannot read the list.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/certificates.csv', headers: { cookie: couple.cookie } }))
        .statusCode,
    ).toBe(403);
  }, 60_000);

  it('takes a signature image, checking its bytes and size', async () => {
    const caller = await admin();
    await caller.adminCertificates.saveProvider(FLORIDA_PROVIDER);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const save = (bytes: Buffer | string) =>
      caller.adminCertificates.saveSignature({ image: typeof bytes === 'string' ? bytes : bytes.toString('base64') });
    expect((await save(png)).signature).toEqual({ type: 'image/png' });
    await expect(save(Buffer.from('not an image at all, just text'))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: SIGNATURE_TYPE_MESSAGE,
    });
    // A PNG header over broken data: the sample certificate cannot draw it.
    await expect(save(Buffer.concat([png.subarray(0, 33), Buffer.alloc(40, 1)]))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('could not be read'),
    });
    await expect(save(Buffer.alloc(70 * 1024, 1))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(save('not base64!')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await caller.adminCertificates.provider()).signature).toEqual({ type: 'image/png' });
    const couple = await newCouple();
    await expect(
      (await callerFor(t, couple.cookie)).adminCertificates.saveSignature({ image: png.toString('base64') }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await caller.adminCertificates.removeSignature()).signature).toBeNull();

    // Every certificate action's audit line has the request's address, as the other admin actions' do.
    const cookie = await adminCookie(t.deps);
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/adminCertificates.removeSignature',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {},
      remoteAddress: '203.0.113.44',
    });
    expect(removed.statusCode).toBe(200);
    const lines = await t.deps.db
      .selectFrom('admin_audit_log')
      .select(['action', 'address'])
      .where('action', 'like', 'certificates.%')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(lines).toEqual([{ action: 'certificates.signature.remove', address: '203.0.113.44' }]);
  }, 60_000);
});
