import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SiteLayout } from '../../components/site-layout';

interface AuthPageProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Links to the other ways in, under the card. */
  footer?: ReactNode;
}

/** The frame of the sign-in screens: a heading, one sentence, the form on a card, related links. */
export function AuthPage({ title, description, children, footer }: AuthPageProps) {
  return (
    <SiteLayout>
      <Container size={460} px="md" py={{ base: 32, sm: 72 }}>
        <Stack gap="lg">
          <Stack gap={6} ta="center">
            <Title order={1} fz={{ base: 28, sm: 34 }}>
              {title}
            </Title>
            <Text c="dimmed">{description}</Text>
          </Stack>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
            {children}
          </Paper>
          {footer ? (
            <Stack gap={6} align="center" ta="center">
              {footer}
            </Stack>
          ) : null}
        </Stack>
      </Container>
    </SiteLayout>
  );
}
