import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { localizedSchemaResolver } from '../../lib/localized-resolver';
import { useMutation } from '@tanstack/react-query';
import { registerSchema, type RegisterInput } from '../../../shared/auth-schemas';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { UsernameInput } from './password-sign-in-form';
import { useEnterAfterSignIn } from '../../lib/session-cache';
import { rememberSignInMethod } from '../../lib/sign-in-method';
import { useT } from '../../i18n/use-t';
import { TOTAL_WEEKS } from '../../../shared/constants';

/**
 * /register: username, password and its confirmation; the new couple is signed in at once, and goes
 * to the dashboard, or to `next` (a path of this site) when a page sent them here.
 */
export function RegisterForm({ next }: { next?: string | undefined }) {
  const enter = useEnterAfterSignIn();
  const { t } = useT();
  const form = useForm<RegisterInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '', confirmPassword: '' },
    validate: localizedSchemaResolver(registerSchema),
    // Say that the passwords differ as soon as the confirmation field is left.
    validateInputOnBlur: ['confirmPassword'],
  });
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: async () => {
        rememberSignInMethod('password');
        notify.success(t('auth.register.created'), t('auth.register.welcome', { weeks: TOTAL_WEEKS }));
        await enter('/dashboard', undefined, next);
      },
      onError: (error) => {
        const message = errorMessage(error, t('auth.register.error'));
        notify.error(t('auth.register.failed'), message);
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
          description={t('auth.register.usernameHelp')}
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggle') }}
          label={t('auth.password.password')}
          description={t('auth.register.passwordHelp', { count: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggle') }}
          label={t('auth.register.confirm')}
          autoComplete="new-password"
          required
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth loading={busy}>
          {t('auth.register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
