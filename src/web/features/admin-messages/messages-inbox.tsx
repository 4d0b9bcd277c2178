import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type ContactInboxItem,
  type ContactInboxQueryInput,
  INBOX_PAGE_SIZE,
  INBOX_SEARCH_MAX_LENGTH,
} from '../../../shared/contact-inbox-schemas';
import { formatNumber } from '../../../shared/i18n/format';
import type { MessageId } from '../../../shared/i18n/locales';
import { useT } from '../../i18n/use-t';
import { QueryStates } from '../../components/query-states';
import { trpc } from '../../trpc';
import classes from './messages-inbox.module.css';
import { MessageDialog } from './message-dialog';
import { STATE_COLORS, STATE_LABELS, subjectLabel } from './message-format';
import { AdminHeading } from '../../components/admin/admin-layout';
import { formatDate } from '../../lib/admin-format';

type Filters = Pick<ContactInboxQueryInput, 'search' | 'subject' | 'state'>;

const SUBJECT_OPTIONS: { value: string; label: MessageId }[] = [
  { value: '', label: 'admin.messages.subject.all' },
  { value: 'general', label: 'admin.messages.subject.general' },
  { value: 'course', label: 'admin.messages.subject.course' },
  { value: 'payment', label: 'admin.messages.subject.payment' },
  { value: 'technical', label: 'admin.messages.subject.technical' },
  { value: 'none', label: 'admin.messages.subject.none' },
];
const STATE_OPTIONS: { value: string; label: MessageId }[] = [
  { value: '', label: 'admin.messages.state.all' },
  { value: 'unread', label: 'admin.messages.state.unread' },
  { value: 'open', label: 'admin.messages.state.openFilter' },
  { value: 'handled', label: 'admin.messages.state.handled' },
];

/**
 * The contact inbox (docs/product.md#admin-screen): newest first, searched, filtered by subject
 * and state, and paged on the server; a message opens in a dialog.
 */
export function MessagesInbox() {
  const [filters, setFilters] = useState<Filters>({});
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const { t, locale } = useT();
  const query = { ...filters, page, pageSize: INBOX_PAGE_SIZE };
  const inbox = useQuery({ ...trpc.contact.list.queryOptions(query), placeholderData: keepPreviousData });

  function applyFilters(next: Filters) {
    setFilters(next);
    setPage(1);
  }
  const filtered = Boolean(filters.search || filters.subject || filters.state);
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / inbox.data.pageSize)) : 1;

  return (
    <Stack gap="lg">
      <AdminHeading title={t('admin.messages.heading')} intro={t('admin.messages.intro')} />

      <form
        aria-label={t('admin.messages.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          applyFilters({ ...filters, search: searchText.trim() || undefined });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            className={classes.search}
            label={t('admin.search')}
            placeholder={t('admin.messages.search.placeholder')}
            value={searchText}
            maxLength={INBOX_SEARCH_MAX_LENGTH}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            type="search"
          />
          <Button type="submit" variant="light" leftSection={<IconSearch size={18} aria-hidden="true" />}>
            {t('admin.search')}
          </Button>
          <NativeSelect
            label={t('admin.messages.subject.label')}
            data={SUBJECT_OPTIONS.map(({ value, label }) => ({ value, label: t(label) }))}
            value={filters.subject ?? ''}
            onChange={(event) =>
              applyFilters({ ...filters, subject: (event.currentTarget.value || undefined) as Filters['subject'] })
            }
          />
          <NativeSelect
            label={t('admin.messages.state.label')}
            data={STATE_OPTIONS.map(({ value, label }) => ({ value, label: t(label) }))}
            value={filters.state ?? ''}
            onChange={(event) =>
              applyFilters({ ...filters, state: (event.currentTarget.value || undefined) as Filters['state'] })
            }
          />
        </Group>
      </form>

      <QueryStates
        query={inbox}
        loadingLabel={t('admin.loading.messages')}
        skeleton={{ rows: 4, height: 72 }}
        failedTitle={t('admin.messages.loadFailed')}
        failedText={t('admin.messages.reload')}
        isEmpty={(result) => result.items.length === 0}
        empty={
          <EmptyInbox
            filtered={filtered}
            onClear={() => {
              setSearchText('');
              applyFilters({});
            }}
          />
        }
      >
        {(result) => (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('admin.messages.count', { count: result.total })}
              {pages > 1
                ? ` · ${t('admin.messages.pageOf', { page: formatNumber(locale, page), pages: formatNumber(locale, pages) })}`
                : ''}
            </Text>
            <ul className={classes.list} aria-label={t('admin.messages.list')}>
              {result.items.map((item) => (
                <li key={item.id}>
                  <MessageRow item={item} onOpen={() => setOpenId(item.id)} />
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t('admin.list.pageControl', { control }) })}
                getItemProps={(item) => ({ 'aria-label': t('admin.list.page', { page: item }) })}
              />
            ) : null}
          </>
        )}
      </QueryStates>

      {openId === null ? null : <MessageDialog key={openId} id={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

function MessageRow({ item, onOpen }: { item: ContactInboxItem; onOpen: () => void }) {
  const unread = item.state === 'unread';
  const { t } = useT();
  return (
    <Paper withBorder radius="md" className={unread ? `${classes.row} ${classes.unread}` : classes.row}>
      <UnstyledButton className={classes.rowButton} onClick={onOpen}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          {/* The sender's own words (name, email, message) are data, in whatever language they wrote. */}
          <Text fw={unread ? 700 : 500} data-user-content>
            {item.firstName} {item.lastName}
            <Text span c="dimmed" size="sm" fw={400}>
              {' '}
              · {item.email}
            </Text>
          </Text>
          <Group gap="xs">
            <Badge color={STATE_COLORS[item.state]}>{t(STATE_LABELS[item.state])}</Badge>
            <Text size="sm" c="dimmed">
              {formatDate(item.createdAt)}
            </Text>
          </Group>
        </Group>
        <Text size="sm" fw={600} mt={4}>
          {subjectLabel(item.subject)}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2} data-user-content>
          {item.preview}
        </Text>
      </UnstyledButton>
    </Paper>
  );
}

function EmptyInbox({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { t } = useT();
  return (
    <Paper withBorder radius="md" p="xl">
      {filtered ? (
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{t('admin.messages.empty.filtered.title')}</Text>
          <Text c="dimmed">{t('admin.messages.empty.filtered.body')}</Text>
          <Button variant="light" onClick={onClear}>
            {t('admin.messages.empty.clear')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text fw={600}>{t('admin.messages.empty.none.title')}</Text>
          <Text c="dimmed">{t('admin.messages.empty.none.body')}</Text>
        </Stack>
      )}
    </Paper>
  );
}
