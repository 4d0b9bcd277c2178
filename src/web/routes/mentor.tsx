import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { MentorPage } from '../features/mentor/mentor-page';
import { translate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { searchTexts } from '../lib/search-params';
import { trpc } from '../trpc';

/** `/mentor?code=...`: the couple's facilitator, consent and sharing (issue 38). */
export const Route = createFileRoute('/mentor')({
  validateSearch: (search: Record<string, unknown>) => searchTexts(search, ['code'] as const),
  head: () => ({
    meta: [{ title: translate('facilitator.couple.pageTitle') }, { name: 'robots', content: 'noindex' }],
  }),
  component: MentorRoute,
});

function SignInFirst({ code }: { code: string | undefined }) {
  const { t } = useT();
  // Signing in (or creating an account) comes back here, with the code (lib/next-path.ts).
  const search = { next: code ? `/mentor?code=${encodeURIComponent(code)}` : '/mentor' };
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
  const { code } = Route.useSearch();
  // A couple's page: anyone else is asked to sign in first (keeping the code on screen), since a
  // facilitator's link is often opened before signing in. Checked here rather than in beforeLoad,
  // which would sit in the landing page's entry chunk.
  const session = useQuery({ ...trpc.auth.session.queryOptions(), retry: false, staleTime: 0 });
  const navigate = useNavigate();
  const normalized = code?.trim().toUpperCase() || undefined;
  return (
    <SiteLayout>
      {session.isPending ? null : session.isSuccess ? (
        <MentorPage
          code={normalized}
          onCode={(next) => void navigate({ to: '/mentor', search: next ? { code: next } : {} })}
        />
      ) : (
        <SignInFirst code={normalized} />
      )}
    </SiteLayout>
  );
}
