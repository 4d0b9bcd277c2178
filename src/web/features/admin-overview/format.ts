import { formatNumber } from '../../../shared/i18n/format';
import type { AuditAction } from '../../../shared/audit-actions';
import type { MessageId } from '../../../shared/i18n/locales';
import { activeLocale, translate } from '../../i18n/i18n';

/** A share (0-1) as a whole percentage, or a dash when there is nothing to divide. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : formatNumber(activeLocale(), share, { style: 'percent', maximumFractionDigits: 0 });
}

/**
 * What each audit log action means, in words (`admin.audit.action.<name>`): every action the server
 * records (src/shared/audit-actions.ts), so a new one does not compile without its words.
 */
const ACTION_LABELS: Record<AuditAction, MessageId> = {
  'admin.second-factor.enable': 'admin.audit.action.secondFactorEnabled',
  'admin.second-factor.disable': 'admin.audit.action.secondFactorDisabled',
  'admin.second-factor.recovery-code-used': 'admin.audit.action.recoveryCodeUsed',
  'sign-in.new-devices-paused': 'admin.audit.action.newDevicesPaused',
  'order.record': 'admin.audit.action.orderRecorded',
  'order.mark-paid': 'admin.audit.action.orderMarkedPaid',
  'order.refund': 'admin.audit.action.orderRefunded',
  'order.refund-in-stripe': 'admin.audit.action.orderRefundedInStripe',
  'order.resend-access': 'admin.audit.action.accessCodeResent',
  'couple.grant-full-access': 'admin.audit.action.fullAccessGranted',
  'couple.issue-code': 'admin.audit.action.accessCodeIssued',
  'couple.end-sessions': 'admin.audit.action.coupleSignedOut',
  'couple.delete': 'admin.audit.action.coupleDeleted',
  'message.reply': 'admin.audit.action.messageAnswered',
  'message.handled': 'admin.audit.action.messageHandled',
  'message.unhandled': 'admin.audit.action.messageUnhandled',
  'site-page.save': 'admin.audit.action.sitePageSaved',
  'content.save': 'admin.audit.action.weekSaved',
  'content.revert': 'admin.audit.action.weekReverted',
  'content.restore': 'admin.audit.action.weekRestored',
  'inventory.save': 'admin.audit.action.inventorySaved',
  'inventory.revert': 'admin.audit.action.inventoryReverted',
  'coupon.create': 'admin.audit.action.couponCreated',
  'coupon.update': 'admin.audit.action.couponChanged',
  'gift.record': 'admin.audit.action.giftRecorded',
  'gift.resend': 'admin.audit.action.giftResent',
  'gift.change-email': 'admin.audit.action.giftEmailChanged',
  'facilitator.invite': 'admin.audit.action.facilitatorInvited',
  'facilitator.revoke': 'admin.audit.action.facilitatorRevoked',
  'facilitator.create-cohort': 'admin.audit.action.facilitatorCreatedCohort',
  'facilitator.message-cohort': 'admin.audit.action.facilitatorMessagedCohort',
  'facilitator.remove-couple': 'admin.audit.action.facilitatorRemovedCouple',
  'facilitator.new-join-code': 'admin.audit.action.facilitatorNewJoinCode',
  'facilitator.new-seat-code': 'admin.audit.action.facilitatorNewSeatCode',
  'seat-pack.grant': 'admin.audit.action.seatsGranted',
  'seat-pack.expiry': 'admin.audit.action.seatPackExpiryChanged',
  'seat-pack.refund': 'admin.audit.action.seatPackRefunded',
  'seat-pack.refund-in-stripe': 'admin.audit.action.seatPackRefundedInStripe',
  'certificates.provider.save': 'admin.audit.action.certificateProviderSaved',
  'certificates.signature.save': 'admin.audit.action.certificateSignatureSaved',
  'certificates.signature.remove': 'admin.audit.action.certificateSignatureRemoved',
  'certificates.revoke': 'admin.audit.action.certificateRevoked',
};

/** Whether `actionLabel` has words for the action (an action no longer recorded shows its code). */
export function hasActionLabel(action: string): action is AuditAction {
  return Object.hasOwn(ACTION_LABELS, action);
}

export function actionLabel(action: string): string {
  return hasActionLabel(action) ? translate(ACTION_LABELS[action]) : action;
}
