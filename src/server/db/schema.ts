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
  /** 1: weekly reminders on (the default), 0: unsubscribed. */
  weekly_reminders: Generated<number>;
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
  /** When the seller replied from the inbox; null while unanswered. */
  handled_at: Generated<string | null>;
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
}

export interface RemindersSentTable {
  couple_id: number;
  week_number: number;
  sent_at: string;
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
  outbound_emails: OutboundEmailsTable;
  reminders_sent: RemindersSentTable;
}

export type Couple = Selectable<CouplesTable>;
export type NewCouple = Insertable<CouplesTable>;
export type Account = Selectable<AccountsTable>;
