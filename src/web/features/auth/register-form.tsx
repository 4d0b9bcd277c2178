import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { localizedSchemaResolver } from '../../lib/localized-resolver';
import { useMutation } from '@tanstack/react-query';
import { registerSchema, type RegisterInput } from '../../../shared/auth-schemas';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { UsernameInput } from './password-sign-in-form';
import { PasswordField } from '../../components/password-field';
import { focusFirstFormError, rememberFocus, returnFocus } from '../../lib/focus';
import { useEnterAfterSignIn } from '../../lib/session-cache';
import { rememberSignInMethod } from '../../lib/sign-in-method';
import { useT } from '../../i18n/use-t';
import { TOTAL_WEEKS } from '../../../shared/constants';

/** The fields in the order the form shows them: the first with an error gets the focus. */
const REGISTER_FIELDS = ['username', 'password', 'confirmPassword'] as const;

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
      // "Create account" is disabled while the request runs, and the browser drops its focus to the
      // page's body: a refusal brings it back (decision 0346), a taken name to the username field.
      onMutate: rememberFocus,
      onSuccess: async () => {
        rememberSignInMethod('password');
        notify.success(t('auth.register.created'), t('auth.register.welcome', { weeks: TOTAL_WEEKS }));
        await enter('/dashboard', undefined, next);
      },
      onError: (error, _input, remembered) => {
        const message = errorMessage(error, t('auth.register.error'));
        notify.error(t('auth.register.failed'), message);
        // A taken name is the username field's problem: say so next to it as well, with the focus there.
        if (error.data?.httpStatus === 409) {
          form.setFieldError('username', message);
          returnFocus(remembered, () => form.getInputNode('username') ?? null);
        } else {
          returnFocus(remembered);
        }
      },
    }),
  );
  const busy = register.isPending || register.isSuccess;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => register.mutate(values),
        // Refused before sending: the first field at fault takes the focus, where its message is read out.
        focusFirstFormError(form, REGISTER_FIELDS),
      )}
    >
      <Stack gap="md">
        <UsernameInput
          description={t('auth.register.usernameHelp')}
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordField
          label={t('auth.password.password')}
          description={t('auth.register.passwordHelp', { count: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('auth.register.confirm')}
          autoComplete="new-password"
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
