import { createFileRoute, useBlocker } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import { TOTAL_WEEKS } from '../../shared/constants';
import { CourseContentPage } from '../features/admin-content/course-content-page';
import { UnsavedChangesDialog } from '../features/admin-content/unsaved-changes-dialog';
import { AdminPageSkeleton } from '../components/admin/admin-layout';
import { CoreWeekSwitch } from '../features/plan/core-week-switch';
import { WorkbookPreview } from '../features/workbook/workbook-preview';
import { translate } from '../i18n/i18n';
import { trpc } from '../trpc';

/** The week in the URL (`?week=4`), so reloads and links keep it; anything else is week 1. */
function weekFrom(search: Record<string, unknown>): { week: number } {
  const week = Number(search.week);
  return { week: Number.isInteger(week) && week >= 1 && week <= TOTAL_WEEKS ? week : 1 };
}

/** `/admin/content`: the seller edits the course (docs/product.md#admin-screen). */
export const Route = createFileRoute('/admin/content')({
  head: () => ({ meta: [{ title: translate('content-editor.page.metaTitle') }] }),
  validateSearch: weekFrom,
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.courseContent.list.queryOptions()),
  pendingComponent: () => <AdminPageSkeleton label="Loading the course content" />,
  component: CourseContentRoute,
});

function CourseContentRoute() {
  const { week } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Unsaved changes are asked about before any navigation (another week, another page) and before
  // the tab is closed or reloaded.
  const unsaved = useRef(false);
  const onUnsavedChange = useCallback((value: boolean) => {
    unsaved.current = value;
  }, []);
  const blocker = useBlocker({
    shouldBlockFn: () => unsaved.current,
    enableBeforeUnload: () => unsaved.current,
    withResolver: true,
  });
  return (
    <>
      <CourseContentPage
        weekNumber={week}
        onSelectWeek={(weekNumber) => navigate({ search: { week: weekNumber } })}
        onUnsavedChange={onUnsavedChange}
        // The preview is the couple's own workbook: features do not import each other, the route composes them.
        renderPreview={(content) => <WorkbookPreview content={content} />}
        renderWeekSettings={(weekNumber) => <CoreWeekSwitch weekNumber={weekNumber} />}
      />
      <UnsavedChangesDialog
        opened={blocker.status === 'blocked'}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </>
  );
}
