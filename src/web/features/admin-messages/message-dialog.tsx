import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconMail, IconRotate } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ContactInboxMessage } from '../../../shared/contact-inbox-schemas';
import { notify } from '../../components/notifications';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { replyMailto, STATE_COLORS, STATE_LABELS, subjectLabel } from './message-format';
import { ReplyForm } from './reply-form';
import { formatDate } from '../../lib/admin-format';
import { Fact } from '../../components/admin/fact';

/**
 * One message in full (sender, email, subject, date, text), opened from the inbox: opening marks
 * it read. Reply in the app (emailed to the sender, the message then handled), or through the
 * seller's own mail program; Mark handled / unhandled.
 */
export function MessageDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const { t } = useT();
  const refreshInbox = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.contact.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.contact.countUnread.queryKey() }),
    ]);

  // The message as last answered by the server (Mark handled, or a reply that handled it).
  const [latest, setLatest] = useState<ContactInboxMessage | null>(null);
  const open = useMutation(trpc.contact.open.mutationOptions({ onSuccess: refreshInbox }));
  const setHandled = useMutation(
    trpc.contact.setHandled.mutationOptions({
      onSuccess: async (message) => {
        setLatest(message);
        notify.success(
          message.state === 'handled' ? t('admin.message.markedHandled') : t('admin.message.markedUnhandled'),
          message.state === 'handled' ? t('admin.message.done') : t('admin.message.openAgain'),
        );
        await refreshInbox();
      },
      onError: (error) =>
        notify.error(t('admin.message.updateFailed'), errorMessage(error, t('admin.message.updateFallback'))),
    }),
  );

  // Opened once per message: the inbox mounts a new dialog (keyed by id) for each message opened.
  const requested = useRef(false);
  const { mutate: openMessage } = open;
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    openMessage({ id });
  }, [id, openMessage]);

  const message = latest ?? open.data;
  const handled = message?.state === 'handled';
  const title = message
    ? t('admin.message.title', { name: `${message.firstName} ${message.lastName}` })
    : t('admin.message.titleLoading');

  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={phone}>
      {open.isError ? (
        <Alert color="red" title={t('admin.message.openFailed')}>
          {errorMessage(open.error, t('admin.tryAgain'))}
        </Alert>
      ) : !message ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('admin.message.loading')}>
          <Skeleton height={20} width="60%" />
          <Skeleton height={20} width="40%" />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <Stack gap="md">
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.25rem 1rem' }}>
            <Fact term={t('admin.message.from')} data-user-content>
              {message.firstName} {message.lastName}
            </Fact>
            <Fact term={t('admin.message.email')} style={{ overflowWrap: 'anywhere' }} data-user-content>
              {message.email}
            </Fact>
            <Fact term={t('admin.message.subject')}>{subjectLabel(message.subject)}</Fact>
            <Fact term={t('admin.message.sent')}>{formatDate(message.createdAt)}</Fact>
            <Text component="dt" fw={600} size="sm">
              {t('admin.message.state')}
            </Text>
            <dd style={{ margin: 0 }}>
              <Badge color={STATE_COLORS[message.state]}>{t(STATE_LABELS[message.state])}</Badge>
            </dd>
          </dl>
          <Text
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="message-text"
            data-user-content
          >
            {message.message}
          </Text>
          <ReplyForm
            message={message}
            onReplied={(handledAt) => {
              setLatest({ ...message, handledAt, state: 'handled' });
              return refreshInbox();
            }}
          />
          <Group gap="sm">
            <Button
              component="a"
              href={replyMailto(message)}
              leftSection={<IconMail size={18} aria-hidden="true" />}
              variant="default"
            >
              {t('admin.message.replyMail')}
            </Button>
            {/* One button, its action the other state: Mark unhandled on a handled message, else Mark handled. */}
            <Button
              variant="light"
              color={handled ? undefined : 'green'}
              leftSection={
                handled ? <IconRotate size={18} aria-hidden="true" /> : <IconCheck size={18} aria-hidden="true" />
              }
              loading={setHandled.isPending}
              onClick={() => setHandled.mutate({ id: message.id, handled: !handled })}
            >
              {handled ? t('admin.message.markUnhandled') : t('admin.message.markHandled')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
