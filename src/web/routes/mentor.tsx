import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { MentorPage } from '../features/mentor/mentor-page';
import { translate } from '../i18n/i18n';
import { searchTexts } from '../lib/search-params';

/** `/mentor?code=...`: the couple's facilitator, consent and sharing (issue 38). */
export const Route = createFileRoute('/mentor')({
  validateSearch: (search: Record<string, unknown>) => searchTexts(search, ['code'] as const),
  head: () => ({
    meta: [{ title: translate('facilitator.couple.pageTitle') }, { name: 'robots', content: 'noindex' }],
  }),
  // As the dashboard: the session first, anyone else to /customer-login.
  beforeLoad: async ({ context: { queryClient } }) => {
    const { trpc } = await import('../trpc');
    try {
      await queryClient.fetchQuery({ ...trpc.auth.session.queryOptions(), staleTime: 0 });
    } catch {
      throw redirect({ to: '/customer-login' });
    }
  },
  component: MentorRoute,
});

function MentorRoute() {
  const { code } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <SiteLayout>
      <MentorPage
        code={code?.trim().toUpperCase() || undefined}
        onCode={(next) => void navigate({ to: '/mentor', search: next ? { code: next } : {} })}
      />
    </SiteLayout>
  );
}
