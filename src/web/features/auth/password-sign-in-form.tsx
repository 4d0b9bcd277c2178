import { Button, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { focusFirstFormError } from '../../lib/focus';
import type { ReactNode } from 'react';
import { useForm } from '@mantine/form';
import { localizedSchemaResolver } from '../../lib/localized-resolver';
import { passwordSignInSchema, type PasswordSignInInput } from '../../../shared/auth-schemas';
import { useT } from '../../i18n/use-t';
import { PasswordField } from '../../components/password-field';

/** The username field of the password forms: typed to match, so no capitals or spelling fixes. */
export function UsernameInput(props: TextInputProps) {
  const { t } = useT();
  return (
    <TextInput
      label={t('auth.password.username')}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}

interface PasswordSignInFormProps {
  submitLabel: string;
  onSubmit: (values: PasswordSignInInput) => void;
  /** From sending until the next page shows (the button spins and cannot be pressed again). */
  busy: boolean;
  /** Shown above the fields: the last refusal that needs more than a toast (SignInPaused). */
  notice?: ReactNode;
}

const SIGN_IN_FIELDS = ['username', 'password'] as const;

/** Username and password, checked with the shared schema before `onSubmit` (/login, /admin-login). */
export function PasswordSignInForm({ submitLabel, onSubmit, busy, notice }: PasswordSignInFormProps) {
  const { t } = useT();
  const form = useForm<PasswordSignInInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: localizedSchemaResolver(passwordSignInSchema),
  });

  return (
    <form
      noValidate
      // Refused before sending: the first field at fault takes the focus, where its message is read out.
      onSubmit={form.onSubmit(onSubmit, focusFirstFormError(form, SIGN_IN_FIELDS))}
    >
      <Stack gap="md">
        {notice}
        <UsernameInput key={form.key('username')} {...form.getInputProps('username')} />
        <PasswordField
          label={t('auth.password.password')}
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
