import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { trpc } from '../trpc';
import { useSignOut } from '../lib/use-sign-out';
import { useT } from '../i18n/use-t';

export function SignOutButton() {
  const { signOut, isPending } = useSignOut();
  const { t } = useT();
  return (
    <Button variant="default" onClick={signOut} loading={isPending}>
      {t('common.account.signOut')}
    </Button>
  );
}

/**
 * The signed-in part of the navigation: a couple gets Dashboard, the admin gets Admin, both get
 * Sign out. Visitors who are not signed in (or while that is not known yet) see `guestActions`.
 */
export function AccountNav({ guestActions }: { guestActions?: ReactNode }) {
  const { t } = useT();
  const { data: auth } = useQuery(trpc.auth.check.queryOptions());
  if (!auth?.authenticated) return guestActions ?? null;
  return (
    <>
      {auth.isAdmin ? (
        <Button component={Link} to="/admin" variant="subtle">
          {t('common.account.admin')}
        </Button>
      ) : (
        <Button component={Link} to="/dashboard" variant="subtle">
          {t('common.account.dashboard')}
        </Button>
      )}
      <SignOutButton />
    </>
  );
}
