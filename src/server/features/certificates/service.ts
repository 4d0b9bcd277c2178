import {
  eligibilityFor,
  formatMinutes,
  type HoursView,
  hoursTotals,
  MAX_CREDITED_GAP_MS,
  MIN_HEARTBEAT_GAP_MS,
  type MinutesByOwner,
  OFFLINE_CAP_PER_WEEK_MINUTES,
  ONLINE_CAP_PER_WEEK_MINUTES,
  type OfflineEntryView,
  openWeeksWithTime,
  type TimeOwner,
  type WeekHours,
} from '../../../shared/certificate-hours';
import {
  type AdminCertificateList,
  type AdminCertificateListInput,
  adminCertificateListSchema,
  CERTIFICATE_REFUNDED_REASON,
  CERTIFICATE_REPLACED_REASON,
  type CertificateStatus,
  type CertificateView,
  type ProviderSettings,
  type ProviderSettingsView,
  SIGNATURE_MAX_BYTES,
  type VerifyResult,
} from '../../../shared/certificate-schemas';
import {
  type CertificateStateRule,
  certificateStateRule,
  type DeliveryMethod,
} from '../../../shared/certificate-states';
import { PARTNERS, type Partner } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import { addDays } from '../../../shared/plan';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { readOnce } from '../../deps/request-reads';
import type { AdminAuth, CoupleAuth } from '../auth/access';
import { recordAdminAction } from '../audit/service';
import { csvLine } from '../orders/csv';
import type { CertificatePdfData } from '../printables/certificate-pdf';
import { runPdfJob } from '../printables/pdf-jobs';
import { assertWeekUnlocked } from '../progress/unlock';
import * as repo from './repo';
import { newVerificationCode, readVerificationCode } from './verification-code';
import { readRemembered } from '../../db/remembered-reads';

/*
 * Course hours per partner and premarital-education certificates (issue 37, docs/certificates.md,
 * decisions 0245-0249). Time comes in as `now` (epoch milliseconds) so tests move a fake clock.
 */

type Couple = Pick<CoupleAuth, 'coupleId' | 'accessLevel' | 'partner'>;

export const OWN_TIME_ONLY_MESSAGE = 'You can only log your own time. Your partner logs theirs when signed in.';
/** Time together counts for both partners, so only the shared sign-in, where both sit, logs it (0245). */
export const TOGETHER_FROM_SHARED_MESSAGE = 'Time together is logged from the shared sign-in, where you both sit.';
export const OWN_NAME_ONLY_MESSAGE =
  'You can only enter your own legal name. Your partner enters theirs when signed in.';

/** A sign-in bound to a partner acts for that partner only; a shared sign-in for either. */
function assertActsFor(couple: Couple, who: TimeOwner, message: string): void {
  if (couple.partner !== null && who !== couple.partner) throw new AppError('FORBIDDEN', message);
}

/**
 * Who may log time for `who`, online or offline alike (decision 0245): a personal sign-in only its
 * own partner's, never time together (it would count for the other partner too); the shared
 * sign-in anyone's.
 */
function assertLogsFor(couple: Couple, who: TimeOwner): void {
  if (who === 'together' && couple.partner !== null) throw new AppError('FORBIDDEN', TOGETHER_FROM_SHARED_MESSAGE);
  assertActsFor(couple, who, OWN_TIME_ONLY_MESSAGE);
}

const isoDay = (now: number) => new Date(now).toISOString().slice(0, 10);

// --------------------------------------------------------------------------- Hours (decision 0245)

export interface HeartbeatResult {
  /** Seconds credited by this heartbeat (0 for the first of a stretch, an ignored or a capped one). */
  creditedSeconds: number;
  /** The week's active minutes for this owner so far. */
  weekMinutes: number;
}

/** Another heartbeat moved a partner's last beat first: the transaction rolls back and reads again. */
class LostRace extends Error {}

/**
 * A heartbeat from a week's page: the page sends one every 30 s while it is visible and someone
 * touched it in the last 2 minutes. The server credits at most the time since the partner's last
 * accepted heartbeat, whatever the week (decision 0329), nothing for a gap longer than
 * MAX_CREDITED_GAP_MS (a new stretch starts), ignores one closer than MIN_HEARTBEAT_GAP_MS, and
 * stops at ONLINE_CAP_PER_WEEK_MINUTES. A heartbeat "together" is both partners' time: it credits
 * only what is new for both, and moves both partners' last beat, so a stretch counted together is
 * not counted again as a partner's own (and the reverse).
 */
export async function recordHeartbeat(
  deps: AppDeps,
  couple: Couple,
  input: { weekNumber: number; who: TimeOwner },
  now: number,
): Promise<HeartbeatResult> {
  assertLogsFor(couple, input.who);
  await assertWeekUnlocked(deps, couple, input.weekNumber);
  const capSeconds = ONLINE_CAP_PER_WEEK_MINUTES * 60;
  const stamp = new Date(now).toISOString();
  const partners: Partner[] = input.who === 'together' ? [...PARTNERS] : [input.who];
  const weekSeconds = async (db: DB) =>
    (await repo.findCourseTime(db, couple.coupleId, input.weekNumber, input.who))?.activeSeconds ?? 0;
  // Two tries: a heartbeat that lost a race with another (two tabs) is simply re-read once.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const beats = await repo.findBeats(deps.db, couple.coupleId);
    const known = partners.flatMap((partner) => (beats[partner] === undefined ? [] : [beats[partner]]));
    const gap = known.length === 0 ? Number.POSITIVE_INFINITY : now - Math.max(...known);
    if (gap >= 0 && gap < MIN_HEARTBEAT_GAP_MS) {
      return { creditedSeconds: 0, weekMinutes: Math.floor((await weekSeconds(deps.db)) / 60) };
    }
    const credit = gap > 0 && gap <= MAX_CREDITED_GAP_MS ? Math.floor(gap / 1000) : 0;
    try {
      return await deps.db.transaction().execute(async (trx) => {
        for (const partner of partners) {
          const moved = await repo.moveBeat(trx, {
            coupleId: couple.coupleId,
            partner,
            previousBeatAt: beats[partner],
            beatAt: now,
          });
          if (!moved) throw new LostRace();
        }
        const before = await weekSeconds(trx);
        const activeSeconds = Math.min(capSeconds, before + credit);
        await repo.saveCourseTime(trx, {
          coupleId: couple.coupleId,
          weekNumber: input.weekNumber,
          who: input.who,
          activeSeconds,
          now: stamp,
        });
        return { creditedSeconds: activeSeconds - before, weekMinutes: Math.floor(activeSeconds / 60) };
      });
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
    }
  }
  return { creditedSeconds: 0, weekMinutes: Math.floor((await weekSeconds(deps.db)) / 60) };
}

/** Why an offline entry was refused: the week's cap and what is left of it (decision 0330). */
export function offlineCapMessage(leftMinutes: number, weekNumber: number): string {
  return `At most ${formatMinutes(OFFLINE_CAP_PER_WEEK_MINUTES)} of offline time can be logged per week for each of you, time together included; ${formatMinutes(Math.max(0, leftMinutes))} left for week ${weekNumber}.`;
}

/**
 * Time reported for a week's offline conversation and activity. A partner's week holds at most
 * OFFLINE_CAP_PER_WEEK_MINUTES, their own time and time together combined: an entry "together"
 * is each partner's time, so it must fit both partners' weeks (decision 0330).
 */
export async function reportOfflineTime(
  deps: AppDeps,
  couple: Couple,
  input: { weekNumber: number; minutes: number; together: boolean; partner?: Partner | undefined },
  now: number,
): Promise<OfflineEntryView> {
  const who: TimeOwner | null = input.together ? 'together' : (input.partner ?? couple.partner);
  if (who === null)
    throw new AppError('BAD_REQUEST', 'partner is required: say whose time this is, or mark it as together');
  assertLogsFor(couple, who);
  await assertWeekUnlocked(deps, couple, input.weekNumber);
  return deps.db.transaction().execute(async (trx) => {
    const week = await repo.weekOfflineMinutes(trx, couple.coupleId, input.weekNumber);
    const partners: Partner[] = who === 'together' ? [...PARTNERS] : [who];
    const already = Math.max(...partners.map((partner) => week[partner] + week.together));
    const left = OFFLINE_CAP_PER_WEEK_MINUTES - already;
    if (input.minutes > left) throw new AppError('BAD_REQUEST', offlineCapMessage(left, input.weekNumber));
    return repo.insertOfflineTime(trx, {
      coupleId: couple.coupleId,
      weekNumber: input.weekNumber,
      who,
      minutes: input.minutes,
      now: new Date(now).toISOString(),
    });
  });
}

export async function deleteOfflineTime(deps: AppDeps, couple: Couple, id: number): Promise<{ deleted: true }> {
  const entries = await repo.listOfflineTime(deps.db, couple.coupleId);
  const entry = entries.find((candidate) => candidate.id === id);
  if (!entry) throw new AppError('NOT_FOUND', 'No such time entry.');
  if (entry.who !== 'together') assertActsFor(couple, entry.who, OWN_TIME_ONLY_MESSAGE);
  await repo.deleteOfflineTime(deps.db, couple.coupleId, id);
  return { deleted: true };
}

const noMinutes = (): MinutesByOwner => ({ partner1: 0, partner2: 0, together: 0 });

/**
 * What the course hours and the certificate status read of the couple, in one statement
 * (findCourseRecord, decision 0381) read once per request (decision 0321): the page asks for the
 * hours and the status in one batch. The answer is shared: never change it.
 */
function courseRecord(deps: AppDeps, coupleId: number): Promise<Readonly<repo.CourseRecord>> {
  return readOnce(deps, `certificates.course-record:${coupleId}`, () => repo.findCourseRecord(deps.db, coupleId));
}

/**
 * The couple's hours per week and the totals a certificate counts: completed weeks only (decision
 * 0330), each week as weekMinutesFor reads it. Added up once per request (decision 0321): the page
 * asks for them and for the certificate status, which needs them, in one batch. The answer is
 * shared: never change it.
 */
export function getHours(deps: AppDeps, coupleId: number): Promise<HoursView> {
  return readOnce(deps, `certificates.hours:${coupleId}`, () => addUpHours(deps, coupleId));
}

async function addUpHours(deps: AppDeps, coupleId: number): Promise<HoursView> {
  const record = await courseRecord(deps, coupleId);
  const time = record.time;
  const completed = new Set(record.completedWeeks);
  const weeks = new Map<number, WeekHours>();
  const week = (weekNumber: number) => {
    let found = weeks.get(weekNumber);
    if (!found) {
      found = { weekNumber, completed: completed.has(weekNumber), online: noMinutes(), offline: noMinutes() };
      weeks.set(weekNumber, found);
    }
    return found;
  };
  const offline: OfflineEntryView[] = [];
  for (const { id, createdAt, ...row } of time) {
    if (id === null || createdAt === null) {
      week(row.weekNumber).online[row.who] += Math.floor(row.amount / 60);
    } else {
      week(row.weekNumber).offline[row.who] += row.amount;
      offline.push({ id, weekNumber: row.weekNumber, who: row.who, minutes: row.amount, createdAt });
    }
  }
  const list = [...weeks.values()].sort((a, b) => a.weekNumber - b.weekNumber);
  return {
    weeks: list,
    totals: hoursTotals(list),
    offlineEntries: offline,
    caps: { onlinePerWeekMinutes: ONLINE_CAP_PER_WEEK_MINUTES, offlinePerWeekMinutes: OFFLINE_CAP_PER_WEEK_MINUTES },
  };
}

// ------------------------------------------------- Provider settings (the seller's; decision 0246)

interface StoredProvider extends ProviderSettings {
  signatureType: 'image/png' | 'image/jpeg' | null;
  updatedAt: string;
}

async function loadProvider(db: DB): Promise<StoredProvider | null> {
  // The seller's one row, read by every couple's certificate status: kept while unsaved (decision 0373).
  const row = await readRemembered(db, 'certificates.provider', () => repo.findProvider(db));
  if (!row) return null;
  return {
    ...row,
    deliveryMethod: row.deliveryMethod as DeliveryMethod,
    offeredStates: JSON.parse(row.offeredStates) as string[],
    registrations: JSON.parse(row.registrations) as Record<string, string>,
    signatureType: row.signatureType as StoredProvider['signatureType'],
  };
}

export async function getProviderSettings(deps: AppDeps): Promise<ProviderSettingsView> {
  const stored = await loadProvider(deps.db);
  if (!stored) {
    return {
      providerName: '',
      credentials: '',
      contact: '',
      courseName: 'Vows & Weeks',
      deliveryMethod: 'online',
      offeredStates: [],
      registrations: {},
      signature: null,
      updatedAt: null,
    };
  }
  const { signatureType, updatedAt, ...settings } = stored;
  return { ...settings, signature: signatureType ? { type: signatureType } : null, updatedAt };
}

export async function saveProviderSettings(
  deps: AppDeps,
  admin: AdminAuth,
  settings: ProviderSettings,
  address: string | null = null,
): Promise<ProviderSettingsView> {
  const offered = [...new Set(settings.offeredStates)];
  for (const code of offered) {
    const rule = certificateStateRule(code)!;
    if (!rule.deliveryMethods.includes(settings.deliveryMethod)) {
      throw new AppError(
        'BAD_REQUEST',
        `${rule.name} accepts courses given ${rule.deliveryMethods.join(' or ')} only (${rule.statute}); the course is set as ${settings.deliveryMethod}. Remove ${code}, or change the delivery method if that is how you teach it.`,
      );
    }
  }
  const registrations = Object.fromEntries(
    Object.entries(settings.registrations)
      .map(([code, number]) => [code, number.trim()] as const)
      .filter(([, number]) => number !== ''),
  );
  await deps.db.transaction().execute(async (trx) => {
    await repo.saveProvider(trx, {
      providerName: settings.providerName,
      credentials: settings.credentials,
      contact: settings.contact,
      courseName: settings.courseName,
      deliveryMethod: settings.deliveryMethod,
      offeredStates: JSON.stringify(offered),
      registrations: JSON.stringify(registrations),
      now: new Date().toISOString(),
    });
    await recordAdminAction(trx, admin, 'certificates.provider.save', {
      target: offered.join(',') || 'none',
      address,
    });
  });
  return getProviderSettings(deps);
}

/** What the bytes of an upload are: a PNG or a JPEG by their signature, or null. */
export function signatureImageType(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length > 24 && bytes.subarray(0, 8).equals(png) && bytes.subarray(12, 16).toString('latin1') === 'IHDR') {
    return 'image/png';
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export const SIGNATURE_TYPE_MESSAGE = 'The signature must be a PNG or JPEG image.';

/**
 * Stores the provider's signature image after checking its bytes (a PNG or a JPEG, at most
 * SIGNATURE_MAX_BYTES) and drawing a sample certificate with it in the PDF worker: an image the PDF
 * cannot draw is refused now, not when a couple downloads.
 */
export async function saveSignature(
  deps: AppDeps,
  admin: AdminAuth,
  bytes: Buffer,
  address: string | null = null,
): Promise<ProviderSettingsView> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', 'The signature image is empty.');
  if (bytes.length > SIGNATURE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The signature image must be at most ${SIGNATURE_MAX_BYTES / 1024} KB.`);
  }
  const type = signatureImageType(bytes);
  if (!type) throw new AppError('BAD_REQUEST', SIGNATURE_TYPE_MESSAGE);
  const provider = await loadProvider(deps.db);
  if (!provider) throw new AppError('CONFLICT', 'Save the provider settings first, then add the signature.');
  try {
    await runPdfJob(
      { kind: 'certificate', certificate: sampleCertificate(deps, { bytes: new Uint8Array(bytes), type }) },
      30_000,
    );
  } catch {
    throw new AppError('BAD_REQUEST', 'The signature image could not be read: save it again as a PNG or JPEG.');
  }
  await deps.db.transaction().execute(async (trx) => {
    await repo.saveSignature(trx, bytes.toString('base64'), type, new Date().toISOString());
    await recordAdminAction(trx, admin, 'certificates.signature.save', { target: type, address });
  });
  return getProviderSettings(deps);
}

export async function removeSignature(
  deps: AppDeps,
  admin: AdminAuth,
  address: string | null = null,
): Promise<ProviderSettingsView> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.saveSignature(trx, null, null, new Date().toISOString());
    await recordAdminAction(trx, admin, 'certificates.signature.remove', { address });
  });
  return getProviderSettings(deps);
}

function sampleCertificate(deps: AppDeps, signature: CertificatePdfData['signature']): CertificatePdfData {
  const rule = certificateStateRule('FL')!;
  return {
    stateCode: rule.code,
    stateName: rule.name,
    statute: rule.statute,
    certificatePer: 'couple',
    fields: rule.certificateFields,
    topics: [],
    firstLegalName: 'Sample',
    secondLegalName: 'Sample',
    minutes: { first: 240, second: 240, together: 0 },
    completionDate: '2026-01-01',
    intendedMarriageDate: '2026-02-01',
    issuedDate: '2026-01-01',
    deliveryMethod: 'online',
    courseName: 'Sample',
    providerName: 'Sample',
    providerCredentials: '',
    providerRegistration: '',
    providerContact: '',
    signature,
    verifyUrl: `${deps.config.publicUrl}/verify/SAMPLE`,
    code: 'SAMPLE',
  };
}

// --------------------------------------- The couple's side: names, status, the request and the PDF

/**
 * Characters of `name` the certificate's fonts cannot draw (empty: it prints as written). Asked of
 * the PDF worker, which holds the fonts: the server itself never loads pdf-lib's font parser
 * (decision 0176, idle memory). The two partners enter their names one after the other, and the
 * PDF jobs' kept worker checks the second in the thread of the first when it comes within seconds
 * (decision 0295).
 */
export async function unprintableCharacters(name: string): Promise<string[]> {
  return runPdfJob({ kind: 'unprintable', text: name }, 30_000);
}

export async function setLegalName(
  deps: AppDeps,
  couple: Couple,
  input: { partner: Partner; legalName: string },
  now: number,
): Promise<{ partner: Partner; legalName: string }> {
  assertActsFor(couple, input.partner, OWN_NAME_ONLY_MESSAGE);
  const missing = await unprintableCharacters(input.legalName);
  if (missing.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `legalName has characters the certificate cannot print (${missing.join(' ')}). Enter your name as it is written on the ID you will show the clerk, in Latin, Greek or Cyrillic letters.`,
    );
  }
  await repo.saveLegalName(deps.db, couple.coupleId, input.partner, input.legalName, new Date(now).toISOString());
  return { partner: input.partner, legalName: input.legalName };
}

function verifyUrl(deps: AppDeps, code: string): string {
  return `${deps.config.publicUrl}/verify/${code}`;
}

function certificateView(deps: AppDeps, row: repo.CertificateSummary): CertificateView {
  return {
    id: row.id,
    code: row.code,
    verifyUrl: verifyUrl(deps, row.code),
    state: row.state,
    firstLegalName: row.first_legal_name,
    secondLegalName: row.second_legal_name,
    intendedMarriageDate: row.intended_marriage_date,
    completionDate: row.completion_date,
    issuedAt: row.issued_at,
    revokedAt: row.revoked_at,
  };
}

async function legalNames(db: DB, coupleId: number): Promise<Record<Partner, string | null>> {
  const names: Record<Partner, string | null> = { partner1: null, partner2: null };
  for (const row of await repo.listLegalNames(db, coupleId)) names[row.partner] = row.legalName;
  return names;
}

export async function getCertificateStatus(deps: AppDeps, couple: Couple): Promise<CertificateStatus> {
  const [provider, hours, { names, certificates }] = await Promise.all([
    loadProvider(deps.db),
    getHours(deps, couple.coupleId),
    courseRecord(deps, couple.coupleId),
  ]);
  const offeredStates = (provider?.offeredStates ?? []).flatMap((code) => {
    const rule = certificateStateRule(code);
    if (!rule) return [];
    return [
      {
        code,
        name: rule.name,
        minimumHours: rule.minimumHours,
        hoursTogether: rule.hoursTogether,
        benefit: rule.benefit,
        eligibility: eligibilityFor(rule, hours.totals),
      },
    ];
  });
  return {
    offeredStates,
    legalNames: names,
    editableNames: couple.partner === null ? [...PARTNERS] : [couple.partner],
    certificates: certificates.map((row) => certificateView(deps, row)),
  };
}

/** "2 h 40 min of 4 h together", "Robin: 3 h of 4 h": why a couple is not yet eligible. */
export function notEligibleMessage(
  rule: CertificateStateRule,
  parts: ReturnType<typeof eligibilityFor>['parts'],
  names: Record<Partner, string | null>,
): string {
  const missing = parts
    .filter((part) => !part.met)
    .map((part) =>
      part.who === 'together'
        ? `${formatMinutes(part.minutes)} of ${formatMinutes(part.requiredMinutes)} together`
        : `${names[part.who] ?? part.who}: ${formatMinutes(part.minutes)} of ${formatMinutes(part.requiredMinutes)}`,
    );
  return `Not yet eligible for a ${rule.name} certificate: ${missing.join('; ')}.`;
}

/**
 * The couple has the hours, but some are in weeks not completed yet, which count once they are
 * (decision 0330): "Only completed weeks count toward a certificate: complete week 3 first, then
 * ask again."
 */
export function completeWeeksFirstMessage(weeks: readonly number[]): string {
  return `Only completed weeks count toward a certificate: complete ${weeks.length === 1 ? 'week' : 'weeks'} ${weeks.join(', ')} first, then ask again.`;
}

function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, day));
  return date.toISOString().slice(0, 10);
}

export function stateNotOfferedMessage(state: string, offered: readonly string[]): string {
  const name = certificateStateRule(state)?.name ?? state;
  return offered.length === 0
    ? 'Certificates are not offered for any state yet.'
    : `Certificates are not offered for ${name}. They are offered for: ${offered.map((code) => certificateStateRule(code)?.name ?? code).join(', ')}.`;
}

export const CERTIFICATE_NEEDS_FULL_ACCESS =
  'Certificates are for couples who have the full course. Get the full course, then ask for your certificate.';

/**
 * The couple asks for a certificate (docs/certificates.md): only a couple with the full course (a
 * certificate says they completed the seller's course; a trial has not bought it), the state must be one the seller
 * offers, both legal names entered, the state's hours met, and the intended marriage date within
 * the state's time limits. Asking again with the same details returns the same certificate; with
 * new ones (a corrected name) issues a new one and revokes the earlier one for that state.
 */
export async function requestCertificate(
  deps: AppDeps,
  couple: Couple,
  input: { state: string; intendedMarriageDate: string },
  now: number,
): Promise<CertificateView> {
  if (couple.accessLevel !== 'full') throw new AppError('FORBIDDEN', CERTIFICATE_NEEDS_FULL_ACCESS);
  const provider = await loadProvider(deps.db);
  const offered = provider?.offeredStates ?? [];
  const rule = certificateStateRule(input.state);
  if (!provider || !rule || !offered.includes(input.state)) {
    throw new AppError('BAD_REQUEST', stateNotOfferedMessage(input.state, offered));
  }
  const names = await legalNames(deps.db, couple.coupleId);
  if (!names.partner1 || !names.partner2) {
    throw new AppError('BAD_REQUEST', 'Both partners must enter their legal names before asking for a certificate.');
  }
  // The hours printed are those of the weeks the couple completed (decision 0330).
  const hours = await getHours(deps, couple.coupleId);
  const eligibility = eligibilityFor(rule, hours.totals);
  if (!eligibility.eligible) {
    const open = openWeeksWithTime(hours.weeks);
    const onceCompleted = hoursTotals(hours.weeks.map((week) => ({ ...week, completed: true })));
    if (open.length > 0 && eligibilityFor(rule, onceCompleted).eligible) {
      throw new AppError('CONFLICT', completeWeeksFirstMessage(open));
    }
    throw new AppError('CONFLICT', notEligibleMessage(rule, eligibility.parts, names));
  }
  const today = isoDay(now);
  if (input.intendedMarriageDate < today) {
    throw new AppError('BAD_REQUEST', 'intendedMarriageDate must be today or later.');
  }
  if (rule.validityMonths !== null && input.intendedMarriageDate > addMonths(today, rule.validityMonths)) {
    throw new AppError(
      'BAD_REQUEST',
      `A ${rule.name} certificate must be at most ${rule.validityMonths} months old when you apply for the license: ask for it within ${rule.validityMonths} months of your marriage date.`,
    );
  }
  if (
    rule.minimumDaysBeforeLicence !== null &&
    input.intendedMarriageDate < addDays(today, rule.minimumDaysBeforeLicence)
  ) {
    throw new AppError(
      'BAD_REQUEST',
      `${rule.name} asks for the course to end at least ${rule.minimumDaysBeforeLicence} days before the license is issued.`,
    );
  }
  const registration = provider.registrations[rule.code] ?? '';
  if (rule.providerRegistration.required && !registration) {
    throw new AppError('BAD_REQUEST', stateNotOfferedMessage(input.state, []));
  }
  const existing = (await repo.listCoupleCertificates(deps.db, couple.coupleId)).filter(
    (row) => row.state === rule.code && row.revoked_at === null,
  );
  const same = existing.find(
    (row) =>
      row.first_legal_name === names.partner1 &&
      row.second_legal_name === names.partner2 &&
      row.intended_marriage_date === input.intendedMarriageDate,
  );
  if (same) return certificateView(deps, same);
  const stamp = new Date(now).toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    for (const earlier of existing) {
      await repo.revokeCertificate(trx, earlier.id, CERTIFICATE_REPLACED_REASON, stamp);
    }
    return repo.insertCertificate(trx, {
      code: newVerificationCode(deps.accessCodeKey),
      couple_id: couple.coupleId,
      state: rule.code,
      first_legal_name: names.partner1!,
      second_legal_name: names.partner2!,
      search_names: `${names.partner1} ${names.partner2}`.toLowerCase(),
      intended_marriage_date: input.intendedMarriageDate,
      completion_date: today,
      first_minutes: hours.totals.partner1,
      second_minutes: hours.totals.partner2,
      together_minutes: hours.totals.together,
      delivery_method: provider.deliveryMethod,
      course_name: provider.courseName,
      provider_name: provider.providerName,
      provider_credentials: provider.credentials,
      provider_registration: registration,
      provider_contact: provider.contact,
      issued_at: stamp,
      revoked_at: null,
      revoked_reason: null,
    });
  });
  return certificateView(deps, row);
}

export const CERTIFICATE_PDF_TIME_LIMIT_MS = 60_000;

export const CERTIFICATE_DOWNLOAD_NEEDS_FULL_ACCESS =
  'Certificates are for couples who have the full course. Get the full course, then download your certificate.';

/**
 * The couple's certificate as a PDF: only with the full course (decision 0332: a couple back in
 * the trial, a refund say, may not print one), and a revoked one is refused (410-like: 409 with a
 * message).
 */
export async function certificatePdf(
  deps: AppDeps,
  couple: Couple,
  id: number,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const row = await repo.findCoupleCertificate(deps.db, couple.coupleId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such certificate.');
  if (couple.accessLevel !== 'full') throw new AppError('FORBIDDEN', CERTIFICATE_DOWNLOAD_NEEDS_FULL_ACCESS);
  if (row.revoked_at) throw new AppError('CONFLICT', 'This certificate was revoked; it can no longer be downloaded.');
  const rule = certificateStateRule(row.state);
  if (!rule) throw new AppError('CONFLICT', 'The rules for this state are no longer in the app.');
  const signature = await repo.findSignature(deps.db);
  const bytes = await runPdfJob(
    {
      kind: 'certificate',
      certificate: {
        stateCode: rule.code,
        stateName: rule.name,
        statute: rule.statute,
        certificatePer: rule.certificatePer,
        fields: rule.certificateFields,
        topics: rule.requiredTopics,
        firstLegalName: row.first_legal_name,
        secondLegalName: row.second_legal_name,
        minutes: { first: row.first_minutes, second: row.second_minutes, together: row.together_minutes },
        completionDate: row.completion_date,
        intendedMarriageDate: row.intended_marriage_date,
        issuedDate: row.issued_at.slice(0, 10),
        deliveryMethod: row.delivery_method as DeliveryMethod,
        courseName: row.course_name,
        providerName: row.provider_name,
        providerCredentials: row.provider_credentials,
        providerRegistration: row.provider_registration,
        providerContact: row.provider_contact,
        signature:
          signature?.image && signature.type
            ? {
                bytes: new Uint8Array(Buffer.from(signature.image, 'base64')),
                type: signature.type as 'image/png' | 'image/jpeg',
              }
            : null,
        verifyUrl: verifyUrl(deps, row.code),
        code: row.code,
      },
    },
    CERTIFICATE_PDF_TIME_LIMIT_MS,
  );
  return {
    bytes: new Uint8Array(bytes),
    fileName: `certificate-${rule.code.toLowerCase()}-${row.completion_date}.pdf`,
  };
}

// --------------------------------------------------------- Public verification and the back office

/** What /verify/<code> shows. Anything but a code this server signed and issued is not-found. */
export async function verifyCertificate(deps: AppDeps, given: string): Promise<VerifyResult> {
  const code = readVerificationCode(deps.accessCodeKey, given);
  if (!code) return { status: 'not-found' };
  const row = await repo.findCertificateByCode(deps.db, code);
  if (!row) return { status: 'not-found' };
  const rule = certificateStateRule(row.state);
  return {
    status: row.revoked_at ? 'revoked' : 'valid',
    state: row.state,
    stateName: rule?.name ?? row.state,
    firstLegalName: row.first_legal_name,
    secondLegalName: row.second_legal_name,
    completionDate: row.completion_date,
    issuedAt: row.issued_at,
    hours: { first: row.first_minutes, second: row.second_minutes, together: row.together_minutes },
    hoursTogether: rule?.hoursTogether ?? false,
    deliveryMethod: row.delivery_method as DeliveryMethod,
    providerName: row.provider_name,
    providerRegistration: row.provider_registration,
    revokedAt: row.revoked_at,
  };
}

const ADMIN_PAGE_SIZE = 25;

export async function listIssuedCertificates(
  deps: AppDeps,
  input: AdminCertificateListInput,
): Promise<AdminCertificateList> {
  const { search, page } = adminCertificateListSchema.parse(input);
  const [rows, total] = await Promise.all([
    repo.listCertificates(deps.db, search, { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }),
    repo.countCertificates(deps.db, search),
  ]);
  return { rows, total, page, pageSize: ADMIN_PAGE_SIZE };
}

export async function revokeIssuedCertificate(
  deps: AppDeps,
  admin: AdminAuth,
  input: { id: number; reason: string },
  address: string | null = null,
): Promise<{ revoked: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findCertificate(trx, input.id);
    if (!row) throw new AppError('NOT_FOUND', 'No such certificate.');
    if (row.revoked_at) throw new AppError('CONFLICT', 'This certificate is already revoked.');
    await repo.revokeCertificate(trx, input.id, input.reason, new Date().toISOString());
    await recordAdminAction(trx, admin, 'certificates.revoke', { target: `${row.code} (${row.state})`, address });
  });
  return { revoked: true };
}

/**
 * A refund took these couples back to the trial (decision 0332): their certificates still valid are
 * revoked with the refund's reason, so /verify says revoked (never why). In `db`, the refund's
 * transaction; the ones it revoked as `CODE (STATE)`, for the seller: the back office's confirmation
 * counts them, and a refund made in Stripe names them in the audit log (decision 0343).
 */
export async function revokeCertificatesOfRefund(db: DB, coupleIds: readonly number[]): Promise<string[]> {
  const revoked = await repo.revokeValidCertificatesOf(
    db,
    coupleIds,
    CERTIFICATE_REFUNDED_REASON,
    new Date().toISOString(),
  );
  return revoked.map((row) => `${row.code} (${row.state})`);
}

export const CERTIFICATE_CSV_HEADER = [
  'code',
  'state',
  'first_legal_name',
  'second_legal_name',
  'completion_date',
  'intended_marriage_date',
  'hours_first',
  'hours_second',
  'hours_together',
  'delivery_method',
  'provider_name',
  'provider_registration',
  'issued_at',
  'revoked_at',
  'revoked_reason',
];

/** The issued certificates as CSV for the provider's own records, newest first. */
export async function* exportCertificatesCsv(deps: AppDeps, search: string): AsyncGenerator<string> {
  // A byte order mark, so spreadsheets read the names' letters as UTF-8 (as the orders export).
  yield `\uFEFF${csvLine(CERTIFICATE_CSV_HEADER)}`;
  for await (const row of repo.allCertificates(deps.db, search)) {
    yield csvLine([
      row.code,
      row.state,
      row.first_legal_name,
      row.second_legal_name,
      row.completion_date,
      row.intended_marriage_date,
      formatMinutes(row.first_minutes),
      formatMinutes(row.second_minutes),
      formatMinutes(row.together_minutes),
      row.delivery_method,
      row.provider_name,
      row.provider_registration,
      row.issued_at,
      row.revoked_at,
      row.revoked_reason,
    ]);
  }
}

/** The couple's rows for "Download our data" (features/our-data/tables.ts). */
export const coupleTimeRows = (db: DB, coupleId: number) => repo.listCourseTime(db, coupleId);
export const coupleOfflineRows = (db: DB, coupleId: number) => repo.listOfflineTime(db, coupleId);
export const coupleLegalNameRows = (db: DB, coupleId: number) => repo.listLegalNames(db, coupleId);
export const coupleCertificateRows = (db: DB, coupleId: number) => repo.listCoupleCertificates(db, coupleId);

/** Account deletion: the couple's time and names go; issued certificates stay, detached. */
export async function eraseCoupleCertificates(db: DB, coupleId: number): Promise<number> {
  return repo.detachCertificates(db, coupleId);
}
