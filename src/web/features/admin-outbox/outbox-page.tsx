import { Alert, Badge, Button, Code, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconRotate } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../components/notifications';
import { formatNumber } from '../../../shared/i18n/format';
import type { MessageId } from '../../../shared/i18n/locales';
import { T, useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { QueryStates } from '../../components/query-states';
import { trpc } from '../../trpc';
import {
  explainMailError,
  hasKindLabel,
  kindLabel,
  type OutboxItem,
  STATUS_COLORS,
  STATUS_LABELS,
} from './outbox-format';
import classes from './outbox-page.module.css';
import { AdminHeading } from '../../components/admin/admin-layout';
import { Fact } from '../../components/admin/fact';
import { formatDate } from '../../lib/admin-format';

export const OUTBOX_PAGE_SIZE = 25;

type StatusFilter = 'pending' | 'sent' | 'failed' | undefined;

const STATUS_OPTIONS: { value: string; label: MessageId }[] = [
  { value: '', label: 'admin.outbox.status.all' },
  { value: 'pending', label: 'admin.outbox.status.queued' },
  { value: 'sent', label: 'admin.outbox.status.sent' },
  { value: 'failed', label: 'admin.outbox.status.failed' },
];

/**
 * The email outbox (docs/product.md#email): every message the app sends (access codes, notices,
 * replies, reminders), newest first, with its status, attempts and last error; a failed one can
 * be sent again. Only recipients, subjects and statuses: never a message's text, so never a code.
 */
export function OutboxPage() {
  const [status, setStatus] = useState<StatusFilter>(undefined);
  // The `before` cursor of each page shown so far: the last one is the page on screen.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors.at(-1);
  const { t } = useT();
  const outbox = useQuery({
    ...trpc.mail.outbox.queryOptions({ limit: OUTBOX_PAGE_SIZE, before, status }),
    placeholderData: keepPreviousData,
  });

  function applyStatus(next: StatusFilter) {
    setStatus(next);
    setCursors([undefined]);
  }

  return (
    <Stack gap="lg">
      <AdminHeading title={t('admin.outbox.heading')} intro={t('admin.outbox.intro')} />

      {outbox.data ? <DeliveryNote delivery={outbox.data.delivery} /> : null}

      <NativeSelect
        label={t('admin.outbox.status.label')}
        data={STATUS_OPTIONS.map(({ value, label }) => ({ value, label: t(label) }))}
        value={status ?? ''}
        onChange={(event) => applyStatus((event.currentTarget.value || undefined) as StatusFilter)}
        maw={{ sm: 240 }}
      />

      <QueryStates
        query={outbox}
        loadingLabel={t('admin.loading.outbox')}
        skeleton={{ rows: 4, height: 96 }}
        failedTitle={t('admin.outbox.loadFailed')}
        failedText={t('admin.messages.reload')}
        isEmpty={(page) => page.items.length === 0}
        empty={<EmptyOutbox status={status} onShowAll={() => applyStatus(undefined)} />}
      >
        {(page) => (
          <>
            <ul className={classes.list} aria-label={t('admin.outbox.list')}>
              {page.items.map((item) => (
                <li key={item.id}>
                  <OutboxRow item={item} />
                </li>
              ))}
            </ul>
            {cursors.length > 1 || page.nextBefore !== null ? (
              <Group justify="space-between" gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconChevronLeft size={18} aria-hidden="true" />}
                  disabled={cursors.length === 1}
                  onClick={() => setCursors((shown) => shown.slice(0, -1))}
                >
                  {t('admin.outbox.newer')}
                </Button>
                <Button
                  variant="default"
                  rightSection={<IconChevronRight size={18} aria-hidden="true" />}
                  disabled={page.nextBefore === null}
                  onClick={() => {
                    const next = page.nextBefore;
                    if (next !== null) setCursors((shown) => [...shown, next]);
                  }}
                >
                  {t('admin.outbox.older')}
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </QueryStates>
    </Stack>
  );
}

function DeliveryNote({ delivery }: { delivery: 'smtp' | 'outbox-folder' }) {
  const { t } = useT();
  if (delivery === 'smtp') {
    return (
      <Text size="sm">
        <T id="admin.outbox.smtp" components={{ 0: <Code /> }} />
      </Text>
    );
  }
  return (
    <Alert color="plum" title={t('admin.outbox.noSmtp.title')} role="note">
      <T id="admin.outbox.noSmtp.body" components={{ 0: <Code />, 1: <Code />, 2: <Code />, 3: <Code /> }} />
    </Alert>
  );
}

function OutboxRow({ item }: { item: OutboxItem }) {
  const failed = item.status === 'failed';
  const { t, locale } = useT();
  return (
    <Paper withBorder radius="md" p="md" className={failed ? classes.failed : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          {/* The subject is in its recipient's language, which may not be the seller's (WCAG 3.1.2). */}
          <Text
            fw={600}
            lang={item.subject ? (item.language ?? undefined) : undefined}
            style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' }}
          >
            {item.subject || t('admin.outbox.noSubject')}
          </Text>
          <Badge color={STATUS_COLORS[item.status]}>{t(STATUS_LABELS[item.status])}</Badge>
        </Group>
        <dl className={classes.facts}>
          <Fact term={t('admin.outbox.to')}>{item.recipient}</Fact>
          <Fact term={t('admin.outbox.kind')}>
            {/* A kind no longer queued is shown as stored, marked as the English identifier it is. */}
            {hasKindLabel(item.kind) ? (
              kindLabel(item.kind)
            ) : (
              <span lang="en" translate="no">
                {item.kind}
              </span>
            )}
          </Fact>
          <Fact term={t('admin.outbox.queued')}>{formatDate(item.createdAt)}</Fact>
          {item.sentAt ? <Fact term={t('admin.outbox.sent')}>{formatDate(item.sentAt)}</Fact> : null}
          <Fact term={t('admin.outbox.attempts')}>{formatNumber(locale, item.attempts)}</Fact>
          {item.status === 'pending' && item.attempts > 0 ? (
            <Fact term={t('admin.outbox.nextAttempt')}>{formatDate(item.nextAttemptAt)}</Fact>
          ) : null}
          {item.lastError !== null ? (
            <Fact term={t('admin.outbox.lastError')}>
              <LastError status={item.status} attempts={item.attempts} lastError={item.lastError} />
            </Fact>
          ) : null}
        </dl>
        {failed ? <RetryButton item={item} /> : null}
      </Stack>
    </Paper>
  );
}

/** Why the email did not go out, in words, then the mail server's own answer for the record. */
function LastError({ status, attempts, lastError }: Pick<OutboxItem, 'status' | 'attempts'> & { lastError: string }) {
  const { t } = useT();
  const explained = explainMailError(lastError);
  const lead = status === 'failed' ? t('admin.outbox.notSentAfter', { count: attempts }) : t('admin.outbox.notSentYet');
  return (
    <>
      <Text component="span" size="sm" display="block" c={status === 'failed' ? 'red.7' : undefined}>
        {lead} {explained}
      </Text>
      <Text component="span" size="sm" display="block" c="dimmed">
        {t('admin.outbox.serverSaid', { error: lastError })}
      </Text>
    </>
  );
}

function RetryButton({ item }: { item: OutboxItem }) {
  const queryClient = useQueryClient();
  const { t } = useT();
  const retry = useMutation(
    trpc.mail.retry.mutationOptions({
      onSuccess: async () => {
        notify.success(t('admin.outbox.retried.title'), t('admin.outbox.retried.body', { recipient: item.recipient }));
        await queryClient.invalidateQueries({ queryKey: trpc.mail.outbox.pathKey() });
      },
      onError: (error) =>
        notify.error(t('admin.outbox.retryFailed'), errorMessage(error, t('admin.outbox.retryFallback'))),
    }),
  );
  return (
    <Group>
      <Button
        variant="light"
        leftSection={<IconRotate size={18} aria-hidden="true" />}
        loading={retry.isPending}
        aria-label={t('admin.outbox.retryLabel', { recipient: item.recipient })}
        onClick={() => retry.mutate({ id: item.id })}
      >
        {t('admin.outbox.retry')}
      </Button>
    </Group>
  );
}

function EmptyOutbox({ status, onShowAll }: { status: StatusFilter; onShowAll: () => void }) {
  const { t } = useT();
  return (
    <Paper withBorder radius="md" p="xl">
      {status ? (
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>
            {status === 'failed' ? t('admin.outbox.empty.failed') : t('admin.outbox.empty.status', { status })}
          </Text>
          <Button variant="light" onClick={onShowAll}>
            {t('admin.outbox.empty.showAll')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text fw={600}>{t('admin.outbox.empty.none.title')}</Text>
          <Text c="dimmed">{t('admin.outbox.empty.none.body')}</Text>
        </Stack>
      )}
    </Paper>
  );
}
