/** A share (0-1) as a whole percentage, or a dash when there is nothing to divide. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/** An audit log time, in the admin's own time zone. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** What an audit log action means, in words; unknown actions are shown as recorded. */
const ACTION_LABELS: Record<string, string> = {
  'admin.second-factor.enable': 'Two-factor sign-in set up',
  'admin.second-factor.disable': 'Two-factor sign-in turned off',
  'admin.second-factor.recovery-code-used': 'Signed in with a recovery code',
  'sign-in.new-devices-paused': 'Sign-ins from new devices paused after failed attempts',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}
