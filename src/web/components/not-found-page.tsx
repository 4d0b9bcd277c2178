import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SiteLayout } from './site-layout';

export const NOT_FOUND_TITLE = 'Page not found · Vows & Weeks';

/** Shown for any path the app does not know (the server answers such paths with status 404). */
export function NotFoundPage() {
  // The tab and a screen reader name the page (WCAG 2.4.2): no route's head applies here, so the
  // title would otherwise stay the landing page's. Put back on leaving, for a route with no title.
  useEffect(() => {
    const previous = document.title;
    document.title = NOT_FOUND_TITLE;
    return () => {
      if (document.title === NOT_FOUND_TITLE) document.title = previous;
    };
  }, []);
  return (
    <SiteLayout>
      <Container size="sm" py={{ base: 48, sm: 96 }}>
        <Stack align="flex-start" gap="md">
          <Text c="dimmed" fw={600} size="sm">
            Error 404
          </Text>
          <Title order={1}>Page not found</Title>
          <Text size="lg">
            We could not find the page you were looking for. It may have moved, or the address may have a typo.
          </Text>
          <Button component={Link} to="/" size="md">
            Back to the home page
          </Button>
        </Stack>
      </Container>
    </SiteLayout>
  );
}
