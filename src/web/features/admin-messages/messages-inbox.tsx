import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CONTACT_SUBJECTS } from '../../../shared/constants';
import {
  type ContactInboxItem,
  type ContactInboxQueryInput,
  contactSubjectLabel,
  INBOX_PAGE_SIZE,
  INBOX_SEARCH_MAX_LENGTH,
} from '../../../shared/contact-inbox-schemas';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import classes from './messages-inbox.module.css';
import { MessageDialog } from './message-dialog';
import { formatMessageDate, STATE_COLORS, STATE_LABELS } from './message-format';

type Filters = Pick<ContactInboxQueryInput, 'search' | 'subject' | 'state'>;

const SUBJECT_OPTIONS = [
  { value: '', label: 'All subjects' },
  ...CONTACT_SUBJECTS.map(({ value, label }) => ({ value, label })),
  { value: 'none', label: 'No subject' },
];
const STATE_OPTIONS = [
  { value: '', label: 'All messages' },
  { value: 'unread', label: 'Unread' },
  { value: 'open', label: 'Open (not handled yet)' },
  { value: 'handled', label: 'Handled' },
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
      <div>
        <Title order={1}>Messages</Title>
        <Text c="dimmed">What visitors sent with the contact form on the home page, newest first.</Text>
      </div>

      <form
        aria-label="Search and filter messages"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilters({ ...filters, search: searchText.trim() || undefined });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            className={classes.search}
            label="Search"
            placeholder="Name, email or words in the message"
            value={searchText}
            maxLength={INBOX_SEARCH_MAX_LENGTH}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            type="search"
          />
          <Button type="submit" variant="light" leftSection={<IconSearch size={18} aria-hidden="true" />}>
            Search
          </Button>
          <NativeSelect
            label="Subject"
            data={SUBJECT_OPTIONS}
            value={filters.subject ?? ''}
            onChange={(event) =>
              applyFilters({ ...filters, subject: (event.currentTarget.value || undefined) as Filters['subject'] })
            }
          />
          <NativeSelect
            label="State"
            data={STATE_OPTIONS}
            value={filters.state ?? ''}
            onChange={(event) =>
              applyFilters({ ...filters, state: (event.currentTarget.value || undefined) as Filters['state'] })
            }
          />
        </Group>
      </form>

      {inbox.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the messages">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={72} radius="md" />
          ))}
        </Stack>
      ) : inbox.isError ? (
        <Alert color="red" title="Could not load the messages">
          {errorMessage(inbox.error, 'Please reload the page to try again.')}
        </Alert>
      ) : inbox.data.items.length === 0 ? (
        <EmptyInbox
          filtered={filtered}
          onClear={() => {
            setSearchText('');
            applyFilters({});
          }}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {inbox.data.total === 1 ? '1 message' : `${inbox.data.total.toLocaleString('en-US')} messages`}
            {pages > 1 ? ` · page ${page} of ${pages}` : ''}
          </Text>
          <ul className={classes.list} aria-label="Messages, newest first">
            {inbox.data.items.map((item) => (
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
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          ) : null}
        </>
      )}

      {openId === null ? null : <MessageDialog key={openId} id={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

function MessageRow({ item, onOpen }: { item: ContactInboxItem; onOpen: () => void }) {
  const unread = item.state === 'unread';
  return (
    <Paper withBorder radius="md" className={unread ? `${classes.row} ${classes.unread}` : classes.row}>
      <UnstyledButton className={classes.rowButton} onClick={onOpen}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={unread ? 700 : 500}>
            {item.firstName} {item.lastName}
            <Text span c="dimmed" size="sm" fw={400}>
              {' '}
              · {item.email}
            </Text>
          </Text>
          <Group gap="xs">
            <Badge color={STATE_COLORS[item.state]}>{STATE_LABELS[item.state]}</Badge>
            <Text size="sm" c="dimmed">
              {formatMessageDate(item.createdAt)}
            </Text>
          </Group>
        </Group>
        <Text size="sm" fw={600} mt={4}>
          {contactSubjectLabel(item.subject)}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {item.preview}
        </Text>
      </UnstyledButton>
    </Paper>
  );
}

function EmptyInbox({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl">
      {filtered ? (
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>No messages match these filters.</Text>
          <Text c="dimmed">Try other words, or show every message.</Text>
          <Button variant="light" onClick={onClear}>
            Clear search and filters
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text fw={600}>No messages yet: the contact form on the home page sends them here.</Text>
          <Text c="dimmed">When a visitor writes to you, the message appears here, newest first, marked unread.</Text>
        </Stack>
      )}
    </Paper>
  );
}
