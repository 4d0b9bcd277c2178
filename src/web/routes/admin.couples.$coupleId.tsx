import { createFileRoute } from '@tanstack/react-router';
import { CouplePage } from '../features/admin-couples/couple-page';
import { AdminPageSkeleton } from '../components/admin/admin-layout';
import { translate } from '../i18n/i18n';

/** `/admin/couples/<id>`: one couple in the back office (docs/product.md#back-office-orders-and-couples). */
export const Route = createFileRoute('/admin/couples/$coupleId')({
  head: () => ({ meta: [{ title: translate('admin.title.couple') }] }),
  pendingComponent: () => <AdminPageSkeleton label={translate('admin.loading.couple')} />,
  component: CoupleRoute,
});

function CoupleRoute() {
  const { coupleId } = Route.useParams();
  // A non-number id gets the server's 400, shown by the page; keying by id resets its dialogs.
  return <CouplePage key={coupleId} coupleId={Number(coupleId)} />;
}
