import { Alert, Button, Code, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../trpc';
import { T, useT } from '../../i18n/use-t';

interface AccessCodeHintsProps {
  /** Puts the trial code into the form (the couple types their own email). */
  onUseTrialCode: (code: string) => void;
  /** Puts the demo email and code into the form. */
  onUseDemo: (email: string, code: string) => void;
}

/**
 * The trial and demo hints of /customer-login, exactly as the server configures them
 * (docs/product.md#demo-mode): the trial hint whenever a trial code is set, the demo hint only in
 * demo mode. Notes, not alerts (Mantine's Alert is role="alert" unless told): they are there when the
 * page opens, and a screen reader should not read them out as if something had just happened.
 */
export function AccessCodeHints({ onUseTrialCode, onUseDemo }: AccessCodeHintsProps) {
  const { t } = useT();
  const config = useQuery(trpc.publicConfig.get.queryOptions());
  if (config.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('auth.hints.loading')}>
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
        <Alert variant="light" color="plum" title={t('auth.hints.trialTitle')} role="note">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <T
                id="auth.hints.trialText"
                values={{ code: trialAccessCode, firstWeeks: t('auth.hints.trialWeeks', { count: trialWeeks }) }}
                components={{ 0: <Code fw={700} /> }}
              />
            </Text>
            <Button size="compact-sm" variant="white" onClick={() => onUseTrialCode(trialAccessCode)}>
              {t('auth.hints.useTrial')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {demoEmail && demoAccessCode ? (
        <Alert variant="light" color="gray" title={t('auth.hints.demoTitle')} role="note">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <T
                id="auth.hints.demoText"
                values={{ email: demoEmail, code: demoAccessCode }}
                components={{ 0: <Code />, 1: <Code fw={700} /> }}
              />
            </Text>
            <Button size="compact-sm" variant="white" onClick={() => onUseDemo(demoEmail, demoAccessCode)}>
              {t('auth.hints.useDemo')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
