import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SiteLayout } from '../components/site-layout';
import { MentorPage } from '../features/mentor/mentor-page';
import { translate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { useLinkSecret } from '../lib/link-secret';
import { trpc } from '../trpc';

/**
 * `/mentor#code=...` (or `?code=`, links sent before decision 0367): the couple's facilitator,
 * consent and sharing (issue 38).
 */
export const Route = createFileRoute('/mentor')({
  head: () => ({
    meta: [{ title: translate('facilitator.couple.pageTitle') }, { name: 'robots', content: 'noindex' }],
  }),
  component: MentorRoute,
});

/**
 * The code a signed-out couple opened /mentor with, kept in this tab while they sign in or create
 * an account (decision 0367): `next` says only `/mentor`, so the code is in no address on the way.
 */
export const PENDING_MENTOR_CODE_KEY = 'vw_mentor_code';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function SignInFirst({ code }: { code: string | undefined }) {
  const { t } = useT();
  // Signing in (or creating an account) comes back here (lib/next-path.ts), to the code kept in the tab.
  useEffect(() => {
    if (code) storage()?.setItem(PENDING_MENTOR_CODE_KEY, code);
  }, [code]);
  const search = { next: '/mentor' };
  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1}>{t('facilitator.couple.title')}</Title>
          <Text>{t('facilitator.couple.signInFirst')}</Text>
          {code ? <Text>{t('facilitator.couple.yourCode', { code })}</Text> : null}
          <Group>
            <Anchor renderRoot={(props) => <Link {...props} to="/customer-login" search={search} />}>
              {t('facilitator.couple.signIn')}
            </Anchor>
            <Anchor renderRoot={(props) => <Link {...props} to="/register" search={search} />}>
              {t('facilitator.couple.register')}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

function MentorRoute() {
  const [code, keepCode] = useLinkSecret('code');
  // A couple's page: anyone else is asked to sign in first (keeping the code on screen), since a
  // facilitator's link is often opened before signing in. Checked here rather than in beforeLoad,
  // which would sit in the landing page's entry chunk.
  const session = useQuery({ ...trpc.auth.session.queryOptions(), retry: false, staleTime: 0 });
  const normalized = code?.toUpperCase() || undefined;
  // Back signed in with a code kept before signing in: it becomes this page's code, once (and is
  // dropped when the page has a code of its own, so it never comes back after the consent step).
  const signedIn = session.isSuccess;
  useEffect(() => {
    if (!signedIn) return;
    const pending = storage()?.getItem(PENDING_MENTOR_CODE_KEY);
    storage()?.removeItem(PENDING_MENTOR_CODE_KEY);
    if (pending && !normalized) keepCode(pending, { replace: true });
  }, [signedIn, normalized, keepCode]);
  return (
    <SiteLayout>
      {session.isPending ? null : session.isSuccess ? (
        <MentorPage code={normalized} onCode={(next) => keepCode(next)} />
      ) : (
        <SignInFirst code={normalized} />
      )}
    </SiteLayout>
  );
}
