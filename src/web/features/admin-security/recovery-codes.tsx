import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The 10 recovery codes, shown this once after set-up (the server keeps only their hashes). */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Vows & Weeks admin recovery codes (each works once):\n${codes.join('\n')}\n`;
  return (
    <Stack gap="md">
      <Alert color="green" title="Two-factor sign-in is on">
        Save these recovery codes somewhere safe, away from your phone. If you lose the phone, each one signs you in
        once instead of a code. They are shown only now.
      </Alert>
      <List
        aria-label="Recovery codes"
        listStyleType="none"
        ff="monospace"
        fz="lg"
        spacing={4}
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="sm" wrap="wrap">
        <CopyButton value={codes.join('\n')} timeout={2500}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy the codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => downloadText('vows-and-weeks-recovery-codes.txt', text)}
        >
          Download the codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Lost both? Run <code>npm run admin:disable-2fa</code> on the server to turn two-factor sign-in off.
      </Text>
    </Stack>
  );
}
