import { Anchor, Badge, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ADMIN_DEFAULT_PAGE_SIZE, type CoupleActivity } from '../../../shared/admin-schemas';
import type { AccessLevel } from '../../../shared/constants';
import { formatDate } from '../../lib/admin-format';
import { type RouterOutputs, trpc } from '../../trpc';
import { AdminListFrame, FilterSelect } from '../admin-shell/admin-list-frame';
import { PausedCouples } from '../plan/paused-couples';

type CoupleRow = RouterOutputs['adminCouples']['list']['items'][number];

export function AccessBadge({ level }: { level: string }) {
  return (
    <Badge color={level === 'full' ? 'green' : 'yellow'} variant="light" c="dark.8">
      {level === 'full' ? 'Full' : 'Trial'}
    </Badge>
  );
}

function coupleName(row: { displayName: string; partnerName: string }): string {
  const names = [row.displayName, row.partnerName].filter((name) => name.trim() !== '');
  return names.length > 0 ? names.join(' & ') : 'No names yet';
}

/** The back office's couples (docs/product.md#back-office-orders-and-couples). */
export function CouplesPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [accessLevel, setAccessLevel] = useState<AccessLevel | null>(null);
  const [activity, setActivity] = useState<CoupleActivity | null>(null);
  const [page, setPage] = useState(1);
  const input = {
    search: debouncedSearch,
    page,
    pageSize: ADMIN_DEFAULT_PAGE_SIZE,
    ...(accessLevel ? { accessLevel } : {}),
    ...(activity ? { activity } : {}),
  };
  const list = useQuery({ ...trpc.adminCouples.list.queryOptions(input), placeholderData: keepPreviousData });
  const filtered = debouncedSearch !== '' || accessLevel !== null || activity !== null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Couples</Title>
        <Text c="dimmed">Accounts, access and progress at a glance; never their answers. Newest first.</Text>
      </div>
      <PausedCouples />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Search"
          description="Start of an email, username or name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 16rem' }}
        />
        <FilterSelect<AccessLevel>
          label="Access"
          placeholder="Any access"
          data={[
            { value: 'full', label: 'Full' },
            { value: 'trial', label: 'Trial' },
          ]}
          value={accessLevel}
          onChange={(value) => {
            setAccessLevel(value);
            setPage(1);
          }}
          width="10rem"
        />
        <FilterSelect<CoupleActivity>
          label="Activity"
          placeholder="Any activity"
          data={[
            { value: 'active7', label: 'Active in the last 7 days' },
            { value: 'active30', label: 'Active in the last 30 days' },
            { value: 'inactive', label: 'Inactive for 30 days' },
          ]}
          value={activity}
          onChange={(value) => {
            setActivity(value);
            setPage(1);
          }}
          width="14rem"
        />
      </Group>

      <AdminListFrame
        query={list}
        loadingLabel="Loading couples"
        errorFallback="Could not load the couples."
        emptyTestId="couples-empty"
        noun={{ one: 'couple', many: 'couples' }}
        onPageChange={setPage}
        empty={
          filtered ? (
            <Text>No couples match this search or these filters. Clear them to see every couple.</Text>
          ) : (
            <Text>
              No couples yet. They appear here when they start a trial at /customer-login, register, or when you record
              an order on the{' '}
              <Anchor component={Link} to="/admin/orders">
                Orders
              </Anchor>{' '}
              page.
            </Text>
          )
        }
      >
        {(data) => (
          <>
            <CouplesTable couples={data.items} />
            <CoupleCards couples={data.items} />
          </>
        )}
      </AdminListFrame>
    </Stack>
  );
}

function CoupleLink({ couple }: { couple: CoupleRow }) {
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/admin/couples/$coupleId" params={{ coupleId: String(couple.coupleId) }} />
      )}
    >
      {couple.signIn ?? `Couple ${couple.coupleId}`}
    </Anchor>
  );
}

function CouplesTable({ couples }: { couples: CoupleRow[] }) {
  return (
    <Table.ScrollContainer minWidth={720} visibleFrom="sm">
      <Table striped highlightOnHover aria-label="Couples">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Sign-in</Table.Th>
            <Table.Th scope="col">Names</Table.Th>
            <Table.Th scope="col">Access</Table.Th>
            <Table.Th scope="col">Weeks done</Table.Th>
            <Table.Th scope="col">Last active</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {couples.map((couple) => (
            <Table.Tr key={couple.coupleId}>
              <Table.Td>
                <CoupleLink couple={couple} />
              </Table.Td>
              <Table.Td>{coupleName(couple)}</Table.Td>
              <Table.Td>
                <AccessBadge level={couple.accessLevel} />
              </Table.Td>
              <Table.Td>{couple.weeksCompleted}</Table.Td>
              <Table.Td>{formatDate(couple.lastActiveAt)}</Table.Td>
              <Table.Td>{formatDate(couple.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CoupleCards({ couples }: { couples: CoupleRow[] }) {
  return (
    <Stack
      gap="sm"
      hiddenFrom="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label="Couples"
    >
      {couples.map((couple) => (
        <Card key={couple.coupleId} withBorder component="li">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              <CoupleLink couple={couple} />
            </Text>
            <AccessBadge level={couple.accessLevel} />
          </Group>
          <Text size="sm">{coupleName(couple)}</Text>
          <Text size="sm" c="dimmed">
            {couple.weeksCompleted} weeks done · last active {formatDate(couple.lastActiveAt)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

export { coupleName };
