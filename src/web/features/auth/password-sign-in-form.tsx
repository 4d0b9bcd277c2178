import { Button, PasswordInput, Stack, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import { passwordSignInSchema, type PasswordSignInInput } from '../../../shared/auth-schemas';

/** The username field of the password forms: typed to match, so no capitals or spelling fixes. */
export function UsernameInput(props: TextInputProps) {
  return (
    <TextInput label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} required {...props} />
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

/** Username and password, checked with the shared schema before `onSubmit` (/login, /admin-login). */
export function PasswordSignInForm({ submitLabel, onSubmit, busy, notice }: PasswordSignInFormProps) {
  const form = useForm<PasswordSignInInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(passwordSignInSchema, { sync: true }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        {notice}
        <UsernameInput key={form.key('username')} {...form.getInputProps('username')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
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
