import { Alert, Badge, Button, Grid, NavLink, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { WeekContentData } from '../../../shared/workbook-schemas';
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

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Course content</Title>
        <Text c="dimmed">
          The exercises of each week, as couples see them in their workbook. Choose a week to edit it; couples see a
          saved change the next time they open the week, and their answers stay with their questions.
        </Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {weeks.data ? `${edited} of ${weeks.data.length} weeks edited` : 'Loading the weeks…'}
            </Text>
            {weeks.isError ? (
              <Alert color="red" title="We could not load the weeks">
                <Stack gap="xs" align="flex-start">
                  {errorMessage(weeks.error, 'Please try again.')}
                  <Button variant="light" color="red" onClick={() => weeks.refetch()}>
                    Try again
                  </Button>
                </Stack>
              </Alert>
            ) : (
              <ScrollArea.Autosize mah={420} type="auto">
                <nav aria-label="Weeks of the course">
                  {weeks.data
                    ? weeks.data.map((item) => (
                        <NavLink
                          key={item.weekNumber}
                          component="button"
                          type="button"
                          active={item.weekNumber === weekNumber}
                          aria-current={item.weekNumber === weekNumber ? 'page' : undefined}
                          onClick={() => onSelectWeek(item.weekNumber)}
                          label={`Week ${item.weekNumber}: ${item.title}`}
                          rightSection={
                            <Badge size="sm" variant={item.status === 'edited' ? 'filled' : 'light'} color="plum">
                              {item.status === 'edited' ? 'Edited' : 'Default'}
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
            <Alert color="red" title={`We could not open week ${weekNumber}`}>
              <Stack gap="xs" align="flex-start">
                {errorMessage(week.error, 'Please try again.')}
                <Button variant="light" color="red" onClick={() => week.refetch()}>
                  Try again
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
            <Stack gap="md" aria-busy="true" aria-label={`Loading week ${weekNumber}`}>
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
