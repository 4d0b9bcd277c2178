import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import classes from './personal-code-reveal.module.css';
import { CopyCodeButton } from '../../components/copy-code-button';
import { T, useT } from '../../i18n/use-t';

/** The reveal's heading, where the focus goes as the reveal replaces the sign-in form. */
export const PERSONAL_CODE_HEADING_ID = 'personal-code-heading';

interface PersonalCodeRevealProps {
  email: string;
  accessCode: string;
  onContinue: () => void;
  continuing: boolean;
}

/**
 * Shown once, right after a trial sign-up: the personal access code the server generated. The server
 * keeps only its hash, so this is the couple's one chance to write it down.
 */
export function PersonalCodeReveal({ email, accessCode, onContinue, continuing }: PersonalCodeRevealProps) {
  const { t } = useT();
  return (
    <Stack gap="md" aria-labelledby={PERSONAL_CODE_HEADING_ID}>
      <Title order={2} size="h3" id={PERSONAL_CODE_HEADING_ID} tabIndex={-1}>
        {t('auth.reveal.title')}
      </Title>
      <Text>
        <T id="auth.reveal.text" values={{ email }} components={{ 0: <strong /> }} />
      </Text>
      <Group gap="sm" wrap="wrap" justify="center" className={classes.codeBox}>
        <Text
          component="output"
          className={classes.code}
          aria-label={t('auth.reveal.codeLabel')}
          data-testid="personal-access-code"
        >
          {accessCode}
        </Text>
        <CopyCodeButton code={accessCode} />
      </Group>
      <Alert
        variant="light"
        color="plum"
        icon={<IconKey size={18} aria-hidden />}
        title={t('auth.reveal.keepSafe')}
        role="note"
      >
        {t('auth.reveal.keepSafeText')}
      </Alert>
      <Button size="md" fullWidth onClick={onContinue} loading={continuing}>
        {t('auth.reveal.continue')}
      </Button>
    </Stack>
  );
}
