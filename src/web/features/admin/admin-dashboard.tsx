import { SimpleGrid, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../components/notifications';
import { weekFileName } from '../../../shared/download-names';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { AdminDashboardHeading } from './admin-dashboard-skeleton';
import { downloadFile } from '../../lib/rest';
import { trpc } from '../../trpc';
import { DeleteFrameworkModal } from './delete-framework-modal';
import { FrameworkList } from './framework-list';
import { TITLE_INPUT_ID, UploadFrameworkForm, useUploadForm } from './upload-form';
import type { Framework } from './upload-request';
import { WeekOverview } from './week-overview';

/**
 * The admin screen's content (docs/product.md#admin-screen): the upload form, the 52-week overview
 * with the uploaded count, and the list of uploaded frameworks with download and delete. The route
 * puts Back to Website and Logout in the page header.
 */
export function AdminDashboard() {
  const queryClient = useQueryClient();
  const { data: frameworks = [] } = useQuery(trpc.frameworks.list.queryOptions());
  const form = useUploadForm();
  const [pendingDelete, setPendingDelete] = useState<number | null>(null);
  const [downloadingWeek, setDownloadingWeek] = useState<number | null>(null);
  const { t, locale } = useT();

  const refreshFrameworks = () => queryClient.invalidateQueries({ queryKey: trpc.frameworks.pathKey() });

  const deleteMutation = useMutation(
    trpc.frameworks.delete.mutationOptions({
      onSuccess: async () => {
        notify.success(t('admin.frameworks.deleted'));
        await refreshFrameworks();
      },
      onError: (error) =>
        notify.error(t('admin.frameworks.deleteFailed'), errorMessage(error, t('admin.frameworks.deleteFallback'))),
      onSettled: () => setPendingDelete(null),
    }),
  );

  function selectWeek(weekNumber: number, framework: Framework | undefined) {
    form.setValues({ weekNumber, title: framework?.title ?? '', description: framework?.description ?? '' });
    const title = document.getElementById(TITLE_INPUT_ID);
    title?.focus();
    title?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }

  async function download(weekNumber: number) {
    setDownloadingWeek(weekNumber);
    try {
      await downloadFile(`/api/download-framework/${weekNumber}`, weekFileName(weekNumber, locale));
    } catch {
      notify.error(t('admin.frameworks.downloadFailed'), t('admin.frameworks.downloadFallback'));
    } finally {
      setDownloadingWeek(null);
    }
  }

  const selectedWeek =
    Number.isInteger(Number(form.values.weekNumber)) && form.values.weekNumber !== ''
      ? Number(form.values.weekNumber)
      : null;

  return (
    <Stack gap="lg">
      <AdminDashboardHeading />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <UploadFrameworkForm form={form} frameworks={frameworks} onUploaded={() => void refreshFrameworks()} />
        <WeekOverview frameworks={frameworks} selectedWeek={selectedWeek} onSelectWeek={selectWeek} />
      </SimpleGrid>
      <FrameworkList
        frameworks={frameworks}
        downloadingWeek={downloadingWeek}
        onDownload={(weekNumber) => void download(weekNumber)}
        onDelete={(framework) => setPendingDelete(framework.weekNumber)}
      />
      <DeleteFrameworkModal
        weekNumber={pendingDelete}
        deleting={deleteMutation.isPending}
        onConfirm={(weekNumber) => deleteMutation.mutate({ weekNumber })}
        onCancel={() => setPendingDelete(null)}
      />
    </Stack>
  );
}
