import packageJson from '../../../package.json' with { type: 'json' };
import { adminSecondFactorSchema } from '../../shared/admin-security-schemas';
import {
  adminSecondFactorSignedInSchema,
  adminSignedInSchema,
  authCheckSchema,
  customerSignedInSchema,
  customerSignInSchema,
  passwordSignInSchema,
  registerSchema,
  sessionInfoSchema,
  signedInSchema,
  type AdminSecondFactorSignedInBody,
  type AdminSignedInBody,
  type AuthCheck,
  type CustomerSignedInBody,
  type SessionInfo,
  type SignedInBody,
} from '../../shared/auth-schemas';
import { MAX_PDF_BYTES } from '../../shared/constants';
import { contactMessageSchema, contactSentSchema } from '../../shared/contact-schemas';
import { codeRequestedSchema, type RequestCodeAnswer, requestCodeSchema } from '../../shared/mail-schemas';
import {
  frameworkSchema,
  frameworkUploadedSchema,
  frameworkUploadFieldsSchema,
  frameworkWithAccessSchema,
  MAX_PDF_LABEL,
  PDF_SIGNATURE,
  UPLOAD_FIELDS,
} from '../../shared/frameworks-schemas';
import {
  orderSchema,
  PAYMENT_INTENT_ID_PATTERN,
  workbookDownloadSchema,
  type Order,
  type WorkbookDownload,
} from '../../shared/orders-schemas';
import { stripeEventSchema, webhookReceivedSchema } from '../../shared/payments-schemas';
import { ourDataExportSchema } from '../../shared/our-data-schemas';
import {
  pauseInputSchema,
  planChoiceSchema,
  planOverviewSchema,
  timeZoneInputSchema,
  timeZoneSavedSchema,
} from '../../shared/plan-schemas';
import { certificateIdParamSchema } from '../../shared/certificate-schemas';
import { localeInputSchema } from '../../shared/locale-schemas';
import { profileInputSchema, profileSchema } from '../../shared/profile-schemas';
import { progressRecordSchema, progressUpdateSchema, userProgressionSchema } from '../../shared/progress-schemas';
import { publicConfigSchema } from '../../shared/public-config-schemas';
import {
  errorBodySchema,
  partnerSchema,
  successSchema,
  userIdSchema,
  weekNumberSchema,
  type SameType,
  type Success,
} from '../../shared/schemas';
import { generatedSummarySchema, weekSummarySchema, workbookResponseSchema } from '../../shared/workbook-schemas';
import { z } from '../../shared/zod';
import type {
  describeAuth,
  describeSession,
  register,
  signInAdmin,
  signInAdminSecondFactor,
  signInCouple,
  signInCustomer,
  signOut,
} from '../features/auth/service';
import type { requestAccessCode } from '../features/mail/service';
import type { getOrder, requestWorkbookDownload } from '../features/orders/service';
import type { RestRoutes } from './rest-plugin';

/*
 * The OpenAPI 3.1 description of the REST paths (docs/product.md#openapi-document), generated from
 * the zod schemas the routes validate their input with and the shared schemas of their answers.
 * API_OPERATIONS is the one list; openapi.test.ts compares it with the routes the server registers.
 */

// The auth and orders services type their answers themselves; these lines fail the type check when
// one of them drifts from the shared schema this document shows.
true satisfies SameType<ReturnType<typeof describeAuth>, AuthCheck>;
true satisfies SameType<ReturnType<typeof describeSession>, SessionInfo>;
true satisfies SameType<Awaited<ReturnType<typeof register>>['body'], SignedInBody>;
true satisfies SameType<Awaited<ReturnType<typeof signInCouple>>['body'], SignedInBody>;
true satisfies SameType<Awaited<ReturnType<typeof signInAdmin>>['body'], AdminSignedInBody>;
true satisfies SameType<Awaited<ReturnType<typeof signInAdminSecondFactor>>['body'], AdminSecondFactorSignedInBody>;
true satisfies SameType<Awaited<ReturnType<typeof signInCustomer>>['body'], CustomerSignedInBody>;
true satisfies SameType<Awaited<ReturnType<typeof signOut>>, Success>;
true satisfies SameType<Awaited<ReturnType<typeof requestAccessCode>>, RequestCodeAnswer>;
true satisfies SameType<Awaited<ReturnType<typeof getOrder>>, Order>;
true satisfies SameType<Awaited<ReturnType<typeof requestWorkbookDownload>>, WorkbookDownload>;

type JsonSchema = Record<string, unknown>;

/** A named schema of the document: a request body is read as input, an answer as output. */
interface NamedSchema {
  schema: z.ZodType;
  io: 'input' | 'output';
}
const input = (schema: z.ZodType): NamedSchema => ({ schema, io: 'input' });
const output = (schema: z.ZodType): NamedSchema => ({ schema, io: 'output' });

/** Every schema the document names (components/schemas), each from its shared zod schema. */
export const API_SCHEMAS = {
  Error: output(errorBodySchema),
  Success: output(successSchema),
  PublicConfig: output(publicConfigSchema),
  ContactMessage: input(contactMessageSchema),
  ContactSent: output(contactSentSchema),
  CustomerSignIn: input(customerSignInSchema),
  CustomerSignedIn: output(customerSignedInSchema),
  RequestCode: input(requestCodeSchema),
  CodeRequested: output(codeRequestedSchema),
  PasswordSignIn: input(passwordSignInSchema),
  Register: input(registerSchema),
  SignedIn: output(signedInSchema),
  AdminSignedIn: output(adminSignedInSchema),
  AdminSecondFactor: input(adminSecondFactorSchema),
  AdminSecondFactorSignedIn: output(adminSecondFactorSignedInSchema),
  AuthCheck: output(authCheckSchema),
  SessionInfo: output(sessionInfoSchema),
  Order: output(orderSchema),
  WorkbookDownload: output(workbookDownloadSchema),
  Framework: output(frameworkSchema),
  FrameworkUpload: input(frameworkUploadFieldsSchema),
  FrameworkUploaded: output(frameworkUploadedSchema),
  FrameworkWithAccess: output(frameworkWithAccessSchema),
  Profile: output(profileSchema),
  ProfileInput: input(profileInputSchema),
  LocaleInput: input(localeInputSchema),
  Locale: output(localeInputSchema),
  UserProgression: output(userProgressionSchema),
  ProgressRecord: output(progressRecordSchema),
  ProgressUpdate: input(progressUpdateSchema),
  WorkbookResponse: output(workbookResponseSchema),
  WorkbookResponseInput: input(workbookResponseSchema),
  WeekSummary: output(weekSummarySchema),
  GeneratedSummary: output(generatedSummarySchema),
  StripeEvent: input(stripeEventSchema),
  WebhookReceived: output(webhookReceivedSchema),
  OurDataExport: output(ourDataExportSchema),
  PlanOverview: output(planOverviewSchema),
  PlanChoice: input(planChoiceSchema),
  PauseInput: input(pauseInputSchema),
  TimeZoneInput: input(timeZoneInputSchema),
  TimeZoneSaved: output(timeZoneSavedSchema),
} as const satisfies Record<string, NamedSchema>;
export type SchemaName = keyof typeof API_SCHEMAS;

/** The path parameters, with the zod schema each route checks its segment with. */
const PATH_PARAMETERS = {
  userId: {
    schema: userIdSchema,
    description: "The signed-in couple's own id: any other value is 403, nobody signed in 401.",
  },
  certificateId: {
    schema: certificateIdParamSchema,
    description: "The id of one of the signed-in couple's certificates; a non-number is 400, another couple's 404.",
  },
  weekNumber: { schema: weekNumberSchema, description: 'A whole number from 1 to 52, else 400.' },
  feed: {
    schema: z.string(),
    description:
      "The calendar feed's private token and `.ics` (shown once when the couple makes the address); unknown or revoked: 404.",
  },
  partner: { schema: partnerSchema, description: '`partner1` or `partner2`, else 400.' },
  paymentIntentId: {
    schema: z.string().regex(PAYMENT_INTENT_ID_PATTERN),
    description: 'An order id (`pi_` and letters or digits); anything else is answered like an unknown order, 404.',
  },
  token: {
    schema: z.string().regex(/^[A-Za-z0-9]{32}$/),
    description: "A gift's receipt token (32 letters or digits, from the buyer's receipt), else 400.",
  },
} as const;
type ParameterName = keyof typeof PATH_PARAMETERS;

/** Who may call an operation (docs/product.md#who-may-do-what). */
export type Access =
  | 'anyone'
  | 'anyone-with-optional-session'
  | 'signed-in'
  | 'couple'
  | 'owner'
  | 'admin'
  | 'admin-or-couple';

const SESSION = { session: [] as string[] };
const ACCESS: Record<
  Access,
  { text: string; security: Record<string, string[]>[]; errors: Partial<Record<number, string>> }
> = {
  anyone: { text: 'Anyone; no session needed.', security: [], errors: {} },
  'anyone-with-optional-session': {
    text: 'Anyone; the session cookie is read when sent.',
    security: [{}, SESSION],
    errors: {},
  },
  'signed-in': { text: 'A signed-in couple or the admin.', security: [SESSION], errors: { 401: 'Not signed in.' } },
  couple: {
    text: 'A signed-in couple.',
    security: [SESSION],
    errors: { 401: 'Not signed in, or signed in as the admin.' },
  },
  owner: {
    text: 'The signed-in couple whose id is `userId`.',
    security: [SESSION],
    errors: {
      401: 'Not signed in.',
      403: "Another couple's id, or the admin (who never reads a couple's private data).",
    },
  },
  admin: { text: 'The admin.', security: [SESSION], errors: { 401: 'Not signed in.', 403: 'Signed in as a couple.' } },
  'admin-or-couple': {
    text: 'The admin (any week), or a couple (a week unlocked for them).',
    security: [SESSION],
    errors: { 401: 'Not signed in.' },
  },
};

type Answer = { schema: SchemaName; list?: true; setsCookie?: true } | 'pdf' | 'csv' | 'ics' | 'openapi' | 'redirect';

export interface ApiOperation {
  /** The operationId. */
  id: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI form: `/api/profile/{userId}`. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  body?: { json: SchemaName } | { multipart: 'FrameworkUpload' };
  /** Success statuses and what they answer. */
  success: Record<number, { description: string; answer: Answer }>;
  /** Failures particular to this operation (the generic ones are added: see `errorResponses`). */
  errors?: Partial<Record<number, string>>;
}

const LOCKED = 'The week is locked for this couple: `You need to complete the previous week first.`';

/** Every REST path of docs/product.md#calls, in its order. */
export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    id: 'getPublicConfig',
    method: 'get',
    path: '/api/config',
    tag: 'configuration',
    summary: "The installation's public configuration: demo mode, the code hints, the trial length",
    access: 'anyone',
    success: {
      200: { description: 'The public configuration; a disabled code is null.', answer: { schema: 'PublicConfig' } },
    },
  },
  {
    id: 'getOpenApiDocument',
    method: 'get',
    path: '/api/openapi.json',
    tag: 'configuration',
    summary: 'This document',
    access: 'anyone',
    success: { 200: { description: 'The OpenAPI 3.1 document of the REST paths.', answer: 'openapi' } },
  },
  {
    id: 'sendContactMessage',
    method: 'post',
    path: '/api/contact',
    tag: 'contact',
    summary: 'Sends a message to the seller (stored)',
    access: 'anyone',
    body: { json: 'ContactMessage' },
    success: { 201: { description: 'Stored.', answer: { schema: 'ContactSent' } } },
    errors: { 429: 'More than the contact messages allowed per address and minute.' },
  },
  {
    id: 'customerSignIn',
    method: 'post',
    path: '/api/customer-auth/login',
    tag: 'auth',
    summary: 'Signs a couple in with an email and an access code (trial, demo or personal)',
    access: 'anyone-with-optional-session',
    body: { json: 'CustomerSignIn' },
    success: {
      200: {
        description: 'Signed in; a new trial account also gets its personal access code, shown this once.',
        answer: { schema: 'CustomerSignedIn', setsCookie: true },
      },
    },
    errors: {
      401: '`Invalid email or access code`.',
      429: 'Too many failed sign-ins for this email or address, or too many trial sign-ups.',
    },
  },
  {
    id: 'requestAccessCode',
    method: 'post',
    path: '/api/customer-auth/request-code',
    tag: 'auth',
    summary: 'Emails a new personal access code ("Email me my code")',
    access: 'anyone',
    body: { json: 'RequestCode' },
    success: {
      202: {
        description:
          'The same answer whether or not the email has an account. A couple account with this email gets a new personal code by email; its old code stops working.',
        answer: { schema: 'CodeRequested' },
      },
    },
    errors: { 429: 'Too many code requests for this email (5 an hour) or from this address (30 an hour).' },
  },
  {
    id: 'getOrder',
    method: 'get',
    path: '/api/order/{paymentIntentId}',
    tag: 'orders',
    summary: 'An order, for whoever holds its id (the receipt link)',
    access: 'anyone',
    success: { 200: { description: 'The order; amount in cents.', answer: { schema: 'Order' } } },
    errors: { 404: '`Order not found`.' },
  },
  {
    id: 'requestWorkbookDownload',
    method: 'get',
    path: '/api/download-workbook/{paymentIntentId}',
    tag: 'orders',
    summary: "Where a completed order's complete workbook PDF can be downloaded",
    access: 'anyone',
    success: { 200: { description: 'A message and the download path.', answer: { schema: 'WorkbookDownload' } } },
    errors: { 404: '`Order not found`.', 409: 'The order is not completed yet.' },
  },
  {
    id: 'downloadWorkbook',
    method: 'get',
    path: '/api/download-workbook/{paymentIntentId}/pdf',
    tag: 'orders',
    summary:
      "A completed order's complete workbook: every week's framework (upload or generated printable) merged in week order",
    access: 'anyone',
    success: {
      200: { description: 'The PDF, as an attachment.', answer: 'pdf' },
      202: {
        description: 'Still being built: `{message}` with `Retry-After` (seconds); ask again then.',
        answer: { schema: 'Error' },
      },
    },
    errors: {
      404: '`Order not found`, or no week has a framework.',
      409: 'The order is not completed yet.',
    },
  },
  {
    id: 'downloadWorkbookWeek',
    method: 'get',
    path: '/api/download-workbook/{paymentIntentId}/week/{weekNumber}',
    tag: 'orders',
    summary:
      "One week's framework PDF of a completed order (the upload or the generated printable); query `locale` (en or es, default the language cookie's): the language of its file name",
    access: 'anyone',
    success: {
      200: { description: 'The PDF, as an attachment, named week-{n}.pdf (semana-{n}.pdf in Spanish).', answer: 'pdf' },
    },
    errors: {
      400: 'A locale other than en or es.',
      404: '`Order not found`, or the week has neither an upload nor content.',
      409: 'The order is not completed yet.',
    },
  },
  {
    id: 'checkAuth',
    method: 'get',
    path: '/api/auth/check',
    tag: 'auth',
    summary: 'Who is asking: anonymous, a couple or the admin',
    access: 'anyone-with-optional-session',
    success: { 200: { description: 'Anonymous: `false, false, null, null`.', answer: { schema: 'AuthCheck' } } },
  },
  {
    id: 'signOut',
    method: 'post',
    path: '/api/auth/logout',
    tag: 'auth',
    summary: 'Ends the session and clears the cookie',
    access: 'anyone-with-optional-session',
    success: {
      200: {
        description:
          'Signed out (also when nobody was signed in). The `vw_locale` cookie goes back to the language last chosen on this device (`vw_device_locale`), when one was.',
        answer: { schema: 'Success' },
      },
    },
  },
  {
    id: 'adminSignIn',
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    summary: 'Signs the administrator in',
    access: 'anyone-with-optional-session',
    body: { json: 'PasswordSignIn' },
    success: {
      200: {
        description:
          'Signed in; or, with the second factor on, `success: false` with `secondFactorRequired` and a `pendingToken` (no session yet: send the code to `/api/auth/login/second-factor`).',
        answer: { schema: 'AdminSignedIn', setsCookie: true },
      },
    },
    errors: {
      401: '`Invalid username or password` (also for a couple account).',
      429: 'Too many failed sign-ins for this name or address.',
    },
  },
  {
    id: 'adminSignInSecondFactor',
    method: 'post',
    path: '/api/auth/login/second-factor',
    tag: 'auth',
    summary: "Finishes the administrator's sign-in with the 6-digit code or a recovery code",
    access: 'anyone-with-optional-session',
    body: { json: 'AdminSecondFactor' },
    success: { 200: { description: 'Signed in.', answer: { schema: 'AdminSecondFactorSignedIn', setsCookie: true } } },
    errors: {
      401: '`Invalid code` (wrong, used before, or a used recovery code), or the pending sign-in expired.',
      429: "Too many failed sign-ins for the admin's name or this address.",
    },
  },
  {
    id: 'coupleSignIn',
    method: 'post',
    path: '/api/auth/user-login',
    tag: 'auth',
    summary: 'Signs in a couple registered with a username and password',
    access: 'anyone-with-optional-session',
    body: { json: 'PasswordSignIn' },
    success: { 200: { description: 'Signed in.', answer: { schema: 'SignedIn', setsCookie: true } } },
    errors: {
      401: '`Invalid username or password` (also for the admin).',
      429: 'Too many failed sign-ins for this name or address.',
    },
  },
  {
    id: 'register',
    method: 'post',
    path: '/api/auth/register',
    tag: 'auth',
    summary: 'Creates a trial couple account with a username and password, signed in at once',
    access: 'anyone-with-optional-session',
    body: { json: 'Register' },
    success: { 201: { description: 'Registered and signed in.', answer: { schema: 'SignedIn', setsCookie: true } } },
    errors: { 409: '`Username is already taken`.', 429: 'Too many registrations from this address.' },
  },
  {
    id: 'getSession',
    method: 'get',
    path: '/api/session',
    tag: 'auth',
    summary: "The signed-in couple's id",
    access: 'couple',
    success: { 200: { description: "The couple's id.", answer: { schema: 'SessionInfo' } } },
  },
  {
    id: 'listFrameworks',
    method: 'get',
    path: '/api/frameworks',
    tag: 'frameworks',
    summary: 'The uploaded weekly frameworks, by week',
    access: 'signed-in',
    success: { 200: { description: 'Every uploaded framework.', answer: { schema: 'Framework', list: true } } },
  },
  {
    id: 'uploadFramework',
    method: 'post',
    path: '/api/upload-framework',
    tag: 'frameworks',
    summary: "Uploads a week's PDF framework, replacing the week's previous one",
    access: 'admin',
    body: { multipart: 'FrameworkUpload' },
    success: {
      201: { description: 'Stored; the week had no framework.', answer: { schema: 'FrameworkUploaded' } },
      200: {
        description:
          "Stored in place of the week's framework (`replaced: true`); the old file is removed after the new one is stored.",
        answer: { schema: 'FrameworkUploaded' },
      },
    },
    errors: {
      400: `Not multipart, weekNumber, title or the file missing, the week not 1-52, or the file not a PDF (its first bytes must be \`${PDF_SIGNATURE}\`).`,
      413: `The PDF is over ${MAX_PDF_LABEL}.`,
    },
  },
  {
    id: 'deleteFramework',
    method: 'delete',
    path: '/api/framework/{weekNumber}',
    tag: 'frameworks',
    summary: "Deletes a week's framework (row and file)",
    access: 'admin',
    success: { 200: { description: 'Deleted.', answer: { schema: 'Success' } } },
    errors: { 404: 'No framework for that week.' },
  },
  {
    id: 'downloadFramework',
    method: 'get',
    path: '/api/download-framework/{weekNumber}',
    tag: 'frameworks',
    summary: "A week's framework PDF, saved as week-{n}.pdf (semana-{n}.pdf for a Spanish sign-in)",
    access: 'admin-or-couple',
    success: {
      200: {
        description: 'The PDF, as an attachment named `week-{n}.pdf` (`semana-{n}.pdf` in Spanish).',
        answer: 'pdf',
      },
    },
    errors: { 403: LOCKED, 404: 'No framework uploaded for that week.' },
  },
  {
    id: 'getProfile',
    method: 'get',
    path: '/api/profile/{userId}',
    tag: 'profile',
    summary: "The couple's profile",
    access: 'owner',
    success: { 200: { description: 'The profile.', answer: { schema: 'Profile' } } },
  },
  {
    id: 'replaceProfile',
    method: 'put',
    path: '/api/profile/{userId}',
    tag: 'profile',
    summary: "Replaces the couple's profile; an empty or missing wedding date means no date",
    access: 'owner',
    body: { json: 'ProfileInput' },
    success: { 200: { description: 'The saved profile.', answer: { schema: 'Profile' } } },
  },
  {
    id: 'setTimeZone',
    method: 'put',
    path: '/api/profile/{userId}/time-zone',
    tag: 'plan',
    summary: "Sets the couple's IANA time zone (the plan's days, the calendar's times)",
    access: 'owner',
    body: { json: 'TimeZoneInput' },
    success: { 200: { description: 'The saved zone.', answer: { schema: 'TimeZoneSaved' } } },
    errors: { 400: 'Not an IANA time zone name (offsets such as +02:00 are refused).' },
  },
  {
    id: 'getPlan',
    method: 'get',
    path: '/api/plan/{userId}',
    tag: 'plan',
    summary:
      'The plan paced to the wedding: the proposal from today, the accepted plan, where the couple stands, the pause',
    access: 'owner',
    success: { 200: { description: 'The plan overview.', answer: { schema: 'PlanOverview' } } },
  },
  {
    id: 'acceptPlan',
    method: 'post',
    path: '/api/plan/{userId}/accept',
    tag: 'plan',
    summary: 'Accepts the plan from today with these choices (computed on the server)',
    access: 'owner',
    body: { json: 'PlanChoice' },
    success: { 200: { description: 'The plan overview.', answer: { schema: 'PlanOverview' } } },
    errors: {
      400: 'A chosen finish date today, in the past or over three years away; a pace other than 1-3.',
      409: 'The plan is paused.',
    },
  },
  {
    id: 'pausePlan',
    method: 'post',
    path: '/api/plan/{userId}/pause',
    tag: 'plan',
    summary: 'Pauses the plan until a date or open-ended: reminders stop, the streak and the plan freeze',
    access: 'owner',
    body: { json: 'PauseInput' },
    success: { 200: { description: 'The plan overview.', answer: { schema: 'PlanOverview' } } },
    errors: { 400: 'A date today, past or over a year away.', 409: 'No plan, or already paused.' },
  },
  {
    id: 'resumePlan',
    method: 'post',
    path: '/api/plan/{userId}/resume',
    tag: 'plan',
    summary: 'Ends the pause and recomputes the plan from today',
    access: 'owner',
    success: { 200: { description: 'The plan overview.', answer: { schema: 'PlanOverview' } } },
    errors: { 409: 'The plan is not paused.' },
  },
  {
    id: 'downloadNextSession',
    method: 'get',
    path: '/api/plan/{userId}/next-session.ics',
    tag: 'plan',
    summary: '"Add to calendar": the next planned session as a one-event iCalendar file',
    access: 'owner',
    success: { 200: { description: 'An iCalendar file with one event.', answer: 'ics' } },
    errors: { 404: 'No planned session (no plan, all done, or paused).' },
  },
  {
    id: 'getCalendarFeed',
    method: 'get',
    path: '/api/calendar/{feed}',
    tag: 'plan',
    summary: "The couple's private calendar feed: the planned sessions not yet completed, at 19:00 in their zone",
    access: 'anyone',
    success: { 200: { description: 'An iCalendar feed (RFC 5545).', answer: 'ics' } },
    errors: { 404: 'Unknown or revoked address.' },
  },
  {
    id: 'setLocale',
    method: 'put',
    path: '/api/locale',
    tag: 'profile',
    summary:
      "Chooses the language (`en` or `es`): kept in the `vw_locale` cookie, and on the signed-in person's own account",
    access: 'anyone-with-optional-session',
    body: { json: 'LocaleInput' },
    success: { 200: { description: 'The language chosen.', answer: { schema: 'Locale' } } },
  },
  {
    id: 'listFrameworksWithAccess',
    method: 'get',
    path: '/api/frameworks-with-access/{userId}',
    tag: 'frameworks',
    summary: 'All 52 weeks: which have a framework and which are unlocked for the couple',
    access: 'owner',
    success: { 200: { description: 'The 52 weeks in order.', answer: { schema: 'FrameworkWithAccess', list: true } } },
  },
  {
    id: 'getUserProgression',
    method: 'get',
    path: '/api/user-progression/{userId}',
    tag: 'progress',
    summary: "The couple's standing in the course",
    access: 'owner',
    success: {
      200: {
        description: 'Completed weeks, percentage (unrounded) and the next week.',
        answer: { schema: 'UserProgression' },
      },
    },
  },
  {
    id: 'listProgress',
    method: 'get',
    path: '/api/progress/{userId}',
    tag: 'progress',
    summary: "The couple's week records (notes, rating, completion)",
    access: 'owner',
    success: {
      200: {
        description: 'The records of the weeks the couple has touched.',
        answer: { schema: 'ProgressRecord', list: true },
      },
    },
  },
  {
    id: 'completeWeek',
    method: 'post',
    path: '/api/progress/{userId}/{weekNumber}/complete',
    tag: 'progress',
    summary: 'Marks a week completed; completing twice keeps the first completion time',
    access: 'owner',
    success: { 200: { description: "The week's record.", answer: { schema: 'ProgressRecord' } } },
    errors: { 403: LOCKED },
  },
  {
    id: 'updateWeekProgress',
    method: 'post',
    path: '/api/progress/{userId}/{weekNumber}',
    tag: 'progress',
    summary: "Saves a week's notes and/or rating; a field left out keeps its value, rating null clears it",
    access: 'owner',
    body: { json: 'ProgressUpdate' },
    success: { 200: { description: "The week's record.", answer: { schema: 'ProgressRecord' } } },
    errors: { 400: 'Neither notes nor rating sent.', 403: LOCKED },
  },
  {
    id: 'getWorkbookResponse',
    method: 'get',
    path: '/api/workbook-responses/{userId}/{weekNumber}/{partner}',
    tag: 'workbook',
    summary: "A partner's workbook response for a week; never saved: empty texts and lists",
    access: 'owner',
    success: { 200: { description: 'The response.', answer: { schema: 'WorkbookResponse' } } },
  },
  {
    id: 'saveWorkbookResponse',
    method: 'post',
    path: '/api/workbook-responses/{userId}/{weekNumber}/{partner}',
    tag: 'workbook',
    summary: "Saves (replaces) a partner's workbook response for a week; a missing field is saved empty",
    access: 'owner',
    body: { json: 'WorkbookResponseInput' },
    success: { 200: { description: 'The saved response.', answer: { schema: 'WorkbookResponse' } } },
    errors: { 403: LOCKED, 413: 'Larger than the largest valid response.' },
  },
  {
    id: 'getWeekSummary',
    method: 'get',
    path: '/api/week-summary/{userId}/{weekNumber}',
    tag: 'workbook',
    summary: "The couple's stored summary of a week (null before the first)",
    access: 'owner',
    success: { 200: { description: 'The summary.', answer: { schema: 'WeekSummary' } } },
  },
  {
    id: 'generateWeekSummary',
    method: 'post',
    path: '/api/generate-summary/{userId}/{weekNumber}',
    tag: 'workbook',
    summary: "Writes and stores the week's summary from both partners' answers (on the server, no outside service)",
    access: 'owner',
    success: {
      200: { description: 'The new summary (it replaces the old one).', answer: { schema: 'GeneratedSummary' } },
    },
    errors: { 400: 'Both partners need at least one non-empty reflection answer first.', 403: LOCKED },
  },
  {
    id: 'exportOurData',
    method: 'get',
    path: '/api/our-data',
    tag: 'our data',
    summary:
      'Everything the app holds about the signed-in couple (profile, sign-ins, sessions, progress, answers, summaries, reminders, orders, emails), as a JSON download; no password, code or session secret',
    access: 'couple',
    success: {
      200: {
        description:
          'The export, as an attachment named `vows-and-weeks-our-data-YYYY-MM-DD.json`; each key is described in docs/product.md#our-data.',
        answer: { schema: 'OurDataExport' },
      },
    },
    errors: { 403: "Signed in as the admin, who never reads a couple's data." },
  },
  {
    id: 'downloadKeepsake',
    method: 'get',
    path: '/api/keepsake',
    tag: 'our data',
    summary:
      '"Our year": a PDF with both names and the wedding date, then each completed week with both partners\' answers, commitments, rating, notes and the milestones reached',
    access: 'couple',
    success: {
      200: {
        description:
          'The PDF, as an attachment named `our-year.pdf` (`nuestro-a\u00f1o.pdf` for a Spanish sign-in, with `nuestro-anio.pdf` as its ASCII `filename`); kept until something of the couple changes.',
        answer: 'pdf',
      },
    },
    errors: { 403: "Signed in as the admin, who never reads a couple's data." },
  },
  {
    id: 'downloadInventoryReport',
    method: 'get',
    path: '/api/inventory-report.pdf',
    tag: 'our data',
    summary:
      '"What we each expect": the report of a round as a PDF (query `round`, default the latest; `locale` en or es), per topic where the partners agree, differ by two or more points or are not sure',
    access: 'couple',
    success: {
      200: {
        description:
          'The PDF, as an attachment named `what-we-each-expect-round-N.pdf` (`lo-que-cada-quien-espera-ronda-N.pdf` in Spanish).',
        answer: 'pdf',
      },
    },
    errors: {
      400: 'A locale other than en or es, or a round that is not a number.',
      403: "Before both partners have finished (the answers are sealed), or signed in as the admin, who never reads a couple's data.",
      404: 'No round with that number.',
    },
  },
  {
    id: 'downloadCertificate',
    method: 'get',
    path: '/api/certificates/{certificateId}/pdf',
    tag: 'certificates',
    summary:
      "A premarital-education certificate of the signed-in couple (docs/certificates.md): the state's fields, both legal names, the hours, the provider, the verification code and a QR code to /verify/<code>",
    access: 'couple',
    success: {
      200: {
        description: 'The PDF, as an attachment named `certificate-<state>-<completion date>.pdf`.',
        answer: 'pdf',
      },
    },
    errors: {
      403: "Signed in as the admin, who never reads a couple's data.",
      404: 'No such certificate of this couple.',
      409: 'The certificate was revoked.',
    },
  },
  {
    id: 'exportCertificatesCsv',
    method: 'get',
    path: '/api/admin/certificates.csv',
    tag: 'admin',
    summary:
      "Every issued certificate (query `search`: part of either legal name), newest first, as CSV for the provider's own records",
    access: 'admin',
    success: {
      200: {
        description:
          'UTF-8 CSV with a header line: code, state, first_legal_name, second_legal_name, completion_date, intended_marriage_date, hours_first, hours_second, hours_together, delivery_method, provider_name, provider_registration, issued_at, revoked_at, revoked_reason. A cell starting with =, +, - or @ gets a leading apostrophe.',
        answer: 'csv',
      },
    },
    errors: { 400: '`search` is not valid.' },
  },
  {
    id: 'exportOrdersCsv',
    method: 'get',
    path: '/api/admin/orders.csv',
    tag: 'admin',
    summary:
      'Every order the filters select (query `search`: a prefix of the order id, email or name; `status`: pending, completed or refunded), newest first, as CSV',
    access: 'admin',
    success: {
      200: {
        description:
          'UTF-8 CSV with a header line: order_id, status, amount (dollars), first_name, last_name, email, created_at, paid_through_stripe, payment_failed (a pending order whose delayed payment failed). A cell starting with =, +, - or @ gets a leading apostrophe.',
        answer: 'csv',
      },
    },
    errors: { 400: '`search` or `status` is not valid.' },
  },
  {
    id: 'receiveStripeEvent',
    method: 'post',
    path: '/api/payments/webhook',
    tag: 'payments',
    summary:
      "Stripe's events (docs/product.md#card-payments): the `Stripe-Signature` header is verified over the raw body with the webhook secret and a 5-minute tolerance; each event is processed at most once. Exempt from the Origin check.",
    access: 'anyone',
    body: { json: 'StripeEvent' },
    success: { 200: { description: 'A valid event, handled or ignored.', answer: { schema: 'WebhookReceived' } } },
    errors: {
      400: 'The `Stripe-Signature` header is missing, does not match the body, or is more than 5 minutes old: nothing changed.',
      404: 'Card payments are not configured on this server.',
    },
  },
  {
    id: 'returnFromCheckout',
    method: 'get',
    path: '/api/payments/return',
    tag: 'payments',
    summary:
      "Stripe Checkout's success URL (query `session_id`): the session resolved on the server, then a redirect to `/success?payment_intent=pi_...` (with `&code=signed-in` when a signed-in couple paid with their account's email: no code is sent; a gift's: to `/gift/sent#token=...`, decision 0367)",
    access: 'anyone',
    success: {
      303: {
        description: "To the order's /success page; the order is pending until the webhook confirms the payment.",
        answer: 'redirect',
      },
    },
    errors: {
      400: '`session_id` is not a Checkout Session id.',
      404: 'Stripe does not know the session, it was never paid, or card payments are not configured.',
      503: 'Stripe did not answer; try the link again.',
    },
  },
  {
    id: 'downloadGiftCard',
    method: 'get',
    path: '/api/gifts/{token}/card.pdf',
    tag: 'payments',
    summary: "A paid gift's printable card (decision 0242): the couple's names, the message and the redeem code",
    access: 'anyone',
    success: { 200: { description: 'The PDF, as an attachment.', answer: 'pdf' } },
    errors: {
      400: 'The token is not 32 letters or digits.',
      404: 'No gift has this token.',
      409: 'The gift is not paid yet, was refunded, or was opened by a couple who has since deleted their account (its names are gone).',
    },
  },
];

const STATE_CHANGING = new Set(['post', 'put', 'delete']);

/** The path parameters of an OpenAPI path, in order. */
export function pathParameters(path: string): ParameterName[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => {
    const name = match[1]!;
    if (!(name in PATH_PARAMETERS)) throw new Error(`openapi: no schema for the path parameter {${name}} of ${path}`);
    return name as ParameterName;
  });
}

/** Every failure an operation may answer: its own, its access rule's, and the app-wide ones. */
export function errorResponses(operation: ApiOperation): Record<number, string> {
  const reasons = new Map<number, string[]>();
  const add = (status: number, reason: string | undefined) => {
    if (reason) reasons.set(status, [...(reasons.get(status) ?? []), reason]);
  };
  for (const [status, reason] of Object.entries(ACCESS[operation.access].errors)) add(Number(status), reason);
  for (const name of pathParameters(operation.path)) {
    if (name === 'weekNumber' || name === 'partner') add(400, `\`${name}\` is not valid.`);
  }
  if (operation.body) add(400, 'A field is missing or invalid: the message names it.');
  if (operation.body && 'json' in operation.body) {
    add(400, 'The body is not JSON.');
    add(413, 'The body is larger than the limit.');
  }
  for (const [status, reason] of Object.entries(operation.errors ?? {})) add(Number(status), reason);
  if (STATE_CHANGING.has(operation.method)) {
    add(403, 'The request names another site as its `Origin`.');
    add(507, 'The disk is full: nothing was saved.');
  }
  add(500, 'Unexpected: a generic message, never details.');
  return Object.fromEntries([...reasons].sort(([a], [b]) => a - b).map(([status, list]) => [status, list.join(' ')]));
}

/** A zod schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), without the `$schema` key. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function componentSchema(name: SchemaName): JsonSchema {
  const { schema, io } = API_SCHEMAS[name];
  const json = jsonSchema(schema, io);
  if (name !== 'FrameworkUpload') return json;
  // The multipart form: the text fields of the shared schema, plus the file itself.
  const properties = json.properties as Record<string, JsonSchema>;
  return {
    ...json,
    properties: {
      ...properties,
      [UPLOAD_FIELDS.file]: {
        type: 'string',
        contentMediaType: 'application/pdf',
        maxLength: MAX_PDF_BYTES,
        description: `The PDF, at most ${MAX_PDF_LABEL}; recognised by its first bytes (\`${PDF_SIGNATURE}\`), never its name.`,
      },
    },
    required: [...((json.required as string[] | undefined) ?? []), UPLOAD_FIELDS.file],
  };
}

const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

function successResponse(answer: Answer, description: string): JsonSchema {
  if (answer === 'pdf' || answer === 'csv' || answer === 'ics') {
    const type = { pdf: 'application/pdf', csv: 'text/csv', ics: 'text/calendar' }[answer];
    return {
      description,
      // A PDF or a CSV export is described as the file it downloads.
      ...(answer !== 'ics' && {
        headers: {
          'Content-Disposition': { description: 'attachment; filename="…"', schema: { type: 'string' } },
        },
      }),
      content: { [type]: { schema: { type: 'string', contentMediaType: type } } },
    };
  }
  if (answer === 'redirect') {
    return {
      description,
      headers: { Location: { description: 'Where the browser goes.', schema: { type: 'string' } } },
    };
  }
  if (answer === 'openapi') {
    return { description, content: { 'application/json': { schema: { type: 'object' } } } };
  }
  const schema = answer.list ? { type: 'array', items: ref(answer.schema) } : ref(answer.schema);
  return {
    description,
    ...(answer.setsCookie
      ? {
          headers: {
            'Set-Cookie': {
              description: 'The new session: `sid=…; HttpOnly; SameSite=Lax; Path=/` (and `Secure` behind HTTPS).',
              schema: { type: 'string' },
            },
          },
        }
      : {}),
    content: { 'application/json': { schema } },
  };
}

function operationObject(operation: ApiOperation): JsonSchema {
  const access = ACCESS[operation.access];
  const responses: Record<string, JsonSchema> = {};
  for (const [status, { description, answer }] of Object.entries(operation.success)) {
    responses[status] = successResponse(answer, description);
  }
  for (const [status, description] of Object.entries(errorResponses(operation))) {
    responses[status] = {
      description,
      ...(status === '429'
        ? {
            headers: {
              'Retry-After': { description: 'Seconds until a new attempt may succeed.', schema: { type: 'integer' } },
            },
          }
        : {}),
      content: { 'application/json': { schema: ref('Error') } },
    };
  }
  const body = operation.body;
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: `Who may call: ${access.text.charAt(0).toLowerCase()}${access.text.slice(1)}`,
    tags: [operation.tag],
    security: access.security,
    'x-access': operation.access,
    ...(pathParameters(operation.path).length > 0
      ? {
          parameters: pathParameters(operation.path).map((name) => ({
            name,
            in: 'path',
            required: true,
            description: PATH_PARAMETERS[name].description,
            schema: jsonSchema(PATH_PARAMETERS[name].schema, 'input'),
          })),
        }
      : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content:
              'json' in body
                ? { 'application/json': { schema: ref(body.json) } }
                : { 'multipart/form-data': { schema: ref(body.multipart) } },
          },
        }
      : {}),
    responses,
  };
}

/** The whole document. Built once per process by the route below; tests build their own. */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of API_OPERATIONS) {
    paths[operation.path] ??= {};
    const item = paths[operation.path]!;
    if (item[operation.method]) throw new Error(`openapi: ${operation.method} ${operation.path} is listed twice`);
    item[operation.method] = operationObject(operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vows & Weeks REST API',
      version: packageJson.version,
      description:
        'The literal /api paths of Vows & Weeks (docs/product.md#http-api in the repository). Errors answer `{message}`. ' +
        'The web app itself uses the typed tRPC API at /api/trpc, which is not described here.',
    },
    tags: [...new Set(API_OPERATIONS.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: Object.fromEntries(
        (Object.keys(API_SCHEMAS) as SchemaName[]).map((name) => [name, componentSchema(name)]),
      ),
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie a sign-in sets.' },
      },
    },
  };
}

/** GET /api/openapi.json: public, built at the first request and then answered from memory. */
export const openApiRoutes: RestRoutes = (app) => {
  let text: string | undefined;
  app.get('/api/openapi.json', async (_req, reply) => {
    text ??= JSON.stringify(buildOpenApiDocument());
    return reply.type('application/json; charset=utf-8').send(text);
  });
};
