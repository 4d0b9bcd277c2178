import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { lazy } from 'react';
import { SiteLayout } from '../components/site-layout';
import { resetSessionCache } from '../lib/session-cache';
import { DashboardScreen, loadOnboardingModal } from '../features/dashboard/dashboard-screen';
import { readDashboardSearch } from '../features/dashboard/dashboard-search';
import { InventoryCard } from '../features/inventory/inventory-card';
import { KeepWeeksOffline } from '../features/offline/keep-weeks-offline';
import { ShareNotices } from '../features/partners/share-notices';
import { PlanCard } from '../features/plan/plan-card';
import { SendWaitingAnswers } from '../features/workbook/waiting-answers';
import { translate } from '../i18n/i18n';
import { needsOnboarding } from '../../shared/profile-rules';
import { forgetDrafts } from '../lib/local-draft';
import { trpc } from '../trpc';

// The other tabs' content, loaded when one of them is first shown (decision 0375): the first screen,
// the Progress tab, does not evaluate their code before it renders.
const slots = () => import('./-dashboard-slots');
const WorkbookSlot = lazy(() => slots().then((module) => ({ default: module.WorkbookSlot })));
const WinsExtra = lazy(() => slots().then((module) => ({ default: module.WinsExtra })));
const ProfileExtra = lazy(() => slots().then((module) => ({ default: module.ProfileExtra })));
const ProfileSettings = lazy(() => slots().then((module) => ({ default: module.ProfileSettings })));

export const Route = createFileRoute('/dashboard')({
  head: () => ({ meta: [{ title: translate('dashboard.head.title') }] }),
  // The tab and the selected week (`?tab=current&week=4`, docs/product.md#weekly-routine); a value
  // that is not a tab or a week 1-52 is dropped, never an error page.
  validateSearch: readDashboardSearch,
  // The session first, asked afresh on every visit: a failure (anonymous, admin, network) goes to
  // /customer-login (docs/product.md#states), and nothing is fetched for a couple until its id is
  // known. Sign-in and sign-out reset the whole query cache (decision 0012), so no other couple's
  // data can be on screen.
  // The tRPC client is imported on demand, as in /admin's guard (decision 0072).
  beforeLoad: async ({ cause, context: { queryClient } }) => {
    // Loaded alongside the session, not after it (they stay out of the landing page's bundle).
    const initialProfile = import('../features/dashboard/initial-profile').catch(() => null);
    const [{ trpc }, { loadStoredDrafts }] = await Promise.all([import('../trpc'), import('../lib/local-draft')]);
    // A change of tab or week stays on the page: the session it was entered with stands, and the tab
    // shows without a round trip first (a session ended meanwhile fails the page's next request).
    const entered = cause === 'stay' ? queryClient.getQueryData(trpc.auth.session.queryKey()) : undefined;
    if (entered) return { customerId: entered.customerId };
    try {
      const [session] = await Promise.all([
        queryClient.fetchQuery({ ...trpc.auth.session.queryOptions(), staleTime: 0 }),
        // The header's account navigation (Dashboard, Sign out) reads auth.check: loaded alongside,
        // it is there at the first paint instead of arriving later and pushing the page down.
        queryClient.prefetchQuery(trpc.auth.check.queryOptions()),
        // The drafts kept on this device (IndexedDB), read once so the week's forms start from them.
        loadStoredDrafts(),
      ]);
      // A new buyer's page came with the profile its welcome dialog needs (decision 0273).
      const seeding = await initialProfile;
      seeding?.seedInitialProfile(queryClient, trpc.profile.get.queryOptions().queryKey);
      return { customerId: session.customerId };
    } catch {
      throw redirect({ to: '/customer-login' });
    }
  },
  // Every request at once, and the page renders when they have answered (a failure too: the
  // page then shows it): the first render has the couple's data, and is one React can slice
  // (decision 0298); data arriving after it would re-render the whole screen in one long task.
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      queryClient.prefetchQuery(trpc.profile.get.queryOptions()),
      queryClient.prefetchQuery(trpc.progress.progression.queryOptions()),
      queryClient.prefetchQuery(trpc.progress.list.queryOptions()),
      queryClient.prefetchQuery(trpc.progress.access.queryOptions()),
      queryClient.prefetchQuery(trpc.frameworks.withAccess.queryOptions()),
      // The partner's share notices and the footer's page links (decision 0303): asked for as the
      // page mounted, they answered one round trip after it, each answer re-rendering its part at
      // once. The plan card, below the journey map, still asks for its own after the page.
      queryClient.prefetchQuery(trpc.partners.notices.queryOptions()),
      queryClient.prefetchQuery(trpc.sitePages.listPublished.queryOptions()),
    ]);
    // A couple still to onboard sees the welcome dialog first: its code is there for the first render.
    const profile = queryClient.getQueryData(trpc.profile.get.queryKey());
    if (profile && needsOnboarding(profile)) await loadOnboardingModal().catch(() => null);
  },
  component: DashboardPage,
});

function DashboardPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The account is gone and its sessions with it: home, with a word, and nothing of it cached.
  const { customerId } = Route.useRouteContext();
  const leave = async () => {
    // Its drafts on this device go with it (the kept offline data goes in resetSessionCache).
    forgetDrafts(customerId);
    await navigate({ to: '/' });
    await resetSessionCache(queryClient);
  };
  return (
    <SiteLayout>
      <KeepWeeksOffline />
      <DashboardScreen
        renderWorkbook={(props) => <WorkbookSlot {...props} />}
        winsExtra={<WinsExtra />}
        progressExtra={<InventoryCard />}
        profileExtra={<ProfileExtra onDeleted={leave} />}
        renderShareNotices={(onOpenWeek) => <ShareNotices onOpenWeek={onOpenWeek} />}
        renderPlanCard={(completedCount) => <PlanCard completedCount={completedCount} />}
        renderWaitingAnswers={(partnerNames) => <SendWaitingAnswers partnerNames={partnerNames} />}
        profileSettings={<ProfileSettings />}
      />
    </SiteLayout>
  );
}
