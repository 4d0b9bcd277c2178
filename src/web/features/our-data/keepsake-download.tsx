import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../components/notifications';
import { keepsakeFileName } from '../../../shared/download-names';
import { restErrorMessage } from '../../lib/api-error';
import { downloadFile } from '../../lib/rest';
import { useT } from '../../i18n/use-t';

export const KEEPSAKE_URL = '/api/keepsake';

/**
 * "Our year": the keepsake PDF of the weeks completed so far (docs/product.md#keepsake), from the
 * Wins tab at any time. The first download after a change takes a moment while the server makes it.
 */
export function KeepsakeDownload({ fetcher = fetch }: { fetcher?: typeof fetch }) {
  const { t, locale } = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(KEEPSAKE_URL, keepsakeFileName(locale), fetcher);
    } catch (error) {
      notify.error(t('auth.ourData.downloadFailed'), restErrorMessage(error, t('auth.ourData.keepsakeFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="keepsake-title">
      <Group justify="space-between" align="center" gap="md">
        <div>
          <Title order={2} size="h3" id="keepsake-title">
            {t('auth.ourData.keepsakeTitle')}
          </Title>
          <Text size="sm" c="dimmed" maw={520}>
            {t('auth.ourData.keepsakeText')}
          </Text>
        </div>
        <Button leftSection={<IconBook size={18} aria-hidden />} loading={busy} onClick={download}>
          {t('auth.ourData.keepsakeButton')}
        </Button>
      </Group>
    </Card>
  );
}
