import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { Partner } from '../../../shared/constants';
import type { WeekShareState } from '../../../shared/partner-schemas';
import type { WeekContent, WorkbookAnswersView } from '../../../shared/workbook-schemas';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { translate } from '../../i18n/i18n';
import { langOf } from '../../i18n/text-language';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';
import { compareAnswers, comparisonLabel } from './compare-answers';

const BADGE_COLORS = { agree: 'green', talk: 'plum', one: 'gray' } as const;

/**
 * The other partner's column for a sign-in bound to a partner, with private answers on
 * (docs/product.md#sealed-answers): sealed until both have shared, with the share button.
 */
export function SealedColumn({
  weekNumber,
  share,
  you,
  names,
}: {
  weekNumber: number;
  share: WeekShareState;
  you: Partner;
  names: Record<Partner, string>;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const headingId = useId();
  const other: Partner = you === 'partner1' ? 'partner2' : 'partner1';
  const mark = useMutation(
    trpc.partners.shareWeek.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(trpc.partners.weekShare.queryKey({ weekNumber }), result);
        notify.success(result.revealed ? translate('workbook.share.revealed') : translate('workbook.share.shared'));
      },
      onError: (error) =>
        notify.error(translate('workbook.share.failed'), errorMessage(error, translate('workbook.share.tryAgain'))),
    }),
  );
  const youShared = share.shared[you] !== null;
  const theyShared = share.shared[other] !== null;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={3} id={headingId}>
          <IconLock size={20} aria-hidden="true" /> {t('workbook.share.theirAnswers', { name: names[other] })}
        </Title>
        <Text>{t('workbook.share.sealed')}</Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {youShared
            ? theyShared
              ? t('workbook.share.youShared', { week: weekNumber })
              : t('workbook.share.youSharedWaiting', { week: weekNumber, name: names[other] })
            : theyShared
              ? t('workbook.share.theyShared', { name: names[other] })
              : t('workbook.share.neither', { week: weekNumber })}
        </Text>
        <Button onClick={() => mark.mutate({ weekNumber })} loading={mark.isPending} disabled={youShared}>
          {youShared ? t('workbook.share.done') : t('workbook.share.mark')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('workbook.share.summaryLater')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Both partners' answers side by side, per question (the reveal): where they read the same is
 * marked "You agree", other pairs "Talk about this" (compare-answers.ts). The week's questions and
 * each partner's answers carry their language where it is not the page's (WCAG 3.1.2): partners
 * may read and write the course in different languages.
 */
export function AnswersSideBySide({
  content,
  answers,
  names,
}: {
  content: WeekContent;
  answers: Record<Partner, WorkbookAnswersView>;
  names: Record<Partner, string>;
}) {
  const { t, locale } = useT();
  const headingId = useId();
  const contentLang = langOf(content.locale, locale);
  const answerLang = {
    partner1: langOf(answers.partner1.language, locale),
    partner2: langOf(answers.partner2.language, locale),
  };
  const rows = [
    ...content.reflectionQuestions.map((question) => ({
      key: question.id,
      label: question.question,
      labelLang: contentLang,
      partner1: answers.partner1.reflectionAnswers[question.id],
      partner2: answers.partner2.reflectionAnswers[question.id],
    })),
    {
      key: 'weeklyCommitment',
      label: t('workbook.editor.commitment'),
      labelLang: undefined,
      partner1: answers.partner1.weeklyCommitment,
      partner2: answers.partner2.weeklyCommitment,
    },
  ];
  const compared = rows.map((row) => ({ ...row, comparison: compareAnswers(row.partner1, row.partner2) }));
  // Where you differ comes first: that is what the conversation is for.
  const order = { talk: 0, one: 1, agree: 2, none: 3 } as const;
  compared.sort((a, b) => order[a.comparison] - order[b.comparison]);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} id={headingId}>
            {t('workbook.share.sideBySide')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('workbook.share.sideBySideIntro')}
          </Text>
        </Stack>
        {compared
          .filter((row) => row.comparison !== 'none')
          .map((row) => (
            <Stack key={row.key} gap="xs" data-testid="side-by-side-row">
              <Group gap="xs" wrap="wrap">
                <Text fw={600} lang={row.labelLang}>
                  {row.label}
                </Text>
                {row.comparison !== 'none' && (
                  <Badge variant="light" color={BADGE_COLORS[row.comparison]}>
                    {comparisonLabel(row.comparison)}
                  </Badge>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {(['partner1', 'partner2'] as const).map((partner) => (
                  <Stack key={partner} gap={2}>
                    <Text size="sm" fw={600} c="dimmed">
                      {names[partner]}
                    </Text>
                    {row[partner]?.trim() ? (
                      <Text style={{ whiteSpace: 'pre-wrap' }} lang={answerLang[partner]}>
                        {row[partner]?.trim()}
                      </Text>
                    ) : (
                      <Text style={{ whiteSpace: 'pre-wrap' }}>{t('workbook.share.noAnswer')}</Text>
                    )}
                  </Stack>
                ))}
              </SimpleGrid>
            </Stack>
          ))}
      </Stack>
    </Paper>
  );
}
