import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { localizedSchemaResolver } from '../../lib/localized-resolver';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { requestCodeSchema, type RequestCodeInput } from '../../../shared/mail-schemas';
import { notify } from '../../components/notifications';
import { errorMessage, serverMessageText } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { useT } from '../../i18n/use-t';

/**
 * "Email me my code" on /customer-login: a couple who lost their personal code asks for a new one.
 * The server answers the same for every email (no account enumeration), so the page shows that
 * answer as it is, never "sent" or "unknown".
 */
export function RequestCodeForm() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useForm<RequestCodeInput>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: localizedSchemaResolver(requestCodeSchema),
  });
  const request = useMutation(
    trpc.mail.requestCode.mutationOptions({
      // The server's one answer (known email or not), in the page's language.
      onSuccess: (result) => setAnswer(serverMessageText(result.message) ?? t('errors.auth.codeSent')),
      onError: (error) =>
        notify.error(t('auth.requestCode.failed'), errorMessage(error, t('auth.requestCode.tryAgain'))),
    }),
  );

  if (!open) {
    return (
      <Button variant="subtle" leftSection={<IconMailForward size={18} aria-hidden />} onClick={() => setOpen(true)}>
        {t('auth.requestCode.open')}
      </Button>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="request-code-heading">
      <Text fw={600} id="request-code-heading">
        {t('auth.requestCode.open')}
      </Text>
      {answer ? (
        <Alert
          variant="light"
          color="plum"
          icon={<IconMailForward size={18} aria-hidden />}
          role="status"
          title={t('auth.toast.checkInbox')}
        >
          {answer}
        </Alert>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => request.mutate(values))}>
          <Stack gap="sm">
            <Text size="sm">{t('auth.requestCode.text')}</Text>
            <TextInput
              label={t('auth.requestCode.email')}
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" variant="light" loading={request.isPending}>
              {t('auth.requestCode.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
