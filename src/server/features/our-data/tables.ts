import type { OurDataExport, OurDataKey } from '../../../shared/our-data-schemas';
import type { DB } from '../../db/client';
import type { CoupleAuth } from '../auth/access';
import { exportedAnswers, exportedRounds } from '../inventory/service';
import {
  coupleCertificateRows,
  coupleLegalNameRows,
  coupleOfflineRows,
  coupleTimeRows,
  eraseCoupleCertificates,
} from '../certificates/service';
import { COUPLE_EMAIL_KINDS, eraseCoupleEmails } from '../mail/service';
import { coupleMentorRows } from '../facilitators/service';
import { coupleDevices } from '../push/service';
import { canReadBoth } from '../partners/service';
import * as repo from './repo';
import type { CoupleScope } from './repo';
import { keepsakeAnswers } from './visible-answers';

/*
 * Every table that holds something of a couple, in ONE list (docs/product.md#our-data, decision
 * 0165): what "Download our data" exports, under which key, and what "Delete our account" does
 * with its rows. our-data.test.ts reads the database's own description of its tables and fails
 * when a table linked to a couple or an account is in neither COUPLE_DATA_TABLES nor
 * EXCLUDED_TABLES: a new table must say here what becomes of a couple's rows.
 */

type Row<K extends OurDataKey> = OurDataExport[K] extends (infer Item)[] ? Item : OurDataExport[K];

export interface ReadContext {
  db: DB;
  couple: Pick<CoupleAuth, 'coupleId' | 'accountId' | 'sessionId' | 'partner' | 'privateAnswers'>;
  scope: CoupleScope;
}

export interface CoupleDataTable<K extends OurDataKey = OurDataKey> {
  /** The table in the database. */
  table: string;
  /** The key of the export its rows go under. */
  key: K;
  /** How its rows belong to the couple. */
  link: string;
  /** The couple's rows as exported, a few at a time (never a secret: no hash, no token). */
  rows(context: ReadContext): AsyncIterable<Row<K>>;
  /**
   * What "Delete our account" does with the rows: the back office's deletion (deleteCoupleAccount)
   * removes them, or this feature erases them first; `kept` says why rows stay (detached).
   */
  erase: 'deleteCoupleAccount' | ((db: DB, scope: CoupleScope) => Promise<number>);
  kept?: string;
}

const iso = (epochMs: number) => new Date(epochMs).toISOString();

function table<K extends OurDataKey>(definition: CoupleDataTable<K>): CoupleDataTable<K> {
  return definition;
}

/** One entry of the list, for any key. */
export type AnyCoupleDataTable = { [K in OurDataKey]: CoupleDataTable<K> }[OurDataKey];

export const COUPLE_DATA_TABLES: readonly AnyCoupleDataTable[] = [
  table({
    table: 'couples',
    key: 'profile',
    link: 'couples.id',
    async *rows({ db, scope }) {
      const row = await repo.findProfile(db, scope.coupleId);
      if (!row) return;
      yield {
        coupleId: row.id,
        userDisplayName: row.display_name,
        partnerName: row.partner_name,
        weddingDate: row.wedding_date,
        accessLevel: row.access_level,
        weeklyReminders: row.weekly_reminders === 1,
        timeZone: row.time_zone,
        createdAt: row.created_at,
        lastActiveAt: row.last_active_at,
      };
    },
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'accounts',
    key: 'signIns',
    link: 'accounts.couple_id',
    async *rows({ db, scope }) {
      for (const row of await repo.listAccounts(db, scope.coupleId)) {
        yield {
          accountId: row.id,
          email: row.email,
          username: row.username,
          hasPassword: Boolean(row.has_password),
          hasAccessCode: Boolean(row.has_access_code),
          emailVerifiedAt: row.email_verified_at,
          createdAt: row.created_at,
        };
      }
    },
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'sessions',
    key: 'sessions',
    link: 'sessions.account_id (the couple’s accounts)',
    async *rows({ db, couple, scope }) {
      for (const row of await repo.listSessions(db, scope.accountIds)) {
        yield {
          accountId: row.account_id,
          createdAt: row.created_at,
          expiresAt: iso(row.expires_at),
          current: row.id === couple.sessionId,
        };
      }
    },
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'progress',
    key: 'progress',
    link: 'progress.couple_id',
    async *rows({ db, scope }) {
      for (const row of await repo.listProgress(db, scope.coupleId)) {
        yield {
          weekNumber: row.week_number,
          notes: row.notes,
          rating: row.rating,
          completedAt: row.completed_at,
          updatedAt: row.updated_at,
        };
      }
    },
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'workbook_responses',
    key: 'workbookAnswers',
    link: 'workbook_responses.couple_id',
    // A week at a time, through the one read of the answers the couple may see.
    async *rows({ db, couple, scope }) {
      for (const weekNumber of await repo.listAnsweredWeeks(db, scope.coupleId)) {
        const { partners } = await keepsakeAnswers(db, couple, weekNumber);
        for (const answers of partners) yield { weekNumber, ...answers };
      }
    },
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'week_summaries',
    key: 'weekSummaries',
    link: 'week_summaries.couple_id',
    async *rows({ db, couple, scope }) {
      for (const row of await repo.listSummaries(db, scope.coupleId)) {
        // As workbook.summary and the keepsake answer them: none of a week still sealed.
        if (!(await canReadBoth({ db }, couple, row.week_number))) continue;
        yield { weekNumber: row.week_number, summary: row.summary, generatedAt: row.generated_at };
      }
    },
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'reminders_sent',
    key: 'remindersSent',
    link: 'reminders_sent.couple_id',
    async *rows({ db, scope }) {
      for (const row of await repo.listRemindersSent(db, scope.coupleId)) {
        yield { weekNumber: row.week_number, sentAt: row.sent_at };
      }
    },
    erase: (db, scope) => repo.deleteRemindersSent(db, scope.coupleId),
  }),
  table({
    table: 'couple_plans',
    key: 'plans',
    link: 'couple_plans.couple_id',
    // Never the calendar feed's token hash: only whether a feed exists.
    async *rows({ db, scope }) {
      for (const row of await repo.listPlans(db, scope.coupleId)) {
        yield {
          finishDate: row.finish_date,
          pace: row.pace,
          corePath: row.core_path === null ? null : row.core_path === 1,
          plan: JSON.parse(row.plan) as unknown,
          acceptedAt: row.accepted_at,
          pausedAt: row.paused_at,
          pausedUntil: row.paused_until,
          hasCalendarFeed: row.calendar_token_hash !== null,
        };
      }
    },
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'couple_pauses',
    key: 'pauses',
    link: 'couple_pauses.couple_id',
    async *rows({ db, scope }) {
      for (const row of await repo.listPauses(db, scope.coupleId)) {
        yield { startedAt: row.started_at, endedAt: row.ended_at };
      }
    },
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'partner_invites',
    key: 'partnerInvites',
    link: 'partner_invites.couple_id',
    // Never the invite's code or its hash.
    async *rows({ db, scope }) {
      for (const row of await repo.listPartnerInvites(db, scope.coupleId)) {
        yield {
          partner: row.partner,
          email: row.email,
          createdAt: row.created_at,
          expiresAt: iso(row.expires_at),
          usedAt: row.used_at,
          revokedAt: row.revoked_at,
        };
      }
    },
    // Removed with the couple's row (foreign key on delete cascade).
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'week_shares',
    key: 'weekShares',
    link: 'week_shares.couple_id',
    async *rows({ db, scope }) {
      for (const row of await repo.listWeekShares(db, scope.coupleId)) {
        yield { weekNumber: row.week_number, partner: row.partner, sharedAt: row.shared_at };
      }
    },
    // Removed with the couple's row (foreign key on delete cascade).
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'inventory_rounds',
    key: 'inventoryRounds',
    link: 'inventory_rounds.couple_id',
    async *rows({ db, scope }) {
      for (const row of [...(await exportedRounds(db, scope.coupleId))].reverse()) {
        yield {
          round: row.roundNumber,
          startedAt: row.startedAt,
          partner1FinishedAt: row.partner1FinishedAt,
          partner2FinishedAt: row.partner2FinishedAt,
          revealedAt: row.revealedAt,
        };
      }
    },
    // Removed with the couple's row (foreign key on delete cascade).
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'inventory_answers',
    key: 'inventoryAnswers',
    link: 'inventory_answers.couple_id',
    // Through the inventory's one read: sealed until both finished, private answers to their partner only.
    rows: ({ db, couple }) => exportedAnswers(db, couple),
    // Removed with the couple's row (foreign key on delete cascade).
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'orders',
    key: 'orders',
    link: 'orders.couple_id',
    async *rows({ db, scope }) {
      for (const row of await repo.listOrders(db, scope.coupleId)) {
        yield {
          id: row.id,
          amount: row.amount,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          status: row.status,
          createdAt: row.created_at,
        };
      }
    },
    erase: 'deleteCoupleAccount',
    kept: 'The seller keeps orders for the books: their link to the couple is removed (couple_id set to null).',
  }),
  table({
    table: 'outbound_emails',
    key: 'emails',
    link: 'outbound_emails.couple_id, or (before 2026-11-27) outbound_emails.recipient: an email of the couple’s accounts, emails about the account only',
    async *rows({ db, scope }) {
      for (const row of await repo.listEmails(db, scope, COUPLE_EMAIL_KINDS)) {
        yield {
          kind: row.kind,
          to: row.recipient,
          subject: row.subject,
          text: row.sensitive ? null : row.text_body,
          status: row.status,
          createdAt: row.created_at,
          sentAt: row.sent_at,
        };
      }
    },
    erase: (db, scope) => eraseCoupleEmails(db, { coupleId: scope.coupleId, recipients: scope.emails }),
  }),
  table({
    table: 'push_subscriptions',
    key: 'pushDevices',
    link: 'push_subscriptions.account_id (a sign-in of the couple)',
    async *rows({ db, scope }) {
      for (const row of await coupleDevices(db, scope.accountIds)) yield row;
    },
    // Removed with the accounts (foreign key on delete cascade), their waiting pushes with them.
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'course_time',
    key: 'courseTime',
    link: 'course_time.couple_id',
    async *rows({ db, scope }) {
      for (const row of await coupleTimeRows(db, scope.coupleId)) yield row;
    },
    // Removed with the couple's row (foreign key on delete cascade).
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'offline_time',
    key: 'offlineTime',
    link: 'offline_time.couple_id',
    async *rows({ db, scope }) {
      for (const row of await coupleOfflineRows(db, scope.coupleId)) {
        yield { weekNumber: row.weekNumber, who: row.who, minutes: row.minutes, createdAt: row.createdAt };
      }
    },
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'certificate_names',
    key: 'legalNames',
    link: 'certificate_names.couple_id',
    async *rows({ db, scope }) {
      for (const row of await coupleLegalNameRows(db, scope.coupleId)) yield row;
    },
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'certificates',
    key: 'certificates',
    link: 'certificates.couple_id',
    async *rows({ db, scope }) {
      for (const row of await coupleCertificateRows(db, scope.coupleId)) {
        yield {
          code: row.code,
          state: row.state,
          firstLegalName: row.first_legal_name,
          secondLegalName: row.second_legal_name,
          intendedMarriageDate: row.intended_marriage_date,
          completionDate: row.completion_date,
          issuedAt: row.issued_at,
          revokedAt: row.revoked_at,
        };
      }
    },
    erase: (db, scope) => eraseCoupleCertificates(db, scope.coupleId),
    kept: 'The provider keeps issued certificates for its records and so a clerk can still verify one: their link to the couple is removed (couple_id set to null).',
  }),
  table({
    table: 'facilitator_links',
    key: 'facilitatorLinks',
    link: 'facilitator_links.couple_id',
    async *rows({ db, scope }) {
      const { link } = await coupleMentorRows(db, scope.coupleId);
      if (link) {
        yield {
          facilitatorName: link.facilitatorName,
          organisation: link.organisation,
          cohortName: link.cohortName,
          linkedAt: link.linkedAt,
        };
      }
    },
    // Removed with the couple's row (foreign key on delete cascade): the facilitator sees nothing more.
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'mentor_shares',
    key: 'mentorShares',
    link: 'mentor_shares.couple_id',
    async *rows({ db, scope }) {
      for (const row of (await coupleMentorRows(db, scope.coupleId)).shares) yield row;
    },
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'seat_redemptions',
    key: 'seatRedemptions',
    link: 'seat_redemptions.couple_id',
    async *rows({ db, scope }) {
      for (const row of (await coupleMentorRows(db, scope.coupleId)).seats) {
        yield { redeemedAt: row.redeemedAt, upgraded: row.upgraded === 1 };
      }
    },
    // The pack's seats_used count stays (the seat was used); the row naming the couple goes.
    erase: 'deleteCoupleAccount',
  }),
  table({
    table: 'cohort_removals',
    key: 'cohortRemovals',
    link: 'cohort_removals.couple_id',
    async *rows({ db, scope }) {
      for (const row of (await coupleMentorRows(db, scope.coupleId)).removals) yield row;
    },
    // Removed with the couple's row (foreign key on delete cascade).
    erase: 'deleteCoupleAccount',
  }),
];

/**
 * Tables linked to an account or a couple that the export leaves out, each with its reason. A
 * couple's data never sits here: these belong to the administrator's account.
 */
export const EXCLUDED_TABLES: Record<string, string> = {
  admin_second_factor: "The administrator's second factor: only an admin account has one, never a couple's.",
  admin_recovery_codes: "The administrator's recovery codes: only an admin account has them, never a couple's.",
  admin_audit_log: "The back office's record of what administrators did: its account link is the acting admin's.",
  device_tokens:
    'Which devices signed in (decision 0201): a hash of a random token and its expiry, nothing the couple wrote; removed with the account (on delete cascade).',
  sign_in_lockouts:
    "Failed sign-ins by others (counts only) that paused new devices (decision 0201): the seller's security notice, removed with the account (on delete cascade).",
  course_beats:
    "The time of each partner's last accepted heartbeat (decision 0329), so a stretch of online time is credited once: a clock, nothing the couple wrote (their hours are exported under `courseTime`); removed with the couple (on delete cascade).",
  push_messages:
    'Notifications waiting to be sent to a device (decision 0272): copies of the weekly reminder and share notice, gone once delivered, and removed with the device (on delete cascade).',
  gifts:
    "A gift someone else bought for the couple (decision 0242): the buyer's purchase, kept for the buyer's receipt and the seller's books like its order, which is exported under `orders`. The account's deletion (deleteCoupleAccount) blanks what it holds of the couple, their names and email as the buyer typed them, the message to them and its link to them, and erases its gift email (decision 0334).",
};
