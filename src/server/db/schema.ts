import type { ColumnType, Generated } from 'kysely';
import type { AccessLevel, Partner, Role } from '../../shared/constants';

/** Table types for Kysely, matching db/migrations. */
export interface CouplesTable {
  id: Generated<number>;
  display_name: Generated<string>;
  partner_name: Generated<string>;
  wedding_date: string | null;
  access_level: Generated<AccessLevel>;
  created_at: string;
  /**
   * The couple's latest sign-in or saved progress or workbook answer (decision 0147); kept by
   * database triggers, never written by the app.
   */
  last_active_at: Generated<string | null>;
  /** 1: weekly reminders on (the default), 0: unsubscribed. */
  weekly_reminders: Generated<number>;
  /** 1: each partner's answers are sealed from the other until both share the week (decision 0161). */
  private_answers: Generated<number>;
  /** The couple's IANA time zone; null: UTC (decision 0252). */
  time_zone: Generated<string | null>;
  /**
   * When the seller granted the couple full access from the back office (decision 0358): a source
   * of their access that no refund takes back. Null: never granted.
   */
  access_granted_at: Generated<string | null>;
  /** The administrator who granted it, by the username they had then (as the audit log names them). */
  access_granted_by: Generated<string | null>;
}

export interface AccountsTable {
  id: Generated<number>;
  role: Role;
  couple_id: number | null;
  username: string | null;
  email: string | null;
  password_hash: string | null;
  access_code_hash: string | null;
  created_at: string;
  /**
   * When the account's email was proven to be its owner's (a personal code delivered to the buyer
   * by a completed order); null for an email typed in by whoever started a trial with it.
   */
  email_verified_at: Generated<string | null>;
  /**
   * Null for the couple's original sign-in; the partner a personal sign-in (made by accepting an
   * invite) is bound to (decision 0160).
   */
  partner: Generated<Partner | null>;
  /** The sign-in's language, 'en' or 'es' (decision 0231): its emails and PDFs follow it. */
  locale: Generated<'en' | 'es'>;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  account_id: number;
  expires_at: number;
  created_at: string;
}

export interface OrdersTable {
  id: string;
  couple_id: number | null;
  amount: number;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  created_at: string;
  /** Lower-case ISO code; 'usd' for orders recorded before card payments. */
  currency: Generated<string>;
  /** 'stripe' when a card payment created the order; null when recorded by hand. */
  provider: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why a payment was not honoured as paid (amount or currency not the price); null when fine. */
  flag: ColumnType<string | null, string | null | undefined, string | null>;
  /** When Stripe reported the order's delayed payment failed (decision 0323); null otherwise. */
  payment_failed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FrameworksTable {
  id: Generated<number>;
  week_number: number;
  title: string;
  description: Generated<string>;
  file_name: string;
  file_size: number;
  uploaded_at: string;
}

export interface ProgressTable {
  couple_id: number;
  week_number: number;
  notes: Generated<string>;
  /** Decision 0280: 0 until the notes are first saved, one more on each save of them. */
  notes_revision: Generated<number>;
  rating: number | null;
  completed_at: string | null;
  updated_at: string;
}

export interface WorkbookResponsesTable {
  couple_id: number;
  week_number: number;
  partner: Partner;
  /** JSON object: answer text by question id (decision 0126). */
  reflection_answers: Generated<string>;
  discussion_notes: Generated<string>;
  activity_response: Generated<string>;
  weekly_commitment: Generated<string>;
  /** JSON object: note text by card id (decision 0126). */
  conversation_cards: Generated<string>;
  updated_at: string;
  /** 1 on the first save, one more on each (decision 0267): the base a save names to be accepted. */
  revision: Generated<number>;
  /** 'en' or 'es': the language of the sign-in that last saved them; null for answers saved before 2026-11-26. */
  language: string | null;
}

export interface WeekSummariesTable {
  couple_id: number;
  week_number: number;
  summary: string;
  generated_at: string;
  /** 'en' or 'es': the language it is written in; null for summaries written before 2026-11-26. */
  language: string | null;
}

/** The current version of a week's content (decision 0125). */
export interface WeekContentsTable {
  week_number: number;
  /** The edition's language (decision 0232). */
  locale: Generated<'en' | 'es'>;
  /** JSON of the shared week content schema. */
  content: string;
  status: 'default' | 'edited';
  updated_at: string;
}

/** A version of a week's content that a later one replaced. */
export interface WeekContentVersionsTable {
  id: Generated<number>;
  week_number: number;
  locale: Generated<'en' | 'es'>;
  content: string;
  status: 'default' | 'edited';
  saved_at: string;
  replaced_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  subject: string | null;
  message: string;
  created_at: string;
  /** When the seller first opened the message in the inbox; null while unread. */
  read_at: Generated<string | null>;
  /** When the message was marked handled (or answered); null while open. */
  handled_at: Generated<string | null>;
}

/** A public page the seller wrote (docs/product.md#admin-screen); no row: not published. */
export interface SitePagesTable {
  slug: string;
  markdown: string;
  updated_at: string;
  /** The administrator's username at the time of saving. */
  updated_by: string;
  /** 'en' or 'es': the language the text is written in; null for pages saved before it was asked. */
  language: string | null;
}

export interface AdminAuditLogTable {
  id: Generated<number>;
  /** Null once the administrator account is gone; the username stays for the record. */
  actor_account_id: number | null;
  actor_username: string;
  action: string;
  target: string | null;
  address: string | null;
  created_at: string;
}

/** The administrator's TOTP second factor (docs/product.md#admin-second-factor). */
export interface AdminSecondFactorTable {
  account_id: number;
  /** AES-256-GCM with a key derived from the server key; never leaves the server. */
  secret_encrypted: string;
  /** Null while set-up waits for the first code. */
  enabled_at: string | null;
  /** The newest TOTP time step a code was accepted for: a code is good once. */
  last_used_step: number | null;
  created_at: string;
}

export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  account_id: number;
  /** Keyed hash (HMAC-SHA256 with a key derived from the server key). */
  code_hash: string;
  used_at: string | null;
}

export type OutboundEmailStatus = 'preparing' | 'pending' | 'sent' | 'failed';

/** The durable mail queue (db/migrations/2026-11-23T1200-mail.ts). */
export interface OutboundEmailsTable {
  id: Generated<number>;
  message_id: string;
  kind: string;
  recipient: string;
  subject: Generated<string>;
  text_body: Generated<string>;
  html_body: Generated<string>;
  /** JSON object of extra headers (List-Unsubscribe). */
  headers: Generated<string>;
  /** 1 when the bodies hold a secret (an access code): emptied once sent. */
  sensitive: Generated<number>;
  status: OutboundEmailStatus;
  attempts: Generated<number>;
  last_error: string | null;
  /** Epoch milliseconds. */
  next_attempt_at: number;
  /** Epoch milliseconds: a worker is sending it until then. */
  locked_until: number | null;
  created_at: string;
  sent_at: string | null;
  /** The language the email is written in (en, es); null for emails queued before 2026-11-25. */
  language: string | null;
  /**
   * The couple it was sent about (the couple's kinds, decision 0318): erased with the couple,
   * whatever the address. Null for the seller's notices, gifts, and emails queued before 2026-11-27.
   */
  couple_id: number | null;
}

export interface RemindersSentTable {
  couple_id: number;
  week_number: number;
  sent_at: string;
}

export interface PaymentEventsTable {
  /** The provider's event id (Stripe's evt_...). */
  id: string;
  type: string;
  payment_intent: string | null;
  received_at: string;
}

/** A payment whose failure was told to its buyer and the seller (decision 0365): claimed once. */
export interface PaymentFailureNoticesTable {
  payment_intent: string;
  told_at: string;
}

/** An invite to the other partner (docs/product.md#partner-sign-ins). */
export interface PartnerInvitesTable {
  id: Generated<number>;
  /** Keyed hash of the invite code (the code is in the link). */
  token_hash: string;
  couple_id: number;
  partner: Partner;
  email: string | null;
  /** Epoch milliseconds. */
  expires_at: number;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

/** A partner marked a week's answers as shared (docs/product.md#sealed-answers). */
export interface WeekSharesTable {
  couple_id: number;
  week_number: number;
  partner: Partner;
  shared_at: string;
  /** When the partner who shared first saw that the other has shared too. */
  notice_seen_at: string | null;
}

/** A rate-limit window on PostgreSQL (decision 0179): a limit, a hashed key, its count and end. */
export interface RateLimitWindowsTable {
  limiter: string;
  key_hash: string;
  count: number;
  /** Epoch milliseconds. */
  reset_at: number;
}

/** A fact every app process checks at start-up (decision 0179), by name. */
export interface InstanceChecksTable {
  name: string;
  value: string;
}

/** The plan a couple accepted (docs/product.md#paced-plan, decision 0250). */
export interface CouplePlansTable {
  couple_id: number;
  /** A finish date the couple chose; null: the wedding date. */
  finish_date: string | null;
  /** Sessions a week the couple chose; null: the plan chooses. */
  pace: number | null;
  /** 1/0: the couple chose the core path or not; null: the plan chooses. */
  core_path: number | null;
  /** JSON of the accepted Plan (shared/plan.ts). */
  plan: string;
  accepted_at: string;
  /** When the current pause began; null: not paused. */
  paused_at: string | null;
  /** `YYYY-MM-DD` the pause ends on; null: open-ended (or not paused). */
  paused_until: string | null;
  /** Keyed hash of the calendar feed's token; null: no feed (or revoked). */
  calendar_token_hash: string | null;
}

/** Every pause of a couple's plan, so the streak skips the weeks of a break. */
export interface CouplePausesTable {
  couple_id: number;
  started_at: string;
  ended_at: string | null;
}

/** The seller's core-week marks; a week without a row follows DEFAULT_CORE_WEEKS. */
export interface CoreWeeksTable {
  week_number: number;
  core: number;
  updated_at: string;
}

/** A device that signed in to an account (decision 0201): the hash of its token's id. */
export interface DeviceTokensTable {
  token_hash: string;
  account_id: number;
  /** Epoch milliseconds. */
  expires_at: number;
  created_at: string;
}

/** A failed sign-in from a device not trusted by the account (decision 0201), kept a day. */
export interface SignInFailuresTable {
  /** HMAC of the lower-cased username or email. */
  key_hash: string;
  /** HMAC of the client address: counted, never shown. */
  address_hash: string;
  /** Epoch milliseconds. */
  failed_at: number;
}

/** An account's budget for untrusted devices ran out (the back office's notice, decision 0201). */
export interface SignInLockoutsTable {
  id: Generated<number>;
  account_id: number;
  failures: number;
  addresses: number;
  /** Epoch milliseconds: when the window (and the refusal of new devices) ends. */
  window_ends_at: number;
  created_at: string;
}

/** A seller's coupon code (decision 0240): `amount` is a percentage (1-100) or cents. */
export interface CouponsTable {
  id: Generated<number>;
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  expires_at: string | null;
  max_uses: number | null;
  first_purchase_only: Generated<number>;
  active: Generated<number>;
  /** Reserved and used uses: raised by one conditional UPDATE, so the cap holds under concurrency. */
  uses_taken: Generated<number>;
  created_at: string;
}

/** One checkout that applied a coupon: reserved, then used (its order completed) or released. */
export interface CouponUsesTable {
  id: Generated<number>;
  coupon_id: number;
  status: 'reserved' | 'used' | 'released';
  /** What the checkout charges, in cents: the webhook accepts exactly this amount. */
  amount: number;
  /** Epoch milliseconds after which a reservation whose checkout never completed is released. */
  reserved_until: number;
  order_id: string | null;
  created_at: string;
}

/** The course bought as a gift for another couple (decision 0242). */
export interface GiftsTable {
  id: Generated<number>;
  /** The buyer's secret for the receipt page and the printable card. */
  buyer_token: string;
  redeem_code: string;
  buyer_name: string;
  buyer_email: string;
  couple_names: string;
  couple_email: string;
  message: Generated<string>;
  /** Epoch milliseconds: when the gift email is due (the outbox row's next_attempt_at). */
  send_at: number;
  locale: Generated<string>;
  order_id: string | null;
  /** The outbox row of the latest gift email. */
  email_id: number | null;
  paid_at: string | null;
  /**
   * When Stripe reported the delayed payment for this unpaid gift failed (decision 0352): the gift
   * stays unpaid, and its buyer's page says the payment did not go through. Null otherwise.
   */
  payment_failed_at: ColumnType<string | null, string | null | undefined, string | null>;
  redeemed_at: string | null;
  couple_id: number | null;
  created_at: string;
}

/** Who a stretch of course time belongs to: one partner, or both together (issue 37). */
export type TimeOwner = 'partner1' | 'partner2' | 'together';

/** Active time on a week's material and workbook, from the browser's heartbeats (decision 0245). */
export interface CourseTimeTable {
  couple_id: number;
  week_number: number;
  who: TimeOwner;
  active_seconds: Generated<number>;
  updated_at: string;
}

/**
 * Each partner's last accepted heartbeat, whatever the week (decision 0329): one stretch of time
 * is credited once per partner. A heartbeat "together" moves both partners' rows.
 */
export interface CourseBeatsTable {
  couple_id: number;
  partner: 'partner1' | 'partner2';
  /** Epoch milliseconds. */
  last_beat_at: number;
}

/** Time the couple reported for a week's offline conversation and activity. */
export interface OfflineTimeTable {
  id: Generated<number>;
  couple_id: number;
  week_number: number;
  who: TimeOwner;
  minutes: number;
  created_at: string;
}

/** Each partner's legal name for a certificate, entered by the partner themselves. */
export interface CertificateNamesTable {
  couple_id: number;
  partner: Partner;
  legal_name: string;
  updated_at: string;
}

/** The seller's provider settings (one row, id 1). */
export interface CertificateProviderTable {
  id: number;
  provider_name: string;
  credentials: string;
  contact: string;
  course_name: string;
  delivery_method: string;
  /** JSON array of state codes. */
  offered_states: string;
  /** JSON object: state code -> registration number. */
  registrations: string;
  /** Base64 PNG or JPEG, or null. */
  signature_image: string | null;
  signature_type: string | null;
  updated_at: string;
}

/** An issued certificate: a snapshot of what it prints (the provider's record). */
export interface CertificatesTable {
  id: Generated<number>;
  code: string;
  couple_id: number | null;
  state: string;
  first_legal_name: string;
  second_legal_name: string;
  search_names: string;
  intended_marriage_date: string;
  completion_date: string;
  first_minutes: number;
  second_minutes: number;
  together_minutes: number;
  delivery_method: string;
  course_name: string;
  provider_name: string;
  provider_credentials: string;
  provider_registration: string;
  provider_contact: string;
  issued_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface Database {
  couples: CouplesTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  orders: OrdersTable;
  frameworks: FrameworksTable;
  progress: ProgressTable;
  workbook_responses: WorkbookResponsesTable;
  week_summaries: WeekSummariesTable;
  week_contents: WeekContentsTable;
  week_content_versions: WeekContentVersionsTable;
  contact_messages: ContactMessagesTable;
  admin_audit_log: AdminAuditLogTable;
  site_pages: SitePagesTable;
  admin_second_factor: AdminSecondFactorTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  outbound_emails: OutboundEmailsTable;
  reminders_sent: RemindersSentTable;
  payment_events: PaymentEventsTable;
  payment_failure_notices: PaymentFailureNoticesTable;
  partner_invites: PartnerInvitesTable;
  week_shares: WeekSharesTable;
  inventory_topics: InventoryTopicsTable;
  inventory_rounds: InventoryRoundsTable;
  inventory_answers: InventoryAnswersTable;
  rate_limit_windows: RateLimitWindowsTable;
  instance_checks: InstanceChecksTable;
  couple_plans: CouplePlansTable;
  couple_pauses: CouplePausesTable;
  core_weeks: CoreWeeksTable;
  device_tokens: DeviceTokensTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_lockouts: SignInLockoutsTable;
  coupons: CouponsTable;
  coupon_uses: CouponUsesTable;
  gifts: GiftsTable;
  course_time: CourseTimeTable;
  course_beats: CourseBeatsTable;
  offline_time: OfflineTimeTable;
  certificate_names: CertificateNamesTable;
  certificate_provider: CertificateProviderTable;
  certificates: CertificatesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_messages: PushMessagesTable;
  organisations: OrganisationsTable;
  facilitators: FacilitatorsTable;
  facilitator_sessions: FacilitatorSessionsTable;
  cohorts: CohortsTable;
  seat_packs: SeatPacksTable;
  facilitator_links: FacilitatorLinksTable;
  seat_redemptions: SeatRedemptionsTable;
  mentor_shares: MentorSharesTable;
  cohort_removals: CohortRemovalsTable;
}

/** Who buys seat packs: a parish, a practice (issue 38). */
export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}

export type FacilitatorKind = 'counsellor' | 'pastor' | 'mentor_couple';

/** A facilitator the seller invited; their own sign-in, apart from accounts (decision 0260). */
export interface FacilitatorsTable {
  id: Generated<number>;
  organisation_id: number | null;
  name: string;
  email: string;
  kind: FacilitatorKind;
  locale: Generated<'en' | 'es'>;
  /** Null until the invite is accepted. */
  password_hash: string | null;
  /** sha256 of the invite token; null once accepted. */
  invite_token_hash: string | null;
  /** Epoch milliseconds. */
  invite_expires_at: number | null;
  totp_secret_encrypted: string | null;
  totp_enabled_at: string | null;
  totp_last_step: number | null;
  revoked_at: string | null;
  created_at: string;
}

export interface FacilitatorSessionsTable {
  id: Generated<number>;
  token_hash: string;
  facilitator_id: number;
  /** Epoch milliseconds. */
  expires_at: number;
  created_at: string;
}

export interface CohortsTable {
  id: Generated<number>;
  facilitator_id: number;
  name: string;
  /** The code (and link) couples join with; unguessable (decision 0262). */
  join_code: string;
  created_at: string;
}

export interface SeatPacksTable {
  id: Generated<number>;
  organisation_id: number | null;
  facilitator_id: number;
  cohort_id: number;
  seats: number;
  /** Raised by one conditional UPDATE, so the last seat goes once (decision 0263). */
  seats_used: Generated<number>;
  code: string;
  channel: 'stripe' | 'manual';
  status: 'pending' | 'active' | 'refunded';
  /** Cents paid (0 for a grant). */
  amount: Generated<number>;
  currency: string;
  order_id: string | null;
  /** `YYYY-MM-DD`, the last day a seat can be redeemed; null: no expiry. */
  expires_on: string | null;
  paid_at: string | null;
  /**
   * When Stripe reported the delayed payment for this pending pack failed (decision 0352): it stays
   * `pending` (it gives no seat) and is shown as failed. Null otherwise.
   */
  payment_failed_at: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_at: string | null;
  /** 1 when the seller chose, at the refund, to end the redeemed couples' full access. */
  access_revoked: Generated<number>;
  created_at: string;
}

/** A couple's consent to one facilitator; unlinking deletes the row. */
export interface FacilitatorLinksTable {
  couple_id: number;
  facilitator_id: number;
  cohort_id: number;
  linked_at: string;
}

export interface SeatRedemptionsTable {
  pack_id: number;
  couple_id: number;
  /** 1 when the seat changed the couple from trial to full access. */
  upgraded: number;
  redeemed_at: string;
}

/** A week a couple chose to show their facilitator ("share with our mentor"). */
export interface MentorSharesTable {
  couple_id: number;
  week_number: number;
  shared_at: string;
}

/** A couple their facilitator removed from a cohort: no code of that cohort links them again (decision 0360). */
export interface CohortRemovalsTable {
  cohort_id: number;
  couple_id: number;
  removed_at: string;
}

/** The current statements of an inventory topic (JSON of the shared topic schema), decision 0235. */
export interface InventoryTopicsTable {
  topic_id: string;
  position: number;
  content: string;
  status: 'default' | 'edited';
  updated_at: string;
}

/** One take of the expectations inventory by a couple (decision 0236). */
export interface InventoryRoundsTable {
  id: Generated<number>;
  couple_id: number;
  round_number: number;
  started_at: string;
  partner1_finished_at: string | null;
  partner2_finished_at: string | null;
  revealed_at: string | null;
  /** JSON: per topic, how many statements the two differ on by two or more (written at the reveal). */
  topic_talk: string | null;
}

/** One partner's answer to one statement: 1-5, or 0 for "not sure". */
export interface InventoryAnswersTable {
  round_id: number;
  couple_id: number;
  partner: Partner;
  statement_id: string;
  answer: number;
  updated_at: string;
}

/** A device that receives push reminders, bound to the sign-in that opted in (decision 0271). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  account_id: number;
  /** The push service's address for this device (unique). */
  endpoint: string;
  /** The device's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  device_label: string;
  created_at: string;
  last_delivered_at: string | null;
}

/** A notification waiting for the push worker (decision 0272), one per device. */
export interface PushMessagesTable {
  id: Generated<number>;
  subscription_id: number;
  kind: string;
  /** JSON of PushPayload (src/shared/push-schemas.ts). */
  payload: string;
  attempts: Generated<number>;
  /** Epoch milliseconds. */
  next_attempt_at: number;
  /** Epoch milliseconds. */
  leased_until: number | null;
  created_at: string;
}
