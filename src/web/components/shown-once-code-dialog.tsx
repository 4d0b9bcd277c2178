import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { CopyCodeButton } from './copy-code-button';
import { T, useT } from '../i18n/use-t';

export interface ShownOnceCode {
  email: string;
  accessCode: string;
  /** The order's receipt link (`/success?payment_intent=…`), when the code came with an order. */
  successUrl?: string;
}

/**
 * A personal access code the back office just issued, shown this once (the server keeps only its
 * hash): the code with a copy button, the email it signs in with, and the order's success link.
 */
export function ShownOnceCodeDialog({ shown, onClose }: { shown: ShownOnceCode | null; onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal opened={shown !== null} onClose={onClose} title={t('auth.shownOnce.title')} centered>
      {shown && (
        <Stack gap="md">
          <Text>
            <T id="auth.shownOnce.text" values={{ email: shown.email }} components={{ 0: <strong /> }} />
          </Text>
          <Group gap="sm" wrap="wrap">
            <Text
              component="output"
              ff="monospace"
              fz="xl"
              fw={700}
              aria-label={t('auth.reveal.codeLabel')}
              data-testid="shown-once-code"
            >
              {shown.accessCode}
            </Text>
            <CopyCodeButton code={shown.accessCode} />
          </Group>
          {shown.successUrl && (
            <Text size="sm">
              {t('auth.shownOnce.receipt')}{' '}
              <Anchor href={shown.successUrl} data-testid="success-link" style={{ wordBreak: 'break-all' }}>
                {shown.successUrl}
              </Anchor>
            </Text>
          )}
          <Alert
            variant="light"
            icon={<IconKey size={18} aria-hidden />}
            title={t('auth.shownOnce.onceTitle')}
            role="note"
          >
            {t('auth.shownOnce.onceText')}
          </Alert>
          <Button onClick={onClose}>{t('common.done')}</Button>
        </Stack>
      )}
    </Modal>
  );
}
