import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SiteLayout } from './site-layout';

interface PlaceholderPageProps {
  title: string;
  children: ReactNode;
}

/** A heading and a sentence inside the shared layout, for screens whose feature is not built yet. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  return (
    <SiteLayout>
      <Container size="sm" py={{ base: 40, sm: 80 }}>
        <Stack gap="md">
          <Title order={1}>{title}</Title>
          <Text size="lg">{children}</Text>
        </Stack>
      </Container>
    </SiteLayout>
  );
}
