import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { T, useT } from '../../i18n/use-t';

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

/** The list of codes, where the focus goes once two-factor sign-in is on (decision 0346). */
export const RECOVERY_CODES_ID = 'two-factor-recovery-codes';

/** The 10 recovery codes, shown this once after set-up (the server keeps only their hashes). */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useT();
  const text = `${t('admin.recovery.fileHeader')}\n${codes.join('\n')}\n`;
  return (
    <Stack gap="md">
      <Alert color="green" title={t('admin.recovery.title')}>
        {t('admin.recovery.body')}
      </Alert>
      <List
        id={RECOVERY_CODES_ID}
        aria-label={t('admin.recovery.list')}
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
              {copied ? t('admin.copied') : t('admin.recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => downloadText('vows-and-weeks-recovery-codes.txt', text)}
        >
          {t('admin.recovery.download')}
        </Button>
        <Button onClick={onDone}>{t('admin.recovery.saved')}</Button>
      </Group>
      <Text size="sm" c="dimmed">
        <T id="admin.recovery.lostBoth" components={{ 0: <code /> }} />
      </Text>
    </Stack>
  );
}
