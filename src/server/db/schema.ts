import type { Generated, Insertable, Selectable } from 'kysely';
import type { AccessLevel, Partner, Role } from '../../shared/constants';

/** Table types for Kysely, matching db/migrations. */
export interface CouplesTable {
  id: Generated<number>;
  display_name: Generated<string>;
  partner_name: Generated<string>;
  wedding_date: string | null;
  access_level: Generated<AccessLevel>;
  created_at: string;
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
  rating: number | null;
  completed_at: string | null;
  updated_at: string;
}

export interface WorkbookResponsesTable {
  couple_id: number;
  week_number: number;
  partner: Partner;
  /** JSON array of strings. */
  reflection_answers: Generated<string>;
  discussion_notes: Generated<string>;
  activity_response: Generated<string>;
  weekly_commitment: Generated<string>;
  /** JSON array of strings. */
  conversation_cards: Generated<string>;
  updated_at: string;
}

export interface WeekSummariesTable {
  couple_id: number;
  week_number: number;
  summary: string;
  generated_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  subject: string | null;
  message: string;
  created_at: string;
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

export interface Database {
  couples: CouplesTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  orders: OrdersTable;
  frameworks: FrameworksTable;
  progress: ProgressTable;
  workbook_responses: WorkbookResponsesTable;
  week_summaries: WeekSummariesTable;
  contact_messages: ContactMessagesTable;
  admin_audit_log: AdminAuditLogTable;
  admin_second_factor: AdminSecondFactorTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
}

export type Couple = Selectable<CouplesTable>;
export type NewCouple = Insertable<CouplesTable>;
export type Account = Selectable<AccountsTable>;
