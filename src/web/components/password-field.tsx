import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useT } from '../i18n/use-t';

/**
 * Mantine's PasswordInput with its visibility toggle named and reached with Tab (Mantine gives it
 * tabindex=-1 unless `visibilityToggleFocusable`; Enter and Space press it), and `aria-invalid` on
 * the field while it shows an error: Mantine sets it on its other inputs but not on this one, so a
 * screen reader said the message without "invalid entry" (screen-reader pass, docs/accessibility.md).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useT();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggle') }}
      visibilityToggleFocusable
      required
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
