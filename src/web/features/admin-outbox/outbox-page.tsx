import { Alert, Badge, Button, Code, Group, NativeSelect, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconRotate } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import {
  explainMailError,
  formatOutboxDate,
  kindLabel,
  type OutboxItem,
  STATUS_COLORS,
  STATUS_LABELS,
} from './outbox-format';
import classes from './outbox-page.module.css';

export const OUTBOX_PAGE_SIZE = 25;

type StatusFilter = 'pending' | 'sent' | 'failed' | undefined;

const STATUS_OPTIONS = [
  { value: '', label: 'All emails' },
  { value: 'pending', label: 'Queued' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
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
      <div>
        <Title order={1}>Email outbox</Title>
        <Text c="dimmed">
          Every email the app sends (access codes, notices, replies and reminders), newest first; sent and failed ones
          are kept for 90 days. A failed email can be sent again.
        </Text>
      </div>

      {outbox.data ? <DeliveryNote delivery={outbox.data.delivery} /> : null}

      <NativeSelect
        label="Status"
        data={STATUS_OPTIONS}
        value={status ?? ''}
        onChange={(event) => applyStatus((event.currentTarget.value || undefined) as StatusFilter)}
        maw={{ sm: 240 }}
      />

      {outbox.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the outbox">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={96} radius="md" />
          ))}
        </Stack>
      ) : outbox.isError ? (
        <Alert color="red" title="Could not load the outbox">
          {errorMessage(outbox.error, 'Please reload the page to try again.')}
        </Alert>
      ) : outbox.data.items.length === 0 ? (
        <EmptyOutbox status={status} onShowAll={() => applyStatus(undefined)} />
      ) : (
        <>
          <ul className={classes.list} aria-label="Emails, newest first">
            {outbox.data.items.map((item) => (
              <li key={item.id}>
                <OutboxRow item={item} />
              </li>
            ))}
          </ul>
          {cursors.length > 1 || outbox.data.nextBefore !== null ? (
            <Group justify="space-between" gap="sm">
              <Button
                variant="default"
                leftSection={<IconChevronLeft size={18} aria-hidden="true" />}
                disabled={cursors.length === 1}
                onClick={() => setCursors((shown) => shown.slice(0, -1))}
              >
                Newer emails
              </Button>
              <Button
                variant="default"
                rightSection={<IconChevronRight size={18} aria-hidden="true" />}
                disabled={outbox.data.nextBefore === null}
                onClick={() => {
                  const next = outbox.data.nextBefore;
                  if (next !== null) setCursors((shown) => [...shown, next]);
                }}
              >
                Older emails
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}

function DeliveryNote({ delivery }: { delivery: 'smtp' | 'outbox-folder' }) {
  if (delivery === 'smtp') {
    return (
      <Text size="sm">
        Emails go out through your mail server (<Code>SMTP_URL</Code>). An email the server refuses is tried again, a
        little later each time, before it is marked failed.
      </Text>
    );
  }
  return (
    <Alert color="plum" title="No mail server is set up">
      Without <Code>SMTP_URL</Code>, emails are not sent: each one is written as an <Code>.eml</Code> file under{' '}
      <Code>DATA_DIR/outbox</Code> on the server, and shows here as sent. Set <Code>SMTP_URL</Code> in the server's
      configuration to send them.
    </Alert>
  );
}

function OutboxRow({ item }: { item: OutboxItem }) {
  const failed = item.status === 'failed';
  return (
    <Paper withBorder radius="md" p="md" className={failed ? classes.failed : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' }}>
            {item.subject || '(no subject)'}
          </Text>
          <Badge color={STATUS_COLORS[item.status]}>{STATUS_LABELS[item.status]}</Badge>
        </Group>
        <dl className={classes.facts}>
          <Text component="dt" size="sm" fw={600}>
            To
          </Text>
          <Text component="dd" size="sm">
            {item.recipient}
          </Text>
          <Text component="dt" size="sm" fw={600}>
            Kind
          </Text>
          <Text component="dd" size="sm">
            {kindLabel(item.kind)}
          </Text>
          <Text component="dt" size="sm" fw={600}>
            Queued
          </Text>
          <Text component="dd" size="sm">
            {formatOutboxDate(item.createdAt)}
          </Text>
          {item.sentAt ? (
            <>
              <Text component="dt" size="sm" fw={600}>
                Sent
              </Text>
              <Text component="dd" size="sm">
                {formatOutboxDate(item.sentAt)}
              </Text>
            </>
          ) : null}
          <Text component="dt" size="sm" fw={600}>
            Attempts
          </Text>
          <Text component="dd" size="sm">
            {item.attempts}
          </Text>
          {item.status === 'pending' && item.attempts > 0 ? (
            <>
              <Text component="dt" size="sm" fw={600}>
                Next attempt
              </Text>
              <Text component="dd" size="sm">
                {formatOutboxDate(item.nextAttemptAt)}
              </Text>
            </>
          ) : null}
          {item.lastError !== null ? (
            <>
              <Text component="dt" size="sm" fw={600}>
                Last error
              </Text>
              <Text component="dd" size="sm">
                <LastError status={item.status} attempts={item.attempts} lastError={item.lastError} />
              </Text>
            </>
          ) : null}
        </dl>
        {failed ? <RetryButton item={item} /> : null}
      </Stack>
    </Paper>
  );
}

/** Why the email did not go out, in words, then the mail server's own answer for the record. */
function LastError({ status, attempts, lastError }: Pick<OutboxItem, 'status' | 'attempts'> & { lastError: string }) {
  const explained = explainMailError(lastError);
  const lead =
    status === 'failed'
      ? `Not sent after ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}.`
      : 'Not sent yet; it will be tried again.';
  return (
    <>
      <Text component="span" size="sm" display="block" c={status === 'failed' ? 'red.7' : undefined}>
        {lead} {explained}
      </Text>
      <Text component="span" size="sm" display="block" c="dimmed">
        The mail server said: {lastError}
      </Text>
    </>
  );
}

function RetryButton({ item }: { item: OutboxItem }) {
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.mail.retry.mutationOptions({
      onSuccess: async () => {
        notify.success('Email queued again', `The email to ${item.recipient} is being sent again.`);
        await queryClient.invalidateQueries({ queryKey: trpc.mail.outbox.pathKey() });
      },
      onError: (error) => notify.error('Retry Failed', errorMessage(error, 'Could not retry the email.')),
    }),
  );
  return (
    <Group>
      <Button
        variant="light"
        leftSection={<IconRotate size={18} aria-hidden="true" />}
        loading={retry.isPending}
        aria-label={`Retry the email to ${item.recipient}`}
        onClick={() => retry.mutate({ id: item.id })}
      >
        Retry
      </Button>
    </Group>
  );
}

function EmptyOutbox({ status, onShowAll }: { status: StatusFilter; onShowAll: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl">
      {status ? (
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>
            {status === 'failed'
              ? 'No failed emails: nothing needs a retry.'
              : `No ${STATUS_LABELS[status].toLowerCase()} emails.`}
          </Text>
          <Button variant="light" onClick={onShowAll}>
            Show every email
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text fw={600}>No emails yet.</Text>
          <Text c="dimmed">
            Access codes for new orders, trial codes, codes couples ask for with “Email me my code”, weekly reminders,
            your replies to messages and your own notices of orders and messages will appear here once they are sent. No
            email ever shows its text here, so no access code is shown.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
