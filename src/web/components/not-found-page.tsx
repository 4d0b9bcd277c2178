import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SiteLayout } from './site-layout';
import { useT } from '../i18n/use-t';

/** Shown for any path the app does not know (the server answers such paths with status 404). */
export function NotFoundPage() {
  const { t } = useT();
  const title = t('common.notFound.documentTitle');
  // The tab and a screen reader name the page (WCAG 2.4.2): no route's head applies here, so the
  // title would otherwise stay the landing page's. Put back on leaving, for a route with no title.
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      if (document.title === title) document.title = previous;
    };
  }, [title]);
  return (
    <SiteLayout>
      <Container size="sm" py={{ base: 48, sm: 96 }}>
        <Stack align="flex-start" gap="md">
          <Text c="dimmed" fw={600} size="sm">
            {t('common.notFound.eyebrow')}
          </Text>
          <Title order={1}>{t('common.notFound.title')}</Title>
          <Text size="lg">{t('common.notFound.text')}</Text>
          <Button component={Link} to="/" size="md">
            {t('common.home')}
          </Button>
        </Stack>
      </Container>
    </SiteLayout>
  );
}
