import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SiteLayout } from './site-layout';
import { useT } from '../i18n/use-t';

/**
 * The router's error boundary. It never shows the error itself (no message, no stack): the server
 * already logs what went wrong, and a couple only needs to know what to do next.
 */
export function ErrorPage({ reset }: ErrorComponentProps) {
  const router = useRouter();
  const { t } = useT();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  // Let queries that failed inside this boundary run again when it re-renders.
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  function tryAgain() {
    reset();
    void router.invalidate();
  }

  return (
    <SiteLayout>
      <Container size="sm" py={{ base: 48, sm: 96 }}>
        <Stack align="flex-start" gap="md">
          <Title order={1}>{t('common.error.title')}</Title>
          <Text size="lg">{t('common.error.text')}</Text>
          <Group gap="sm">
            <Button onClick={tryAgain} size="md">
              {t('common.error.retry')}
            </Button>
            <Button component={Link} to="/" variant="default" size="md">
              {t('common.home')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </SiteLayout>
  );
}
