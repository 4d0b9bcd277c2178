import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheckFilled, IconSparkles } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { PARTNERS, type Partner } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';

interface WorkbookSummaryProps {
  weekNumber: number;
  summary: string | null;
  /** The summary's language where it differs from the page's (written for the other partner's sign-in). */
  summaryLang?: Locale;
  names: Record<Partner, string>;
  /** Whether each partner has a saved, non-empty reflection answer. */
  answered: Record<Partner, boolean>;
}

/**
 * The couple's summary of the week (docs/product.md#states): 'Generate Summary' only once both
 * partners have answered and no summary exists; the summary itself once generated, with a way to
 * refresh it after the answers change.
 */
export function WorkbookSummary({ weekNumber, summary, summaryLang, names, answered }: WorkbookSummaryProps) {
  const queryClient = useQueryClient();
  const { t } = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusOnNextSummary = useRef(false);
  const bothAnswered = answered.partner1 && answered.partner2;

  const generate = useMutation(
    trpc.workbook.generateSummary.mutationOptions({
      onSuccess: (result) => {
        focusOnNextSummary.current = true;
        queryClient.setQueryData(trpc.workbook.summary.queryKey({ weekNumber }), result);
      },
      onError: (error) =>
        notify.error(
          translate('workbook.summary.failedTitle'),
          errorMessage(error, translate('workbook.summary.failed')),
        ),
    }),
  );

  // Move keyboard and screen-reader focus to the summary once it has been written.
  useEffect(() => {
    if (summary && focusOnNextSummary.current) {
      focusOnNextSummary.current = false;
      headingRef.current?.focus();
    }
  }, [summary]);

  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} bg="var(--mantine-color-plum-0)">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconSparkles aria-hidden="true" color="var(--mantine-color-plum-7)" />
          <Title order={3} ref={headingRef} tabIndex={-1}>
            {t('workbook.summary.title')}
          </Title>
        </Group>

        {summary ? (
          <>
            <Stack gap="sm" data-testid="week-summary" lang={summaryLang}>
              {summary.split(/\n{2,}/).map((paragraph) => (
                <Text key={paragraph}>{paragraph}</Text>
              ))}
            </Stack>
            {bothAnswered && (
              <Group gap="sm">
                <Button variant="subtle" onClick={() => generate.mutate({ weekNumber })} loading={generate.isPending}>
                  {t('workbook.summary.refresh')}
                </Button>
                <Text size="sm" c="dimmed">
                  {t('workbook.summary.refreshHint')}
                </Text>
              </Group>
            )}
          </>
        ) : bothAnswered ? (
          <>
            <Text>{t('workbook.summary.ready')}</Text>
            <Group>
              <Button onClick={() => generate.mutate({ weekNumber })} loading={generate.isPending}>
                {t('workbook.summary.generate')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text>{t('workbook.summary.notYet')}</Text>
            <List spacing={4} listStyleType="none" aria-label={t('workbook.summary.whoAnswered')}>
              {PARTNERS.map((partner) => (
                <List.Item key={partner}>
                  <Group gap={6} wrap="nowrap">
                    {answered[partner] ? (
                      <IconCircleCheckFilled size={18} aria-hidden="true" color="var(--mantine-color-green-7)" />
                    ) : (
                      <span aria-hidden="true" style={{ width: 18, textAlign: 'center' }}>
                        -
                      </span>
                    )}
                    <Text size="sm">
                      {answered[partner]
                        ? t('workbook.summary.answered', { name: names[partner] })
                        : t('workbook.summary.notAnswered', { name: names[partner] })}
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Paper>
  );
}
