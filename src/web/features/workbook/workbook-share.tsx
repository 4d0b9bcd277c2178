import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { Partner } from '../../../shared/constants';
import type { WeekShareState } from '../../../shared/partner-schemas';
import type { WeekContent, WorkbookAnswers } from '../../../shared/workbook-schemas';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { COMPARISON_LABELS, compareAnswers } from './compare-answers';

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
  const queryClient = useQueryClient();
  const headingId = useId();
  const other: Partner = you === 'partner1' ? 'partner2' : 'partner1';
  const mark = useMutation(
    trpc.partners.shareWeek.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(trpc.partners.weekShare.queryKey({ weekNumber }), result);
        notify.success(result.revealed ? 'Your answers are open to each other' : 'Shared');
      },
      onError: (error) => notify.error('Could not share', errorMessage(error, 'Please try again.')),
    }),
  );
  const youShared = share.shared[you] !== null;
  const theyShared = share.shared[other] !== null;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={3} id={headingId}>
          <IconLock size={20} aria-hidden="true" /> {names[other]}&apos;s answers
        </Title>
        <Text>Sealed until you both share. Answer on your own first, then mark your answers as shared.</Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {youShared
            ? `You have shared week ${weekNumber}. ${theyShared ? '' : `Waiting for ${names[other]} to share.`}`
            : theyShared
              ? `${names[other]} has shared. Share yours to read each other's answers.`
              : `Neither of you has shared week ${weekNumber} yet.`}
        </Text>
        <Button onClick={() => mark.mutate({ weekNumber })} loading={mark.isPending} disabled={youShared}>
          {youShared ? 'Your answers are shared' : 'Mark my answers as shared'}
        </Button>
        <Text size="sm" c="dimmed">
          The week&apos;s summary opens once you have both shared.
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Both partners' answers side by side, per question (the reveal): where they read the same is
 * marked "You agree", other pairs "Talk about this" (compare-answers.ts).
 */
export function AnswersSideBySide({
  content,
  answers,
  names,
}: {
  content: WeekContent;
  answers: Record<Partner, WorkbookAnswers>;
  names: Record<Partner, string>;
}) {
  const headingId = useId();
  const rows = [
    ...content.reflectionQuestions.map((question) => ({
      key: question.id,
      label: question.question,
      partner1: answers.partner1.reflectionAnswers[question.id],
      partner2: answers.partner2.reflectionAnswers[question.id],
    })),
    {
      key: 'weeklyCommitment',
      label: 'Weekly commitment',
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
            Side by side
          </Title>
          <Text size="sm" c="dimmed">
            Your answers together, with the ones to talk about first.
          </Text>
        </Stack>
        {compared
          .filter((row) => row.comparison !== 'none')
          .map((row) => (
            <Stack key={row.key} gap="xs" data-testid="side-by-side-row">
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{row.label}</Text>
                {row.comparison !== 'none' && (
                  <Badge variant="light" color={BADGE_COLORS[row.comparison]}>
                    {COMPARISON_LABELS[row.comparison]}
                  </Badge>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {(['partner1', 'partner2'] as const).map((partner) => (
                  <Stack key={partner} gap={2}>
                    <Text size="sm" fw={600} c="dimmed">
                      {names[partner]}
                    </Text>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{row[partner]?.trim() || 'No answer yet.'}</Text>
                  </Stack>
                ))}
              </SimpleGrid>
            </Stack>
          ))}
      </Stack>
    </Paper>
  );
}
