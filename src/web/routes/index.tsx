import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PRODUCT_NAME, SiteLayout } from '../components/site-layout';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

function LandingPage() {
  return (
    <SiteLayout
      headerActions={
        <>
          <Button component={Link} to="/login" variant="subtle">
            Sign In
          </Button>
          <Button component={Link} to="/register">
            Get Started
          </Button>
        </>
      }
    >
      <Container size="md" py={{ base: 48, sm: 112 }}>
        <Stack gap="lg" align="flex-start">
          <Text c="plum.9" fw={700} tt="uppercase" size="sm" style={{ letterSpacing: '0.08em' }}>
            {PRODUCT_NAME}
          </Text>
          <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.15}>
            Prepare for a lifetime together, one week at a time
          </Title>
          <Text size="xl" maw={640}>
            A 52-week marriage-preparation course for engaged and newly married couples: one short lesson and
            workbook each week, for a one-time $49.
          </Text>
        </Stack>
      </Container>
    </SiteLayout>
  );
}
