import { createFileRoute } from '@tanstack/react-router';
import { TOTAL_WEEKS } from '../../shared/constants';
import { CourseContentPage } from '../features/admin-content/course-content-page';
import { AdminPageSkeleton } from '../features/admin-shell/admin-layout';
import { WorkbookPreview } from '../features/workbook/workbook-preview';
import { trpc } from '../trpc';

/** The week in the URL (`?week=4`), so reloads and links keep it; anything else is week 1. */
function weekFrom(search: Record<string, unknown>): { week: number } {
  const week = Number(search.week);
  return { week: Number.isInteger(week) && week >= 1 && week <= TOTAL_WEEKS ? week : 1 };
}

/** `/admin/content`: the seller edits the course (docs/product.md#admin-screen). */
export const Route = createFileRoute('/admin/content')({
  head: () => ({ meta: [{ title: 'Course content · Admin · Vows & Weeks' }] }),
  validateSearch: weekFrom,
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.courseContent.list.queryOptions()),
  pendingComponent: () => <AdminPageSkeleton label="Loading the course content" />,
  component: CourseContentRoute,
});

function CourseContentRoute() {
  const { week } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CourseContentPage
      weekNumber={week}
      onSelectWeek={(weekNumber) => navigate({ search: { week: weekNumber } })}
      // The preview is the couple's own workbook: features do not import each other, the route composes them.
      renderPreview={(content) => <WorkbookPreview content={content} />}
    />
  );
}
