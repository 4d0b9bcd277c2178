import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t';
import { formatFileSize, formatUploadDate } from './format';
import type { Framework } from './upload-request';

interface FrameworkListProps {
  frameworks: Framework[];
  /** The week whose download is running, if any. */
  downloadingWeek: number | null;
  onDownload: (weekNumber: number) => void;
  onDelete: (framework: Framework) => void;
}

/** The uploaded frameworks by week, with size, date, download and delete; an empty state otherwise. */
export function FrameworkList({ frameworks, downloadingWeek, onDownload, onDelete }: FrameworkListProps) {
  const { t } = useT();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="framework-list-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="framework-list-heading">
          {t('admin.frameworks.list.heading')}
        </Title>
        {frameworks.length === 0 ? (
          <Stack gap={4} py="md" data-testid="frameworks-empty">
            <Text fw={600}>{t('admin.frameworks.list.empty.title')}</Text>
            <Text c="dimmed">{t('admin.frameworks.list.empty.body')}</Text>
          </Stack>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {frameworks.map((framework) => (
              <Paper
                key={framework.weekNumber}
                component="li"
                withBorder
                p="sm"
                radius="md"
                aria-label={t('admin.frameworks.list.item', { week: framework.weekNumber, title: framework.title })}
              >
                <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                  <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Badge variant="light" mt={2} style={{ flexShrink: 0 }}>
                        {t('admin.frameworks.week', { week: framework.weekNumber })}
                      </Badge>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {framework.title}
                      </Text>
                    </Group>
                    {framework.description ? (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {framework.description}
                      </Text>
                    ) : null}
                    <Text size="sm" c="dimmed">
                      {t('admin.frameworks.list.meta', {
                        size: formatFileSize(framework.fileSize),
                        date: formatUploadDate(framework.uploadedAt),
                      })}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      variant="light"
                      size="sm"
                      leftSection={<IconDownload size={16} aria-hidden="true" />}
                      loading={downloadingWeek === framework.weekNumber}
                      aria-label={t('admin.frameworks.list.downloadLabel', { week: framework.weekNumber })}
                      onClick={() => onDownload(framework.weekNumber)}
                    >
                      {t('admin.frameworks.list.download')}
                    </Button>
                    <Button
                      variant="outline"
                      color="red"
                      size="sm"
                      leftSection={<IconTrash size={16} aria-hidden="true" />}
                      aria-label={t('admin.frameworks.list.deleteLabel', { week: framework.weekNumber })}
                      onClick={() => onDelete(framework)}
                    >
                      {t('admin.frameworks.list.delete')}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
