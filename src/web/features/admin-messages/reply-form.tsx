import { Button, Group, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { GrowingTextarea } from '../../components/growing-textarea';
import { REPLY_MAX_LENGTH } from '../../../shared/mail-schemas';
import { notify } from '../../components/notifications';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

/**
 * The in-app reply to a contact message (docs/product.md#email): the app emails it to the sender
 * with their message quoted, and marks the message handled. `onReplied` gets the handled time.
 */
export function ReplyForm({
  message,
  onReplied,
}: {
  message: { id: number; firstName: string; email: string };
  onReplied: (handledAt: string) => Promise<unknown>;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { t } = useT();
  const reply = useMutation(
    trpc.mail.replyToMessage.mutationOptions({
      onSuccess: async (result) => {
        setBody('');
        notify.success(t('admin.reply.sent.title'), t('admin.reply.sent.body', { email: message.email }));
        await onReplied(result.handledAt);
      },
      onError: (failure) => notify.error(t('admin.reply.failed'), errorMessage(failure, t('admin.reply.fallback'))),
    }),
  );

  return (
    <form
      aria-label={t('admin.reply.form', { name: message.firstName })}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim() === '') {
          setError(t('admin.reply.required'));
          return;
        }
        setError(null);
        reply.mutate({ messageId: message.id, body });
      }}
    >
      <Stack gap="xs">
        <GrowingTextarea
          label={t('admin.reply.label')}
          description={t('admin.reply.description', { email: message.email })}
          minRows={4}
          maxRows={12}
          maxLength={REPLY_MAX_LENGTH}
          value={body}
          error={error}
          disabled={reply.isPending}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Group gap="sm">
          <Button type="submit" loading={reply.isPending} leftSection={<IconSend size={18} aria-hidden="true" />}>
            {t('admin.reply.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
