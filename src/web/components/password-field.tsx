import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useRef } from 'react';
import { useT } from '../i18n/use-t';

/**
 * Mantine's PasswordInput with its visibility toggle named and reached with Tab (Mantine gives it
 * tabindex=-1 unless `visibilityToggleFocusable`; Enter and Space press it), and `aria-invalid` on
 * the field while it shows an error: Mantine sets it on its other inputs but not on this one, so a
 * screen reader said the message without "invalid entry" (screen-reader pass, docs/accessibility.md).
 *
 * Mantine toggles on mouse-down, touch-end and Enter/Space, never on a click alone: the click a
 * screen reader's or voice control's "press" may send without the pointer's events did nothing.
 * A click that follows a mouse-down (which toggled already) is left alone, so every press toggles
 * once; touch-end and the keys cancel their click themselves.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useT();
  const toggledByPointer = useRef(false);
  const [visible, setVisible] = useUncontrolled({
    value: props.visible,
    defaultValue: props.defaultVisible,
    finalValue: false,
    onChange: props.onVisibilityChange,
  });
  return (
    <PasswordInput
      visibilityToggleButtonProps={{
        'aria-label': t('auth.password.toggle'),
        onMouseDown: () => {
          toggledByPointer.current = true;
        },
        onClick: () => {
          if (!toggledByPointer.current) setVisible(!visible);
          toggledByPointer.current = false;
        },
      }}
      visibilityToggleFocusable
      required
      aria-invalid={props.error ? true : undefined}
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
    />
  );
}
