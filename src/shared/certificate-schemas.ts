import {
  type Eligibility,
  OFFLINE_CAP_PER_WEEK_MINUTES,
  OFFLINE_ENTRY_MIN_MINUTES,
  TIME_OWNERS,
} from './certificate-hours';
import { CERTIFICATE_STATES, DELIVERY_METHODS, type DeliveryMethod } from './certificate-states';
import { NAME_MAX_LENGTH, type Partner } from './constants';
import { isCalendarDate } from './profile-rules';
import { partnerSchema, weekNumberSchema, wholeNumberSchema } from './schemas';
import { z } from './zod';

/*
 * Course hours and premarital-education certificates (issue 37, docs/certificates.md): the
 * inputs of the procedures, the hours rules the server and the pages share, and what they answer.
 */

// ------------------------------------ Hours (decision 0245): the rules are in certificate-hours.ts

const timeOwnerSchema = z.enum(TIME_OWNERS, { error: 'who must be partner1, partner2 or together' });

/** A heartbeat: the week open, and who is at the device (both: 'together'). */
export const heartbeatSchema = z.object({ weekNumber: weekNumberSchema, who: timeOwnerSchema });

export const OFFLINE_MINUTES_MESSAGE = `minutes must be a whole number from ${OFFLINE_ENTRY_MIN_MINUTES} to ${OFFLINE_CAP_PER_WEEK_MINUTES}`;

/** Time reported for the offline conversation and activity; `together` is the "we did this together" mark. */
export const reportOfflineTimeSchema = z.object({
  weekNumber: weekNumberSchema,
  minutes: z
    .number({ error: OFFLINE_MINUTES_MESSAGE })
    .int(OFFLINE_MINUTES_MESSAGE)
    .min(OFFLINE_ENTRY_MIN_MINUTES, OFFLINE_MINUTES_MESSAGE)
    .max(OFFLINE_CAP_PER_WEEK_MINUTES, OFFLINE_MINUTES_MESSAGE),
  together: z.boolean({ error: 'together must be true or false' }),
  /** Whose time when not together; a sign-in bound to a partner may report only its own. */
  partner: partnerSchema.optional(),
});

export const offlineEntryIdSchema = z.object({ id: z.number({ error: 'id is required' }).int().positive() });

// ------------------------------------------------- Legal names, requests and the provider settings

export const LEGAL_NAME_MAX_LENGTH = NAME_MAX_LENGTH * 2;
export const LEGAL_NAME_MESSAGE = `legalName is required: your full legal name as on your ID, at most ${LEGAL_NAME_MAX_LENGTH} characters`;

/** A legal name in any script: trimmed, inner spaces collapsed, composed (NFC), no control characters. */
export const legalNameSchema = z
  .string({ error: LEGAL_NAME_MESSAGE })
  .transform((value) => value.normalize('NFC').replace(/\s+/gu, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, LEGAL_NAME_MESSAGE)
      .max(LEGAL_NAME_MAX_LENGTH, LEGAL_NAME_MESSAGE)
      .refine((value) => !/\p{Cc}|\p{Cf}/u.test(value), 'legalName must not contain control characters'),
  );

export const setLegalNameSchema = z.object({ partner: partnerSchema, legalName: legalNameSchema });

const STATE_MESSAGE = 'state must be a two-letter state code, e.g. FL';
export const stateCodeSchema = z
  .string({ error: STATE_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, STATE_MESSAGE);

const MARRIAGE_DATE_MESSAGE = 'intendedMarriageDate must be a real date written YYYY-MM-DD';
export const requestCertificateSchema = z.object({
  state: stateCodeSchema,
  intendedMarriageDate: z.string({ error: MARRIAGE_DATE_MESSAGE }).trim().refine(isCalendarDate, MARRIAGE_DATE_MESSAGE),
});

/** The `{certificateId}` of GET /api/certificates/{certificateId}/pdf. */
export const certificateIdParamSchema = wholeNumberSchema('certificateId must be a positive whole number', {
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
});

const providerText = (field: string, max: number, required = true) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => !required || value.length > 0, `${field} is required`)
    .refine((value) => !/\p{Cc}/u.test(value), `${field} must not contain control characters`);

const KNOWN_STATES = new Set(CERTIFICATE_STATES.map((rule) => rule.code));
const knownStateSchema = stateCodeSchema.refine((code) => KNOWN_STATES.has(code), {
  message: `state must be one of ${[...KNOWN_STATES].join(', ')}`,
});

/** The longest text of each provider setting (the back office's form says them too). */
export const PROVIDER_TEXT_MAX = {
  providerName: 160,
  credentials: 300,
  contact: 300,
  courseName: 160,
  registration: 120,
} as const;

export const providerSettingsSchema = z
  .object({
    providerName: providerText('providerName', PROVIDER_TEXT_MAX.providerName),
    credentials: providerText('credentials', PROVIDER_TEXT_MAX.credentials, false),
    contact: providerText('contact', PROVIDER_TEXT_MAX.contact),
    courseName: providerText('courseName', PROVIDER_TEXT_MAX.courseName),
    deliveryMethod: z.enum(DELIVERY_METHODS, { error: `deliveryMethod must be one of ${DELIVERY_METHODS.join(', ')}` }),
    offeredStates: z.array(knownStateSchema).max(KNOWN_STATES.size),
    /** Registration number per state code; a state that requires one cannot be offered without it. */
    registrations: z.record(knownStateSchema, providerText('registration', PROVIDER_TEXT_MAX.registration, false)),
  })
  .superRefine((settings, ctx) => {
    for (const code of settings.offeredStates) {
      const rule = CERTIFICATE_STATES.find((candidate) => candidate.code === code)!;
      if (rule.providerRegistration.required && !settings.registrations[code]?.trim()) {
        ctx.addIssue({
          code: 'custom',
          path: ['registrations', code],
          message: `${rule.name} requires the provider's registration: enter it before offering ${code}`,
        });
      }
    }
  });
export type ProviderSettingsInput = z.input<typeof providerSettingsSchema>;
export type ProviderSettings = z.output<typeof providerSettingsSchema>;

export interface ProviderSettingsView extends ProviderSettings {
  /** Whether a signature image is stored; its type when so. */
  signature: { type: 'image/png' | 'image/jpeg' } | null;
  updatedAt: string | null;
}

/** The largest signature image accepted: its base64 still fits a tRPC request's 100 KB body limit. */
export const SIGNATURE_MAX_BYTES = 64 * 1024;

const SIGNATURE_MESSAGE = `image must be a PNG or JPEG of at most ${SIGNATURE_MAX_BYTES / 1024} KB, base64-encoded`;

/** The provider's signature image, base64 (the back office reads the chosen file and sends it). */
export const saveSignatureSchema = z.object({
  image: z
    .string({ error: SIGNATURE_MESSAGE })
    .min(1, SIGNATURE_MESSAGE)
    .max(Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4, SIGNATURE_MESSAGE)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, SIGNATURE_MESSAGE),
});

// --------------------------------------------------------- What the couple and the back office see

export interface CertificateView {
  id: number;
  code: string;
  verifyUrl: string;
  state: string;
  firstLegalName: string;
  secondLegalName: string;
  intendedMarriageDate: string;
  completionDate: string;
  issuedAt: string;
  revokedAt: string | null;
}

export interface OfferedState {
  code: string;
  name: string;
  minimumHours: number;
  hoursTogether: boolean;
  benefit: string;
  eligibility: Eligibility;
}

export interface CertificateStatus {
  /** The states the seller offers, each with the couple's progress; empty: no certificates sold. */
  offeredStates: OfferedState[];
  legalNames: Record<Partner, string | null>;
  /** Whose name this sign-in may enter: both on a shared sign-in, its own on a personal one. */
  editableNames: Partner[];
  certificates: CertificateView[];
}

export const adminCertificateListSchema = z.object({
  search: z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, `search must be at most ${NAME_MAX_LENGTH} characters`)
    .optional()
    .default(''),
  page: z.number().int().min(1).max(100_000).optional().default(1),
});
export type AdminCertificateListInput = z.input<typeof adminCertificateListSchema>;

export const revokeCertificateSchema = z.object({
  id: z.number({ error: 'id is required' }).int().positive(),
  reason: providerText('reason', 300),
});

/**
 * The reasons the app records itself when it revokes a certificate (a reason the seller types is
 * their own text): the back office shows these in the page's language.
 */
export const CERTIFICATE_REPLACED_REASON = 'Replaced by a newer certificate.';
/** A refund took the couple back to the trial (decision 0332). */
export const CERTIFICATE_REFUNDED_REASON = 'Refunded: the couple no longer has the full course.';
/**
 * A certificate issued before certificates needed the full course (decision 0313), or left valid by
 * a refund before 0332, whose couple does not have it: revoked by the migration
 * 2026-11-27T1800-certificates-need-the-full-course (decision 0345), which holds the same sentence.
 */
export const CERTIFICATE_NO_FULL_COURSE_REASON = 'The couple does not have the full course, which a certificate needs.';

export interface AdminCertificateRow {
  id: number;
  code: string;
  state: string;
  firstLegalName: string;
  secondLegalName: string;
  completionDate: string;
  intendedMarriageDate: string;
  issuedAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
}

export interface AdminCertificateList {
  rows: AdminCertificateRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** The public answer of /verify/<code>: never a couple id or anything not printed. */
export type VerifyResult =
  | {
      status: 'valid' | 'revoked';
      state: string;
      stateName: string;
      firstLegalName: string;
      secondLegalName: string;
      completionDate: string;
      issuedAt: string;
      hours: { first: number; second: number; together: number };
      hoursTogether: boolean;
      deliveryMethod: DeliveryMethod;
      providerName: string;
      providerRegistration: string;
      revokedAt: string | null;
    }
  | { status: 'not-found' };

export const verifyCodeInputSchema = z.object({
  // Anything up to 100 characters is looked at; a wrong one answers not-found, never a 400.
  code: z.string({ error: 'code is required' }).max(100, 'code is too long'),
});
