import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import classes from './personal-code-reveal.module.css';
import { CopyCodeButton } from '../../components/copy-code-button';

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
  return (
    <Stack gap="md" aria-labelledby="personal-code-heading">
      <Title order={2} size="h3" id="personal-code-heading">
        Your personal access code
      </Title>
      <Text>
        Your free trial has started. From now on, sign in with <strong>{email}</strong> and this code:
      </Text>
      <Group gap="sm" wrap="wrap" justify="center" className={classes.codeBox}>
        <Text
          component="output"
          className={classes.code}
          aria-label="Personal access code"
          data-testid="personal-access-code"
        >
          {accessCode}
        </Text>
        <CopyCodeButton code={accessCode} />
      </Group>
      <Alert variant="light" color="plum" icon={<IconKey size={18} aria-hidden />} title="Keep it safe">
        This is the only time we show it: we store it scrambled, so nobody (not even us) can look it up later. Save it
        in a password manager or write it down; the trial code will not open your account again.
      </Alert>
      <Button size="md" fullWidth onClick={onContinue} loading={continuing}>
        Continue to my dashboard
      </Button>
    </Stack>
  );
}
