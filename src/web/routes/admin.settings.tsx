import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorSection } from '../features/admin-security/two-factor-section';

/** `/admin/settings`: the back office's settings, one self-contained section each. */
export const Route = createFileRoute('/admin/settings')({
  head: () => ({ meta: [{ title: 'Settings · Admin · Vows & Weeks' }] }),
  component: AdminSettings,
});

function AdminSettings() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed">How the site and your sign-in work.</Text>
      </div>
      <TwoFactorSection />
    </Stack>
  );
}
