import type { Migration } from 'kysely/migration';
import * as initialSchema from './2026-11-21T0000-initial-schema';
import * as completedWeeksIndex from './2026-11-22T0000-completed-weeks-index';
import * as accountEmailProof from './2026-11-23T0000-account-email-proof';
import * as adminAuditLog from './2026-11-23T1000-admin-audit-log';
import * as weekContentAndAnswersById from './2026-11-23T1100-week-content-and-answers-by-id';
import * as mail from './2026-11-23T1200-mail';
import * as inboxAndSitePages from './2026-11-23T1300-inbox-and-site-pages';
import * as adminLists from './2026-11-23T1400-admin-lists';
import * as adminSecondFactorAndInsights from './2026-11-23T1500-admin-second-factor-and-insights';
import * as cardPayments from './2026-11-23T1700-card-payments';
import * as partnerSignIns from './2026-11-23T1800-partner-sign-ins';
import * as outboundEmailsRecipient from './2026-11-23T1900-outbound-emails-recipient';
import * as severalAppProcesses from './2026-11-24T0100-several-app-processes';
import * as authChangeNotices from './2026-11-24T0200-auth-change-notices';
import * as accountLocale from './2026-11-24T0300-account-locale';
import * as deviceTokens from './2026-11-24T0300-device-tokens';
import * as expectationsInventory from './2026-11-24T1300-expectations-inventory';
import * as couponsAndGifts from './2026-11-24T1400-coupons-and-gifts';
import * as pacedPlans from './2026-11-24T1500-paced-plans';
import * as weekContentLocale from './2026-11-24T2100-week-content-locale';
import * as certificates from './2026-11-24T1600-certificates';
import * as facilitators from './2026-11-24T2200-facilitators';
import * as pushSubscriptions from './2026-11-24T2300-push-subscriptions';
import * as workbookAnswerRevisions from './2026-11-24T2400-workbook-answer-revisions';
import * as outboundEmailLanguage from './2026-11-25T0100-outbound-email-language';
import * as progressNotesRevision from './2026-11-25T0200-progress-notes-revision';
import * as sitePageLanguage from './2026-11-26T0100-site-page-language';
import * as answerAndSummaryLanguage from './2026-11-26T0200-answer-and-summary-language';
import * as outboundEmailCouple from './2026-11-27T0100-outbound-email-couple';
import * as orderPaymentFailed from './2026-11-27T0300-order-payment-failed';
import * as giftsByCouple from './2026-11-27T1700-gifts-by-couple';
import * as contactMessagesByEmail from './2026-11-27T1710-contact-messages-by-email';
import * as courseBeats from './2026-11-27T1720-course-beats';
import * as certificatesNeedTheFullCourse from './2026-11-27T1800-certificates-need-the-full-course';
import * as courseTimeWithoutLastBeat from './2026-11-27T1810-course-time-without-last-beat';
import * as packAndGiftPaymentFailed from './2026-11-27T1900-pack-and-gift-payment-failed';
import * as fullAccessGrants from './2026-11-28T0358-full-access-grants';
import * as cohortRemovals from './2026-11-28T0360-cohort-removals';
import * as paymentFailureNotices from './2026-11-28T0365-payment-failure-notices';
import * as cohortRemovalsFromTheAuditLog from './2026-11-28T0371-cohort-removals-from-the-audit-log';
import * as couplesNoticesOnlyForWhatASessionReads from './2026-11-28T0372-couples-notices-only-for-what-a-session-reads';
import * as contentChangeNotices from './2026-11-28T0373-content-change-notices';

/**
 * Every migration, in order. Landed migrations are frozen: add a new file and a line here, with a
 * name that sorts after every existing one (the migrator runs them in name order and refuses a new
 * one that sorts before a migration a database has already run).
 * A static list (rather than reading the folder) keeps migrations working under any bundler or runner.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0000-initial-schema': initialSchema,
  '2026-11-22T0000-completed-weeks-index': completedWeeksIndex,
  '2026-11-23T0000-account-email-proof': accountEmailProof,
  '2026-11-23T1000-admin-audit-log': adminAuditLog,
  '2026-11-23T1100-week-content-and-answers-by-id': weekContentAndAnswersById,
  '2026-11-23T1200-mail': mail,
  '2026-11-23T1300-inbox-and-site-pages': inboxAndSitePages,
  '2026-11-23T1400-admin-lists': adminLists,
  '2026-11-23T1500-admin-second-factor-and-insights': adminSecondFactorAndInsights,
  '2026-11-23T1700-card-payments': cardPayments,
  '2026-11-23T1800-partner-sign-ins': partnerSignIns,
  '2026-11-23T1900-outbound-emails-recipient': outboundEmailsRecipient,
  '2026-11-24T0100-several-app-processes': severalAppProcesses,
  '2026-11-24T0200-auth-change-notices': authChangeNotices,
  '2026-11-24T0300-account-locale': accountLocale,
  '2026-11-24T0300-device-tokens': deviceTokens,
  '2026-11-24T1300-expectations-inventory': expectationsInventory,
  '2026-11-24T1400-coupons-and-gifts': couponsAndGifts,
  '2026-11-24T1500-paced-plans': pacedPlans,
  '2026-11-24T1600-certificates': certificates,
  '2026-11-24T2100-week-content-locale': weekContentLocale,
  '2026-11-24T2200-facilitators': facilitators,
  '2026-11-24T2300-push-subscriptions': pushSubscriptions,
  '2026-11-24T2400-workbook-answer-revisions': workbookAnswerRevisions,
  '2026-11-25T0100-outbound-email-language': outboundEmailLanguage,
  '2026-11-25T0200-progress-notes-revision': progressNotesRevision,
  '2026-11-26T0100-site-page-language': sitePageLanguage,
  '2026-11-26T0200-answer-and-summary-language': answerAndSummaryLanguage,
  '2026-11-27T0100-outbound-email-couple': outboundEmailCouple,
  '2026-11-27T0300-order-payment-failed': orderPaymentFailed,
  '2026-11-27T1700-gifts-by-couple': giftsByCouple,
  '2026-11-27T1710-contact-messages-by-email': contactMessagesByEmail,
  '2026-11-27T1720-course-beats': courseBeats,
  '2026-11-27T1800-certificates-need-the-full-course': certificatesNeedTheFullCourse,
  '2026-11-27T1810-course-time-without-last-beat': courseTimeWithoutLastBeat,
  '2026-11-27T1900-pack-and-gift-payment-failed': packAndGiftPaymentFailed,
  '2026-11-28T0358-full-access-grants': fullAccessGrants,
  '2026-11-28T0360-cohort-removals': cohortRemovals,
  '2026-11-28T0365-payment-failure-notices': paymentFailureNotices,
  '2026-11-28T0371-cohort-removals-from-the-audit-log': cohortRemovalsFromTheAuditLog,
  '2026-11-28T0372-couples-notices-only-for-what-a-session-reads': couplesNoticesOnlyForWhatASessionReads,
  '2026-11-28T0373-content-change-notices': contentChangeNotices,
};
