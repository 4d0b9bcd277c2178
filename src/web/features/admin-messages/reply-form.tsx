import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { REPLY_MAX_LENGTH } from '../../../shared/mail-schemas';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

export const REPLY_REQUIRED = 'Please write your reply first.';

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
  const reply = useMutation(
    trpc.mail.replyToMessage.mutationOptions({
      onSuccess: async (result) => {
        setBody('');
        notify.success('Reply sent', `Your reply to ${message.email} is in the email outbox; the message is handled.`);
        await onReplied(result.handledAt);
      },
      onError: (failure) => notify.error('Reply Failed', errorMessage(failure, 'Could not send the reply.')),
    }),
  );

  return (
    <form
      aria-label={`Reply to ${message.firstName}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim() === '') {
          setError(REPLY_REQUIRED);
          return;
        }
        setError(null);
        reply.mutate({ messageId: message.id, body });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Your reply"
          description={`Emailed to ${message.email} with their message quoted below it; the message is then marked handled.`}
          autosize
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
            Send reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
