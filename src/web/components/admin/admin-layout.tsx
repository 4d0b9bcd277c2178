import { Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SiteLayout } from '../site-layout';
import { useT } from '../../i18n/use-t';
import { useSignOut } from '../../lib/use-sign-out';
import classes from './admin-shell.module.css';
import { AdminNav } from './admin-nav';

/**
 * The admin screen's header holds its own 'Back to Website' and 'Logout'
 * (docs/product.md#admin-screen) in place of the layout's account navigation (whose Admin link and
 * Sign out would repeat them).
 */
function AdminActions() {
  const { signOut, isPending } = useSignOut();
  const { t } = useT();
  return (
    // On a phone the brand and both buttons share one 343 px line: the link reads a short label of
    // its own ('Website', 'Sitio web'), never the end of the long one cut off ('sitio web'), and
    // both icons give way (admin-shell.module.css), so the brand keeps two lines at most in
    // Spanish; the link's name stays 'Back to Website'.
    <Group gap="sm" wrap="nowrap" className={classes.headerActions}>
      <Button
        component={Link}
        to="/"
        variant="subtle"
        classNames={{ section: classes.phoneHidden }}
        aria-label={t('admin.shell.backToWebsite')}
        leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
      >
        <span className={classes.phoneHidden}>{t('admin.shell.backToWebsite')}</span>
        <span className={classes.phoneOnly}>{t('admin.shell.website')}</span>
      </Button>
      <Button
        variant="light"
        classNames={{ section: classes.phoneHidden }}
        leftSection={<IconLogout size={18} aria-hidden="true" />}
        loading={isPending}
        onClick={signOut}
      >
        {t('admin.shell.logout')}
      </Button>
    </Group>
  );
}

/** One frame for every back-office page: the header's actions, the sections' navigation, the page. */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <SiteLayout accountNav={false} headerActions={<AdminActions />}>
      <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
        <div className={classes.layout}>
          <AdminNav />
          <div>{children}</div>
        </div>
      </Container>
    </SiteLayout>
  );
}

/** A back-office page's heading, and under it the line that says what the page is for. */
export function AdminHeading({ title, intro }: { title: ReactNode; intro: ReactNode }) {
  return (
    <div>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{intro}</Text>
    </div>
  );
}

/** A back-office page's placeholder while its data loads: a heading and a few rows. */
export function AdminPageSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={label}>
      <Skeleton height={36} width="40%" />
      <Skeleton height={20} width="70%" />
      {[0, 1, 2, 3, 4].map((row) => (
        <Skeleton key={row} height={44} />
      ))}
    </Stack>
  );
}
