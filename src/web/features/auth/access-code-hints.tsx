import { Alert, Button, Code, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../trpc';

interface AccessCodeHintsProps {
  /** Puts the trial code into the form (the couple types their own email). */
  onUseTrialCode: (code: string) => void;
  /** Puts the demo email and code into the form. */
  onUseDemo: (email: string, code: string) => void;
}

/**
 * The trial and demo hints of /customer-login, exactly as the server configures them
 * (docs/product.md#demo-mode): the trial hint whenever a trial code is set, the demo hint only in
 * demo mode.
 */
export function AccessCodeHints({ onUseTrialCode, onUseDemo }: AccessCodeHintsProps) {
  const config = useQuery(trpc.publicConfig.get.queryOptions());
  if (config.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading the trial and demo hints">
        <Skeleton height={18} width="70%" />
        <Skeleton height={18} width="90%" />
      </Stack>
    );
  }
  if (!config.data) return null;
  const { trialAccessCode, trialWeeks, demoEmail, demoAccessCode } = config.data;
  if (!trialAccessCode && !(demoEmail && demoAccessCode)) return null;

  return (
    <Stack gap="sm">
      {trialAccessCode ? (
        <Alert variant="light" color="plum" title="Try it free">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Enter your email with the trial code <Code fw={700}>{trialAccessCode}</Code> to try the first {trialWeeks}{' '}
              weeks. You will get a personal access code for next time.
            </Text>
            <Button size="compact-sm" variant="white" onClick={() => onUseTrialCode(trialAccessCode)}>
              Use the trial code
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {demoEmail && demoAccessCode ? (
        <Alert variant="light" color="gray" title="Demo account">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Look around with <Code>{demoEmail}</Code> and the code <Code fw={700}>{demoAccessCode}</Code>. The demo is
              shared, so keep anything private out of it.
            </Text>
            <Button size="compact-sm" variant="white" onClick={() => onUseDemo(demoEmail, demoAccessCode)}>
              Use the demo account
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
