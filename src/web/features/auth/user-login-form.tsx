import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { passwordSignInSchema, type PasswordSignInInput } from '../../../shared/auth-schemas';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { resetSessionCache } from './session-cache';

/** /login: a couple that registered with a username signs in and goes to the dashboard. */
export function UserLoginForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<PasswordSignInInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(passwordSignInSchema, { sync: true }),
  });
  const login = useMutation(
    trpc.auth.userLogin.mutationOptions({
      onSuccess: async () => {
        notify.success('Login Successful', 'Welcome back!');
        await resetSessionCache(queryClient);
        await navigate({ to: '/dashboard' });
      },
      onError: (error) =>
        notify.error('Login Failed', errorMessage(error, 'An error occurred during login. Please try again.')),
    }),
  );
  const busy = login.isPending || login.isSuccess;

  return (
    <form noValidate onSubmit={form.onSubmit((values) => login.mutate(values))}>
      <Stack gap="md">
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth loading={busy}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
