import { createFileRoute, redirect } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { SignOutButton } from '../features/dashboard/sign-out-button';
import { WorkbookPanel } from '../features/workbook/workbook-panel';
import { trpc } from '../trpc';

/** Queries that belong to one signed-in couple: dropped when a different couple signs in. */
const COUPLE_QUERY_PATHS = [trpc.profile.pathKey(), trpc.progress.pathKey(), trpc.frameworks.pathKey(), trpc.workbook.pathKey()];

export const Route = createFileRoute('/dashboard')({
  head: () => ({ meta: [{ title: 'Your dashboard · Vows & Weeks' }] }),
  // The session first, always fresh: a failure (anonymous, admin, network) goes to the sign-in page,
  // and nothing is fetched for a couple until its id is known.
  beforeLoad: async ({ context: { queryClient } }) => {
    const previous = queryClient.getQueryData(trpc.auth.session.queryKey());
    let session;
    try {
      session = await queryClient.fetchQuery({ ...trpc.auth.session.queryOptions(), staleTime: 0 });
    } catch {
      throw redirect({ to: '/customer-login' });
    }
    if (previous && previous.customerId !== session.customerId) {
      for (const queryKey of COUPLE_QUERY_PATHS) queryClient.removeQueries({ queryKey });
    }
    return { customerId: session.customerId };
  },
  // Start every request at once; the page shows skeletons until each answers.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(trpc.profile.get.queryOptions());
    void queryClient.prefetchQuery(trpc.progress.progression.queryOptions());
    void queryClient.prefetchQuery(trpc.progress.list.queryOptions());
    void queryClient.prefetchQuery(trpc.progress.access.queryOptions());
    void queryClient.prefetchQuery(trpc.frameworks.withAccess.queryOptions());
  },
  component: DashboardPage,
});

function DashboardPage() {
  return (
    <SiteLayout headerActions={<SignOutButton />}>
      <DashboardScreen renderWorkbook={(props) => <WorkbookPanel {...props} />} />
    </SiteLayout>
  );
}
