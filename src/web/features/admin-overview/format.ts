import { formatDateTime, formatNumber } from '../../../shared/i18n/format';
import type { MessageId } from '../../../shared/i18n/locales';
import { activeLocale, translate } from '../../i18n/i18n';

/** A share (0-1) as a whole percentage, or a dash when there is nothing to divide. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : formatNumber(activeLocale(), share, { style: 'percent', maximumFractionDigits: 0 });
}

/** An audit log time, in the admin's own time zone and language. */
export function formatWhen(iso: string): string {
  return formatDateTime(activeLocale(), iso);
}

/** What an audit log action means, in words (`admin.audit.action.<action>`); unknown actions are shown as recorded. */
const ACTION_LABELS: Record<string, MessageId> = {
  'admin.second-factor.enable': 'admin.audit.action.secondFactorEnabled',
  'admin.second-factor.disable': 'admin.audit.action.secondFactorDisabled',
  'admin.second-factor.recovery-code-used': 'admin.audit.action.recoveryCodeUsed',
  'sign-in.new-devices-paused': 'admin.audit.action.newDevicesPaused',
};

/** Whether `actionLabel` has words for the action (else it shows the recorded code). */
export function hasActionLabel(action: string): boolean {
  return action in ACTION_LABELS;
}

export function actionLabel(action: string): string {
  const id = ACTION_LABELS[action];
  return id ? translate(id) : action;
}
