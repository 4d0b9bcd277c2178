import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DELETE_CONFIRMATION_WORD } from '../../../shared/our-data-schemas';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { downloadFile, RestError } from '../../lib/rest';
import { trpc } from '../../trpc';

export const OUR_DATA_URL = '/api/our-data';
/** The message on the home page after the deletion (docs/product.md#our-data). */
export const ACCOUNT_DELETED_TITLE = 'Account deleted';
export const ACCOUNT_DELETED_TEXT = 'Your account has been deleted.';

interface OurDataSectionProps {
  /** After the account is gone: the route leaves the dashboard and forgets the session's data. */
  onDeleted: () => void | Promise<void>;
  fetcher?: typeof fetch;
}

/**
 * "Download our data" and "Delete our account" (docs/product.md#our-data), in the Profile tab. The
 * deletion asks the couple to type their email, their username or DELETE first.
 */
export function OurDataSection({ onDeleted, fetcher = fetch }: OurDataSectionProps) {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const deletion = useMutation(
    trpc.ourData.deleteAccount.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await onDeleted();
      },
    }),
  );

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(OUR_DATA_URL, 'vows-and-weeks-our-data.json', fetcher);
    } catch (error) {
      const message = error instanceof RestError ? error.serverMessage : null;
      notify.error('Download Failed', message ?? 'Could not download your data. Please try again.');
    } finally {
      setDownloading(false);
    }
  };

  const close = () => {
    if (deletion.isPending) return;
    setConfirming(false);
    setConfirmation('');
    deletion.reset();
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="our-data-title" maw={560}>
      <Title order={2} size="h3" id="our-data-title">
        Your data
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Everything you wrote here is yours: take a copy at any time, or delete it all.
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={downloading}
          onClick={download}
        >
          Download our data
        </Button>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Delete our account
        </Button>
      </Group>

      <Modal opened={confirming} onClose={close} title="Delete your account?" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            deletion.mutate({ confirmation });
          }}
        >
          <Stack>
            <Text size="sm">
              This erases your profile, progress, answers, notes and summaries for good, and signs out every device.
              Your orders are kept for the seller's records. It cannot be undone.
            </Text>
            <TextInput
              label={`Type your email, your username or ${DELETE_CONFIRMATION_WORD} to confirm`}
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
              required
            />
            {deletion.error ? (
              <Alert color="red" role="alert" title="Not deleted">
                {errorMessage(deletion.error, 'Could not delete your account. Please try again.')}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={deletion.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={deletion.isPending} disabled={confirmation.trim() === ''}>
                Delete everything
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
