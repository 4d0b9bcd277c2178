/**
 * Every action the audit log records (docs/product.md#admin-audit-log): what the server may write
 * (`recordAdminAction`, `recordSystemAction`), and what the back office names in words, in each
 * language (src/web/features/admin-overview/format.ts). A new action is added here first, and the
 * compiler then asks for its words.
 */
export const AUDIT_ACTIONS = [
  'admin.second-factor.enable',
  'admin.second-factor.disable',
  'admin.second-factor.recovery-code-used',
  'sign-in.new-devices-paused',
  'order.record',
  'order.mark-paid',
  'order.refund',
  'order.refund-in-stripe',
  'order.resend-access',
  'couple.grant-full-access',
  'couple.issue-code',
  'couple.end-sessions',
  'couple.delete',
  'message.reply',
  'message.handled',
  'message.unhandled',
  'site-page.save',
  'content.save',
  'content.revert',
  'content.restore',
  'inventory.save',
  'inventory.revert',
  'coupon.create',
  'coupon.update',
  'gift.record',
  'gift.resend',
  'gift.change-email',
  'facilitator.invite',
  'facilitator.revoke',
  'facilitator.create-cohort',
  'facilitator.message-cohort',
  'facilitator.remove-couple',
  'facilitator.new-join-code',
  'facilitator.new-seat-code',
  'seat-pack.grant',
  'seat-pack.expiry',
  'seat-pack.refund',
  'seat-pack.refund-in-stripe',
  'certificates.provider.save',
  'certificates.signature.save',
  'certificates.signature.remove',
  'certificates.revoke',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
