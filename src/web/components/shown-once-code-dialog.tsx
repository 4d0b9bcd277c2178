import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { CopyCodeButton } from './copy-code-button';

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
  return (
    <Modal opened={shown !== null} onClose={onClose} title="New personal access code" centered>
      {shown && (
        <Stack gap="md">
          <Text>
            <strong>{shown.email}</strong> signs in at /customer-login with this code. Any older code has stopped
            working.
          </Text>
          <Group gap="sm" wrap="wrap">
            <Text
              component="output"
              ff="monospace"
              fz="xl"
              fw={700}
              aria-label="Personal access code"
              data-testid="shown-once-code"
            >
              {shown.accessCode}
            </Text>
            <CopyCodeButton code={shown.accessCode} />
          </Group>
          {shown.successUrl && (
            <Text size="sm">
              Receipt and workbook link:{' '}
              <Anchor href={shown.successUrl} data-testid="success-link" style={{ wordBreak: 'break-all' }}>
                {shown.successUrl}
              </Anchor>
            </Text>
          )}
          <Alert variant="light" icon={<IconKey size={18} aria-hidden />} title="Shown only once">
            Copy it now and send it to the couple: it cannot be shown again. Issue a new one if it is lost.
          </Alert>
          <Button onClick={onClose}>Done</Button>
        </Stack>
      )}
    </Modal>
  );
}
