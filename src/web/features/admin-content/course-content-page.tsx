import { Alert, Badge, Button, Grid, NavLink, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { WeekContentData } from '../../../shared/workbook-schemas';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { WeekContentEditor } from './week-content-editor';

interface CourseContentPageProps {
  /** The week being edited (from the URL). */
  weekNumber: number;
  onSelectWeek: (weekNumber: number) => void;
  /** Told whether the open week has changes not saved yet. */
  onUnsavedChange?: (unsaved: boolean) => void;
  /** The week exactly as couples see it (composed by the route from the workbook feature). */
  renderPreview: (content: WeekContentData) => ReactNode;
}

/**
 * `/admin/content` (docs/product.md#admin-screen): the 52 weeks with their status, and the editor of
 * the chosen one.
 */
export function CourseContentPage({
  weekNumber,
  onSelectWeek,
  renderPreview,
  onUnsavedChange,
}: CourseContentPageProps) {
  const weeks = useQuery(trpc.courseContent.list.queryOptions());
  const week = useQuery(trpc.courseContent.get.queryOptions({ weekNumber }));
  const edited = weeks.data?.filter((item) => item.status === 'edited').length ?? 0;
  const { t } = useT();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('admin.content.heading')}</Title>
        <Text c="dimmed">{t('admin.content.intro')}</Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {weeks.data
                ? t('admin.content.editedCount', { edited, total: weeks.data.length })
                : t('admin.content.loadingWeeks')}
            </Text>
            {weeks.isError ? (
              <Alert color="red" title={t('admin.content.weeksFailed')}>
                <Stack gap="xs" align="flex-start">
                  {errorMessage(weeks.error, t('admin.tryAgain'))}
                  <Button variant="light" color="red" onClick={() => weeks.refetch()}>
                    {t('admin.content.tryAgain')}
                  </Button>
                </Stack>
              </Alert>
            ) : (
              <ScrollArea.Autosize mah={420} type="auto">
                <nav aria-label={t('admin.content.weeksNav')}>
                  {weeks.data
                    ? weeks.data.map((item) => (
                        <NavLink
                          key={item.weekNumber}
                          component="button"
                          type="button"
                          active={item.weekNumber === weekNumber}
                          aria-current={item.weekNumber === weekNumber ? 'page' : undefined}
                          onClick={() => onSelectWeek(item.weekNumber)}
                          label={t('admin.content.weekItem', { week: item.weekNumber, title: item.title })}
                          rightSection={
                            <Badge size="sm" variant={item.status === 'edited' ? 'filled' : 'light'} color="plum">
                              {item.status === 'edited' ? t('admin.content.edited') : t('admin.content.default')}
                            </Badge>
                          }
                        />
                      ))
                    : ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((row) => <Skeleton key={row} height={36} mb={6} />)}
                </nav>
              </ScrollArea.Autosize>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {week.isError ? (
            <Alert color="red" title={t('admin.content.weekFailed', { week: weekNumber })}>
              <Stack gap="xs" align="flex-start">
                {errorMessage(week.error, t('admin.tryAgain'))}
                <Button variant="light" color="red" onClick={() => week.refetch()}>
                  {t('admin.content.tryAgain')}
                </Button>
              </Stack>
            </Alert>
          ) : week.data ? (
            // A new week, or a newer version of it, starts a fresh form.
            <WeekContentEditor
              key={`${week.data.weekNumber} ${week.data.updatedAt}`}
              week={week.data}
              renderPreview={renderPreview}
              onUnsavedChange={onUnsavedChange}
            />
          ) : (
            <Stack gap="md" aria-busy="true" aria-label={t('admin.content.loadingWeek', { week: weekNumber })}>
              <Skeleton height={36} width="40%" />
              {[0, 1, 2, 3].map((row) => (
                <Skeleton key={row} height={80} />
              ))}
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
