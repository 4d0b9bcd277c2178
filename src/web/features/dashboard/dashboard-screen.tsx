import { Alert, Button, Container, Skeleton, Stack, Tabs, type TabsPanelProps } from '@mantine/core';
import { IconAlertTriangle, IconBook2, IconChartBar, IconTrophy, IconUserHeart } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { ONBOARDING_CLOSE_DELAY_MS, TOTAL_WEEKS } from '../../../shared/constants';
import { needsOnboarding, type Profile } from '../../../shared/profile-rules';
import type { ProgressRecordView } from '../../../shared/progress-schemas';
import { notify } from '../../components/notifications';
import { conflictCurrent, errorMessage, notSavedError } from '../../lib/api-error';
import { useFocusWhenReady } from '../../lib/focus';
import { useOpenedOnce } from '../../lib/opened-once';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';
import { ContinueCard } from './continue-card';
import { DashboardHeader } from './dashboard-header';
import {
  DASHBOARD_TABS,
  DEFAULT_DASHBOARD_TAB,
  readDashboardSearch,
  stripUndefined,
  type DashboardSearch,
  type DashboardTab,
} from './dashboard-search';
import { downloadFramework } from './download-framework';
import { JourneyMap } from './journey-map';
import { StreakStat } from './streak-stat';
import { SummaryCards } from './summary-cards';
import { TrialNotice } from './trial-notice';
import { WeekDetailCard } from './week-detail-card';
import { canOpenWeek, milestoneReached, nextStep, type Milestone } from './weekly-routine';
import { SendWaitingProgress } from './waiting-progress';
import classes from './dashboard-screen.module.css';

// The Wins and Profile tabs and the two dialogs, loaded when first shown (decision 0375): the first
// screen, the Progress tab, does not evaluate their code before it renders.
let onboardingModule: typeof import('./onboarding-modal') | undefined;
/**
 * The welcome dialog's code. A new buyer's page evaluates it with the route's (scripts/prerender.ts)
 * and the route's loader calls this for a couple still to onboard, so the dialog is in the app's
 * first render: a `lazy` component suspends on its first render however loaded its module is, and
 * the page then committed without the dialog the prerendered page had shown, a frame later with it.
 */
export function loadOnboardingModal() {
  return import('./onboarding-modal').then((module) => {
    onboardingModule = module;
    return module;
  });
}
const LazyOnboardingModal = lazy(() => loadOnboardingModal().then((module) => ({ default: module.OnboardingModal })));
const WinsPanel = lazy(() => import('./wins-panel').then((module) => ({ default: module.WinsPanel })));
const ProfilePanel = lazy(() => import('./profile-panel').then((module) => ({ default: module.ProfilePanel })));
const MilestoneCelebration = lazy(() =>
  import('./milestone-celebration').then((module) => ({ default: module.MilestoneCelebration })),
);

/** A tab's place while its code loads (the first time it is shown). */
function TabLoading() {
  const { t } = useT();
  return (
    <Stack aria-busy="true" aria-label={t('dashboard.tab.loading')}>
      <Skeleton height={160} radius="md" />
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}

/** A tab's panel: its content once the URL has its tab, its loading state until then (decision 0398). */
function TabPanel({ ready, children, ...props }: TabsPanelProps & { ready: boolean }) {
  return <Tabs.Panel {...props}>{ready ? children : <TabLoading />}</Tabs.Panel>;
}

/**
 * Its children in a background render of their own, after a render that shows the tab loading: the
 * navigation to a tab no longer draws the tab's whole content in its one task (decision 0402).
 */
function DrawnInBackground({ children }: { children: ReactNode }) {
  return useDeferredValue(true, false) ? children : <TabLoading />;
}

export type { DashboardTab };

export interface WorkbookSlotProps {
  weekNumber: number | null;
  partnerNames: { partner1: string; partner2: string };
  onChooseWeek: () => void;
}

interface DashboardScreenProps {
  /** The Current tab's content; the route passes the workbook feature's panel. */
  renderWorkbook: (props: WorkbookSlotProps) => ReactNode;
  /** Shown under the Wins tab's milestones and statistics (the keepsake download). */
  winsExtra?: ReactNode;
  /** Shown under the Profile tab's form (the couple's data: download, delete). */
  profileExtra?: ReactNode;
  /** Shown on the Progress tab under the journey map ("What we each expect"). */
  progressExtra?: ReactNode;
  /** Above the tabs: the partner's shared weeks (the partners feature's notices), opening a week in the Current tab. */
  renderShareNotices?: (onOpenWeek: (weekNumber: number) => void) => ReactNode;
  /** On the Progress tab of a couple with full access, after the journey map (the plan feature's card). */
  renderPlanCard?: (completedCount: number | undefined) => ReactNode;
  /** Under the Profile tab's reminders switch (push notifications, partner sign-ins, the mentor link). */
  profileSettings?: ReactNode;
  /**
   * Beside SendWaitingProgress, whichever tab is on screen: what sends the workbook answers saved
   * offline (the route passes the workbook feature's SendWaitingAnswers).
   */
  renderWaitingAnswers?: (partnerNames: WorkbookSlotProps['partnerNames']) => ReactNode;
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';
}

/** Puts a saved record into the cached progress list (replacing that week's entry). */
function withRecord(records: ProgressRecordView[] | undefined, record: ProgressRecordView): ProgressRecordView[] {
  const others = (records ?? []).filter((item) => item.weekNumber !== record.weekNumber);
  return [...others, record].sort((a, b) => a.weekNumber - b.weekNumber);
}

/**
 * The couple dashboard: header, the four tabs and the onboarding dialog. Data comes from the
 * session couple's tRPC procedures (the route has checked the session before this renders).
 */
export function DashboardScreen({
  renderWorkbook,
  winsExtra,
  profileExtra,
  progressExtra,
  renderShareNotices,
  renderPlanCard,
  profileSettings,
  renderWaitingAnswers,
}: DashboardScreenProps) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();

  const profileQuery = useQuery(trpc.profile.get.queryOptions());
  const progressionQuery = useQuery(trpc.progress.progression.queryOptions());
  const recordsQuery = useQuery(trpc.progress.list.queryOptions());
  const weeksQuery = useQuery(trpc.frameworks.withAccess.queryOptions());
  const accessQuery = useQuery(trpc.progress.access.queryOptions());
  const queries = [profileQuery, progressionQuery, recordsQuery, weeksQuery, accessQuery];
  const failed = queries.filter((query) => query.isError);
  const sessionLost = failed.some((query) => isUnauthorized(query.error));

  // The tab and the selected week live in the URL (docs/product.md#weekly-routine): the route
  // validates them, and they are read again here so any router (the tests' too) gets the same.
  const search = readDashboardSearch(useSearch({ strict: false }));
  const tab = search.tab ?? DEFAULT_DASHBOARD_TAB;
  const selectedWeek = search.week ?? null;
  // What sits below a phone's first screen (the journey map, the plan, the inventory) is left out of
  // the first commit, the one that replaces the prerendered frame, and rendered right after it in a
  // background render of its own: the first commit and its layout are a third smaller, and a phone
  // can answer a tap between the two (decision 0380). The same when the Progress tab is shown again.
  const belowTheFold = useDeferredValue(tab === 'progress', false);
  const [celebration, setCelebration] = useState<Milestone | null>(null);
  const [downloadingWeek, setDownloadingWeek] = useState<number | null>(null);
  const [onboardingClosing, setOnboardingClosing] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  /** The refresh of the unlocked weeks after the last Mark Complete: the next week opens after it. */
  const unlocksRefreshed = useRef<Promise<unknown>>(Promise.resolve());
  /** What to focus once the next URL change has rendered (the week's details, a map button). */
  const pendingFocus = useRef<(() => void) | null>(null);
  const focusWhenReady = useFocusWhenReady();

  /** A new history entry (or, with `replace`, this one) for the dashboard's tab and week. */
  function go(next: DashboardSearch, options: { replace?: boolean } = {}) {
    void navigate({
      to: '.',
      search: stripUndefined(next) as never,
      replace: options.replace ?? false,
      // The page stays where it is: switching tab or week is not a new page.
      resetScroll: false,
    });
  }
  // A tab chosen (a tap, the arrow keys, a button that opens one) shows selected at once, its panel
  // loading, and the URL follows after that paint: the navigation renders the page in one task (the
  // router's state is an external store, which React renders synchronously), 170-500 ms on a phone,
  // during which the tap showed nothing (decision 0398). Forgotten once the URL's tab changes, and
  // when the history moves (back, forward) before it did: the URL's tab may then change and change
  // back with no render in between.
  const [chosenTab, setChosenTab] = useState<{ from: DashboardTab; to: DashboardTab } | null>(null);
  if (chosenTab && chosenTab.from !== tab) setChosenTab(null);
  const shownTab = chosenTab?.from === tab ? chosenTab.to : tab;
  /** Cancels the navigation a chosen tab waits to start: a later choice replaces it, leaving the page ends it. */
  const cancelTabNavigation = useRef(() => {});
  function goToTab(next: DashboardSearch & { tab: DashboardTab }) {
    cancelTabNavigation.current();
    setChosenTab(next.tab === tab ? null : { from: tab, to: next.tab });
    // The tab and week the URL has already, or is on its way to (a navigation started and not yet
    // rendered): stay. Chosen again before the URL followed a choice, that is the page's own tab.
    const latest = readDashboardSearch(router.latestLocation.search);
    if (next.tab === (latest.tab ?? DEFAULT_DASHBOARD_TAB) && next.week === latest.week) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => go(next));
    });
    cancelTabNavigation.current = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }
  function setTab(next: DashboardTab) {
    goToTab({ ...search, tab: next });
  }

  useEffect(() => {
    if (sessionLost) void navigate({ to: '/customer-login' });
  }, [sessionLost, navigate]);
  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
      cancelTabNavigation.current();
    },
    [],
  );
  useEffect(
    () =>
      router.history.subscribe(({ action }) => {
        if (action.type === 'PUSH' || action.type === 'REPLACE') return;
        cancelTabNavigation.current();
        setChosenTab(null);
      }),
    [router],
  );
  // Runs after every render: the pending focus waits for the URL change that makes its target.
  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    requestAnimationFrame(focus);
  });

  const profile = profileQuery.data;
  const progression = progressionQuery.data;
  const records = recordsQuery.data;
  const weeks = weeksQuery.data;
  const weekLimit = accessQuery.data?.weekLimit ?? TOTAL_WEEKS;

  function savedProfile(saved: Profile) {
    queryClient.setQueryData(trpc.profile.get.queryKey(), saved);
  }

  const profileMutation = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: (saved) => {
        savedProfile(saved);
        notify.success(translate('dashboard.toast.profileSaved'), translate('dashboard.toast.profileSavedText'));
      },
      onError: () => notify.error(translate('dashboard.toast.saveFailed'), translate('dashboard.toast.profileFailed')),
    }),
  );

  const onboardingMutation = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: (saved) => {
        setOnboardingClosing(true);
        savedProfile(saved);
        notify.success(
          translate('dashboard.toast.profileSaved'),
          translate('dashboard.toast.welcome', { name: saved.userDisplayName, partner: saved.partnerName }),
        );
        closeTimer.current = setTimeout(() => {
          setOnboardingClosing(false);
          go({ tab: 'progress', week: 1 }, { replace: true });
          // Focus goes on to week 1's details (decision 0135), not back to the top of the page.
          focusWhenReady(() => document.querySelector<HTMLElement>('#week-1-title'));
        }, ONBOARDING_CLOSE_DELAY_MS);
      },
      onError: () => notify.error(translate('dashboard.toast.saveFailed'), translate('dashboard.toast.profileFailed')),
    }),
  );

  // The mutation's `mutate` keeps its identity, so the memoised dialog does not re-render with
  // every query the dashboard behind it receives.
  const saveOnboarding = onboardingMutation.mutate;

  function refreshUnlocks() {
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.progress.progression.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.frameworks.withAccess.queryKey() }),
    ]);
  }

  function progressFailed(error: unknown) {
    notify.error(translate('dashboard.toast.error'), errorMessage(error, translate('dashboard.toast.progressFailed')));
    // A refusal may mean the page is out of date (another tab, a changed access level).
    void refreshUnlocks();
  }

  function savedRecord(record: ProgressRecordView) {
    queryClient.setQueryData(trpc.progress.list.queryKey(), (records) => withRecord(records, record));
  }

  const completeMutation = useMutation(
    trpc.progress.complete.mutationOptions({
      onSuccess: (record) => {
        // Read before the refresh below replaces it: the count as it was when Mark Complete was pressed.
        const milestone = milestoneReached(queryClient.getQueryData(trpc.progress.progression.queryKey()), record);
        savedRecord(record);
        void queryClient.invalidateQueries({ queryKey: trpc.progress.streak.queryKey() });
        // A completed week's time now counts toward a certificate (decision 0330).
        void queryClient.invalidateQueries({ queryKey: trpc.certificates.hours.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.certificates.status.queryKey() });
        // Focus moves on to the next week on the map once it has unlocked (decision 0135); the
        // week's own heading when there is no next week to open. A milestone's dialog keeps it
        // until it closes (closeCelebration).
        unlocksRefreshed.current = refreshUnlocks().then(() => {
          if (!milestone) focusNextWeek(record.weekNumber);
        });
        notify.success(
          translate('dashboard.toast.weekCompleted'),
          translate('dashboard.toast.weekCompletedText', { week: record.weekNumber }),
        );
        if (milestone) setCelebration(milestone);
      },
      onError: progressFailed,
    }),
  );

  const notesMutation = useMutation(
    trpc.progress.update.mutationOptions({
      onSuccess: (record) => {
        savedRecord(record);
        notify.success(translate('dashboard.toast.progressSaved'), translate('dashboard.toast.notesSaved'));
      },
      onError: (error) => {
        const stored = conflictCurrent<ProgressRecordView>(error);
        if (!stored) {
          // Offline, the week's details keep the notes waiting on the device and say so.
          if (notSavedError(error)?.reason !== 'offline') progressFailed(error);
          return;
        }
        // Saved elsewhere meanwhile: the week's details show both versions and ask.
        savedRecord(stored);
        notify.error(translate('offline.conflict.title'), translate('offline.notes.conflict'));
      },
    }),
  );

  async function download(weekNumber: number) {
    setDownloadingWeek(weekNumber);
    try {
      await downloadFramework(weekNumber);
    } finally {
      setDownloadingWeek(null);
    }
  }

  function selectWeek(weekNumber: number) {
    // Bring the details into view (they sit above the map) once they have rendered.
    pendingFocus.current = () => {
      detailRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      detailRef.current?.querySelector<HTMLElement>('h2')?.focus();
    };
    go({ ...search, week: weekNumber });
  }

  function focusNextWeek(completedWeek: number) {
    // Whether the next week opens is read from the refreshed weeks, not from the map: the refresh
    // has arrived when this runs, but the map may not show it yet, and a button still drawn locked
    // would send the focus to the completed week's heading for good.
    const refreshed = queryClient.getQueryData(trpc.frameworks.withAccess.queryKey());
    const nextOpens = canOpenWeek(refreshed?.find((week) => week.weekNumber === completedWeek + 1));
    focusWhenReady(() => {
      if (!nextOpens) return document.querySelector<HTMLElement>(`#week-${completedWeek}-title`);
      const next = document.querySelector<HTMLElement>(`[data-week-button="${completedWeek + 1}"]`);
      const state = next?.dataset.state;
      return next && state !== 'locked' && state !== 'coming-soon' ? next : null;
    });
  }

  function openWorkbook() {
    setTab('current');
    // The workbook's heading once it has loaded (decision 0135). The Current tab's own panel: the
    // tab changes with the URL, a render or more later, and until then the Progress panel and its
    // headings are still the ones on the page.
    focusWhenReady(() => document.querySelector<HTMLElement>('[data-dashboard-panel="current"] h2'));
  }

  function closeWeek() {
    const week = selectedWeek;
    pendingFocus.current = () => document.querySelector<HTMLElement>(`[data-week-button="${week}"]`)?.focus();
    go({ ...search, week: undefined });
  }

  /** 'Continue Week N': that week's workbook on the Current tab, with the keyboard on the tab. */
  function continueWeek(weekNumber: number) {
    pendingFocus.current = () => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    goToTab({ tab: 'current', week: weekNumber });
  }

  /**
   * After the celebration ('Keep going'): where Mark Complete sends the keyboard without one
   * (decision 0135), the next week on the map once it is open, else the completed week's heading;
   * the selected tab when no week is selected.
   */
  function closeCelebration() {
    setCelebration(null);
    const completedWeek = selectedWeek;
    if (completedWeek !== null) {
      void unlocksRefreshed.current.then(() => focusNextWeek(completedWeek));
      return;
    }
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus());
  }

  const selected = selectedWeek !== null ? weeks?.find((week) => week.weekNumber === selectedWeek) : undefined;
  const selectedState = selected?.state;
  // A week in the URL that cannot be opened (locked, coming soon) is ignored, as is an unknown one.
  const showSelected = canOpenWeek(selected);
  // The Current tab opens the selected week, else the current one (docs/product.md#weekly-routine).
  const step = weeks ? nextStep(weeks) : null;
  const workbookWeek = showSelected ? selectedWeek : step?.kind === 'continue' ? step.week.weekNumber : null;
  // Until a new buyer has saved their names, the welcome dialog is all there is to use: the tabs
  // behind it render once it is saved (while it closes), so a phone's first screen after paying
  // does the dialog's work only (issue 36, decision 0278). Deferred: once the names are saved, the
  // tabs render in a background render of their own that yields to the browser, not in the task
  // that handles the server's answer (a long task on a phone, while the dialog closes).
  const welcoming = useDeferredValue(profile !== undefined && needsOnboarding(profile));
  // The dialog stays until that render is in, so it never leaves an empty page behind it.
  const onboardingOpen = profile !== undefined && (needsOnboarding(profile) || onboardingClosing || welcoming);
  const onboardingShown = useOpenedOnce(onboardingOpen);
  // Chosen once: a component type that changed later would remount the dialog and lose what was typed.
  const [OnboardingModal] = useState(() => onboardingModule?.OnboardingModal ?? LazyOnboardingModal);
  const celebrationShown = useOpenedOnce(celebration !== null);
  const partnerNames = {
    partner1: profile?.userDisplayName.trim() || 'Partner 1',
    partner2: profile?.partnerName.trim() || 'Partner 2',
  };

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <DashboardHeader profile={profile} />

        {failed.length > 0 && !sessionLost ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={t('dashboard.failed.title')}
          >
            <Stack gap="xs" align="flex-start">
              {errorMessage(failed[0]?.error, t('dashboard.failed.text'))}
              <Button
                size="xs"
                variant="white"
                color="red"
                onClick={() => failed.forEach((query) => void query.refetch())}
              >
                {t('dashboard.detail.tryAgain')}
              </Button>
            </Stack>
          </Alert>
        ) : null}

        {welcoming
          ? null
          : renderShareNotices?.((weekNumber) => goToTab({ ...search, tab: 'current', week: weekNumber }))}

        {welcoming ? null : (
          <Tabs
            value={shownTab}
            onChange={(value) =>
              setTab(DASHBOARD_TABS.includes(value as DashboardTab) ? (value as DashboardTab) : DEFAULT_DASHBOARD_TAB)
            }
            keepMounted={false}
            classNames={{ tab: classes.tab, tabSection: classes.tabSection }}
          >
            <Tabs.List>
              <Tabs.Tab value="progress" leftSection={<IconChartBar size={18} aria-hidden="true" />}>
                {t('dashboard.tabs.progress')}
              </Tabs.Tab>
              <Tabs.Tab value="current" leftSection={<IconBook2 size={18} aria-hidden="true" />}>
                {t('dashboard.tabs.current')}
              </Tabs.Tab>
              <Tabs.Tab value="wins" leftSection={<IconTrophy size={18} aria-hidden="true" />}>
                {t('dashboard.tabs.wins')}
              </Tabs.Tab>
              <Tabs.Tab value="profile" leftSection={<IconUserHeart size={18} aria-hidden="true" />}>
                {t('dashboard.tabs.profile')}
              </Tabs.Tab>
            </Tabs.List>

            <TabPanel ready={shownTab === tab} value="progress" pt="lg">
              <Stack gap="lg" className={classes.progressPanel}>
                <ContinueCard weeks={weeks} onContinue={continueWeek} onShowWins={() => setTab('wins')} />
                {accessQuery.data?.accessLevel === 'trial' ? (
                  <TrialNotice weekLimit={weekLimit} totalCompleted={progression?.totalCompleted ?? 0} />
                ) : null}
                <SummaryCards progression={progression} weeks={weeks} />
                <div ref={detailRef} style={{ scrollMarginTop: 16 }}>
                  {showSelected && selected ? (
                    <WeekDetailCard
                      key={selected.weekNumber}
                      week={selected}
                      record={records?.find((record) => record.weekNumber === selected.weekNumber)}
                      completed={selectedState === 'completed'}
                      downloading={downloadingWeek === selected.weekNumber}
                      completing={completeMutation.isPending}
                      savingNotes={notesMutation.isPending}
                      onDownload={() => void download(selected.weekNumber)}
                      onComplete={() => completeMutation.mutate({ weekNumber: selected.weekNumber })}
                      onOpenWorkbook={openWorkbook}
                      onClose={closeWeek}
                      onSaveNotes={(notes, baseNotesRevision) =>
                        notesMutation.mutateAsync({ weekNumber: selected.weekNumber, notes, baseNotesRevision })
                      }
                    />
                  ) : null}
                </div>
                {belowTheFold ? (
                  // Laid out and painted only as it nears the screen (content-visibility), still in
                  // the page for the keyboard, find-in-page and screen readers (decision 0377).
                  <Stack gap="lg" className={classes.laterContent}>
                    <JourneyMap
                      weeks={weeks}
                      selectedWeek={showSelected ? selectedWeek : null}
                      onSelectWeek={selectWeek}
                    />
                    {/* Last, so nothing the prerendered frame draws moves when they arrive (decision 0136): the
                      plan card waits for the access level, the route's cards for their own data. */}
                    {accessQuery.data?.accessLevel === 'full' ? renderPlanCard?.(progression?.totalCompleted) : null}
                    {progressExtra}
                  </Stack>
                ) : (
                  // A screen's height meanwhile, so the footer does not come into view and leave it again.
                  <div className={classes.belowTheFold} />
                )}
              </Stack>
            </TabPanel>

            <TabPanel ready={shownTab === tab} value="current" pt="lg" data-dashboard-panel="current">
              <Suspense fallback={<TabLoading />}>
                {renderWorkbook({
                  weekNumber: workbookWeek,
                  partnerNames,
                  onChooseWeek: () => setTab('progress'),
                })}
              </Suspense>
            </TabPanel>

            <TabPanel ready={shownTab === tab} value="wins" pt="lg">
              <DrawnInBackground>
                <Suspense fallback={<TabLoading />}>
                  <Stack gap="lg">
                    <WinsPanel progression={progression} records={records} streak={<StreakStat />} />
                    {winsExtra}
                  </Stack>
                </Suspense>
              </DrawnInBackground>
            </TabPanel>

            <TabPanel ready={shownTab === tab} value="profile" pt="lg">
              <DrawnInBackground>
                <Suspense fallback={<TabLoading />}>
                  <Stack gap="lg">
                    <ProfilePanel
                      profile={profile}
                      saving={profileMutation.isPending}
                      onSave={(values) => profileMutation.mutate(values)}
                      settings={profileSettings}
                    />
                    {profileExtra}
                  </Stack>
                </Suspense>
              </DrawnInBackground>
            </TabPanel>
          </Tabs>
        )}
      </Stack>

      {/* Notes saved and ratings chosen wait on this device until sent (decision 0280): a rating
        always, so a quick run of choices goes one at a time; notes saved while offline. */}
      <SendWaitingProgress onRecord={savedRecord} onFailed={progressFailed} />
      {/* Workbook answers saved offline go the same way, whichever tab or week is on screen (the
        week's own editor sends those of its week). */}
      {renderWaitingAnswers?.(partnerNames)}

      <Suspense fallback={null}>
        {onboardingShown ? (
          <OnboardingModal
            opened={onboardingOpen}
            profile={profile}
            saving={onboardingMutation.isPending || onboardingClosing}
            onSave={saveOnboarding}
          />
        ) : null}
      </Suspense>

      <Suspense fallback={null}>
        {celebrationShown ? (
          <MilestoneCelebration
            milestone={celebration}
            onClose={closeCelebration}
            onShowWins={() => {
              setCelebration(null);
              pendingFocus.current = () =>
                document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
              setTab('wins');
            }}
          />
        ) : null}
      </Suspense>
    </Container>
  );
}
