import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DELETE_CONFIRMATION_WORDS } from '../../../shared/constants';
import { notify } from '../../components/notifications';
import { errorMessage, restErrorMessage } from '../../lib/api-error';
import { downloadFile } from '../../lib/rest';
import { trpc } from '../../trpc';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

export const OUR_DATA_URL = '/api/our-data';
/** The message on the home page after the deletion (docs/product.md#our-data). */
export const accountDeletedTitle = () => translate('auth.ourData.deletedTitle');
export const accountDeletedText = () => translate('auth.ourData.deletedText');

interface OurDataSectionProps {
  /** After the account is gone: the route leaves the dashboard and forgets the session's data. */
  onDeleted: () => void | Promise<void>;
  fetcher?: typeof fetch;
}

/**
 * "Download our data" and "Delete our account" (docs/product.md#our-data), in the Profile tab. The
 * deletion asks the couple to type their email, their username or the page's word (DELETE,
 * ELIMINAR: decision 0340) first.
 */
export function OurDataSection({ onDeleted, fetcher = fetch }: OurDataSectionProps) {
  const { t, locale } = useT();
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
      notify.error(t('auth.ourData.downloadFailed'), restErrorMessage(error, t('auth.ourData.dataFailed')));
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
        {t('auth.ourData.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('auth.ourData.text')}
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={downloading}
          onClick={download}
        >
          {t('auth.ourData.download')}
        </Button>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          {t('auth.ourData.delete')}
        </Button>
      </Group>

      <Modal
        opened={confirming}
        onClose={close}
        title={t('auth.ourData.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('auth.ourData.closeDialog') }}
        centered
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            deletion.mutate({ confirmation });
          }}
        >
          <Stack>
            <Text size="sm">{t('auth.ourData.confirmText')}</Text>
            <Text size="sm">{t('auth.ourData.confirmPartner')}</Text>
            <TextInput
              label={t('auth.ourData.confirmLabel', { word: DELETE_CONFIRMATION_WORDS[locale] })}
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
              required
            />
            {deletion.error ? (
              <Alert color="red" role="alert" title={t('auth.ourData.notDeleted')}>
                {errorMessage(deletion.error, t('auth.ourData.deleteFailed'))}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={deletion.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" loading={deletion.isPending} disabled={confirmation.trim() === ''}>
                {t('auth.ourData.deleteAll')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
