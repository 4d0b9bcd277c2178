import { Alert, Button, EmptyState, Group, Stack } from '@mantine/core';
import { IconLock, IconNotebook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { TRPCClientError } from '@trpc/client';
import type { Partner } from '../../../shared/constants';
import { errorMessage } from '../../lib/api-error';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';
import { WorkbookEditor } from './workbook-editor';
import { NO_ANSWERS } from './workbook-preview';
import { WorkbookSkeleton } from './workbook-skeleton';

export interface WorkbookPanelProps {
  /** The week selected on the Progress tab, or null when none is. */
  weekNumber: number | null;
  /** The profile's names, used to label Partner 1 and Partner 2. */
  partnerNames: { partner1: string; partner2: string };
  /** Sends the couple back to the Progress tab to pick a week. */
  onChooseWeek: () => void;
  /**
   * Shown under the workbook once it has loaded, never beside its skeleton (the route passes the
   * course-time tracker): while the week loads, the workbook's heading is the panel's first, and
   * nothing below it moves when the week arrives.
   */
  after?: ReactNode;
  /**
   * Above the loaded week: the route passes the course-language feature's notice, said when the week
   * came in English instead of the reader's language (`languageFallback`).
   */
  renderFallbackNotice?: (fallback: boolean | undefined) => ReactNode;
}

/**
 * The Current tab's interactive workbook (docs/product.md#dashboard): the selected week's
 * exercises, each partner in turn, and the couple's summary; or, with no week selected, a prompt to
 * choose one.
 */
export function WorkbookPanel({
  weekNumber,
  partnerNames,
  onChooseWeek,
  after,
  renderFallbackNotice,
}: WorkbookPanelProps) {
  const { t } = useT();
  if (weekNumber === null) {
    return (
      <EmptyState>
        <EmptyState.Indicator>
          <IconNotebook aria-hidden="true" />
        </EmptyState.Indicator>
        <EmptyState.Title order={2}>{t('workbook.empty.title')}</EmptyState.Title>
        <EmptyState.Description>{t('workbook.empty.text')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button onClick={onChooseWeek}>{t('workbook.chooseWeek')}</Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  // A new week starts with fresh drafts.
  return (
    <WeekWorkbook
      key={weekNumber}
      weekNumber={weekNumber}
      partnerNames={partnerNames}
      onChooseWeek={onChooseWeek}
      after={after}
      renderFallbackNotice={renderFallbackNotice}
    />
  );
}

function WeekWorkbook({
  weekNumber,
  partnerNames,
  onChooseWeek,
  after,
  renderFallbackNotice,
}: WorkbookPanelProps & { weekNumber: number }) {
  const { t } = useT();
  const content = useQuery(trpc.workbook.content.queryOptions({ weekNumber }));
  // Who this sign-in answers for, and whether the week is shared (docs/product.md#sealed-answers):
  // the other partner's sealed answers and the summary are not asked for before the reveal.
  const share = useQuery(trpc.partners.weekShare.queryOptions({ weekNumber }));
  const sealed = share.data ? share.data.privateAnswers && !share.data.revealed : undefined;
  const readable = (partner: Partner) =>
    sealed !== undefined && !(sealed && share.data?.you !== null && share.data?.you !== partner);
  const partner1 = useQuery({
    ...trpc.workbook.answers.queryOptions({ weekNumber, partner: 'partner1' }),
    enabled: readable('partner1'),
  });
  const partner2 = useQuery({
    ...trpc.workbook.answers.queryOptions({ weekNumber, partner: 'partner2' }),
    enabled: readable('partner2'),
  });
  const summary = useQuery({ ...trpc.workbook.summary.queryOptions({ weekNumber }), enabled: sealed === false });
  const queries = [content, share, partner1, partner2, summary];

  const failed = queries.find((query) => query.isError);
  const answersOf = (partner: Partner, query: typeof partner1) => (readable(partner) ? query.data : NO_ANSWERS);
  const saved1 = answersOf('partner1', partner1);
  const saved2 = answersOf('partner2', partner2);
  const savedSummary = sealed ? { summary: null } : summary.data;
  // The editor (a dozen fields and more) comes in a background render React can slice, not in the
  // task that hands over the week's data or switches the tab, which it cannot (decision 0400).
  const shown = useDeferredValue(Boolean(content.data && share.data && saved1 && saved2 && savedSummary), false);
  if (failed) {
    const error = failed.error;
    if (error instanceof TRPCClientError && error.data?.code === 'FORBIDDEN') {
      return (
        <EmptyState>
          <EmptyState.Indicator>
            <IconLock aria-hidden="true" />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>{t('workbook.locked.title', { week: weekNumber })}</EmptyState.Title>
          <EmptyState.Description>
            {/* The server's refusal, as it gave it: the page does not guess why a week is locked. */}
            {errorMessage(error, t('workbook.locked.text'))}
          </EmptyState.Description>
          <EmptyState.Actions>
            <Button onClick={onChooseWeek}>{t('workbook.chooseWeek')}</Button>
          </EmptyState.Actions>
        </EmptyState>
      );
    }
    return (
      <Alert color="red" title={t('workbook.failed.title')}>
        <Stack gap="sm" align="flex-start">
          {errorMessage(error, t('workbook.failed.text'))}
          <Group>
            <Button
              variant="light"
              color="red"
              onClick={() => {
                for (const query of queries) if (query.isError) query.refetch();
              }}
            >
              {t('workbook.tryAgain')}
            </Button>
            <Button variant="subtle" onClick={onChooseWeek}>
              {t('workbook.chooseAnother')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  if (!shown || !content.data || !share.data || !saved1 || !saved2 || !savedSummary) return <WorkbookSkeleton />;

  return (
    <Stack gap="md">
      {renderFallbackNotice?.(content.data.languageFallback)}
      <WorkbookEditor
        weekNumber={weekNumber}
        content={content.data}
        saved={{ partner1: saved1, partner2: saved2 }}
        summary={savedSummary}
        partnerNames={partnerNames}
        share={share.data}
      />
      {after}
    </Stack>
  );
}
