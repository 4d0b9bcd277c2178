import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { notify } from '../components/notifications';
import { SiteLayout } from '../components/site-layout';
import { resetSessionCache } from '../lib/session-cache';
import { CertificatePanel } from '../features/certificates/certificate-panel';
import { CourseTimeTracker } from '../features/certificates/course-time-tracker';
import { LanguageFallbackNotice } from '../features/course-language/language-fallback-notice';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { readDashboardSearch } from '../features/dashboard/dashboard-search';
import { InventoryCard } from '../features/inventory/inventory-card';
import { KeepsakeDownload } from '../features/our-data/keepsake-download';
import { KeepWeeksOffline } from '../features/offline/keep-weeks-offline';
import { MentorLinkCard } from '../features/mentor/mentor-link-card';
import { PartnerSignIns } from '../features/partners/partner-sign-ins';
import { ShareNotices } from '../features/partners/share-notices';
import { PlanCard } from '../features/plan/plan-card';
import { PushNotifications } from '../features/push/push-notifications';
import { accountDeletedText, accountDeletedTitle, OurDataSection } from '../features/our-data/our-data-section';
import { SendWaitingAnswers } from '../features/workbook/waiting-answers';
import { WorkbookPanel } from '../features/workbook/workbook-panel';
import { translate } from '../i18n/i18n';
import { forgetDrafts } from '../lib/local-draft';
import { trpc } from '../trpc';

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
  beforeLoad: async ({ context: { queryClient } }) => {
    // Loaded alongside the session, not after it (they stay out of the landing page's bundle).
    const initialProfile = import('../features/dashboard/initial-profile');
    const [{ trpc }, { loadStoredDrafts }] = await Promise.all([import('../trpc'), import('../lib/local-draft')]);
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
      const seeding = await initialProfile.catch(() => null);
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
    notify.success(accountDeletedTitle(), accountDeletedText());
    await navigate({ to: '/' });
    await resetSessionCache(queryClient);
  };
  return (
    <SiteLayout>
      <KeepWeeksOffline />
      <DashboardScreen
        renderWorkbook={(props) => (
          <WorkbookPanel
            {...props}
            renderFallbackNotice={(fallback) => <LanguageFallbackNotice fallback={fallback} />}
            after={<CourseTimeTracker weekNumber={props.weekNumber} partnerNames={props.partnerNames} />}
          />
        )}
        winsExtra={
          <>
            <KeepsakeDownload />
            <CertificatePanel />
          </>
        }
        progressExtra={<InventoryCard />}
        profileExtra={<OurDataSection onDeleted={leave} />}
        renderShareNotices={(onOpenWeek) => <ShareNotices onOpenWeek={onOpenWeek} />}
        renderPlanCard={(completedCount) => <PlanCard completedCount={completedCount} />}
        renderWaitingAnswers={(partnerNames) => <SendWaitingAnswers partnerNames={partnerNames} />}
        profileSettings={
          <>
            <PushNotifications />
            <PartnerSignIns />
            <MentorLinkCard />
          </>
        }
      />
    </SiteLayout>
  );
}
