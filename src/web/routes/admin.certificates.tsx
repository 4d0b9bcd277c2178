import { createFileRoute } from '@tanstack/react-router';
import { AdminPageSkeleton } from '../components/admin/admin-layout';
import { AdminCertificatesPage } from '../features/certificates/admin-certificates-page';
import { translate } from '../features/certificates/texts';
import { trpc } from '../trpc';

/** `/admin/certificates`: provider settings and issued certificates (docs/certificates.md). */
export const Route = createFileRoute('/admin/certificates')({
  head: () => ({ meta: [{ title: `${translate('certificates.admin.title')} · Admin · Vows & Weeks` }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.adminCertificates.provider.queryOptions()),
  pendingComponent: () => <AdminPageSkeleton label="Loading the certificates" />,
  component: AdminCertificatesPage,
});
