import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useT } from '../i18n/use-t';

/**
 * "Copy code" beside an access code shown only once (a new trial's, a partner's, one the seller
 * issues): one click puts it on the clipboard for a password manager; it reads "Copied" for a moment.
 */
export function CopyCodeButton({ code }: { code: string }) {
  const { t } = useT();
  return (
    <CopyButton value={code} timeout={2500}>
      {({ copied, copy }) => (
        <Button
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'green' : 'plum'}
          leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          onClick={copy}
        >
          {copied ? t('common.copy.copied') : t('common.copy.code')}
        </Button>
      )}
    </CopyButton>
  );
}
