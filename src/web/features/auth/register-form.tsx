import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { registerSchema, type RegisterInput } from '../../../shared/auth-schemas';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { UsernameInput } from './password-sign-in-form';
import { useEnterAfterSignIn } from './session-cache';

/** /register: username, password and its confirmation; the new couple is signed in at once. */
export function RegisterForm() {
  const enter = useEnterAfterSignIn();
  const form = useForm<RegisterInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerSchema, { sync: true }),
    // Say that the passwords differ as soon as the confirmation field is left.
    validateInputOnBlur: ['confirmPassword'],
  });
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: async () => {
        notify.success('Account Created', 'Welcome! Your 52-week journey starts now.');
        await enter('/dashboard');
      },
      onError: (error) => {
        const message = errorMessage(error, 'An error occurred during registration. Please try again.');
        notify.error('Registration Failed', message);
        // A taken name is the username field's problem: say so next to it as well.
        if (error.data?.httpStatus === 409) form.setFieldError('username', message);
      },
    }),
  );
  const busy = register.isPending || register.isSuccess;

  return (
    <form noValidate onSubmit={form.onSubmit((values) => register.mutate(values))}>
      <Stack gap="md">
        <UsernameInput
          description="3-32 letters, digits, _ . or -"
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth loading={busy}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
