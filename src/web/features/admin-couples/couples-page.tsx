import { Anchor, Badge, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { ADMIN_DEFAULT_PAGE_SIZE, type CoupleActivity } from '../../../shared/admin-schemas';
import type { AccessLevel } from '../../../shared/constants';
import { formatNumber } from '../../../shared/i18n/format';
import { translate } from '../../i18n/i18n';
import { T, useT } from '../../i18n/use-t';
import { formatDate } from '../../lib/admin-format';
import { type RouterOutputs, trpc } from '../../trpc';
import { AdminListFrame, FilterSelect } from '../../components/admin/admin-list-frame';
import { TRIAL_PLACEHOLDER_NAME, TRIAL_PLACEHOLDER_PARTNER } from '../../../shared/constants';
import { AdminHeading } from '../../components/admin/admin-layout';

type CoupleRow = RouterOutputs['adminCouples']['list']['items'][number];

export function AccessBadge({ level }: { level: string }) {
  const { t } = useT();
  return (
    <Badge color={level === 'full' ? 'green' : 'yellow'} variant="light" c="dark.8">
      {level === 'full' ? t('admin.couples.access.full') : t('admin.couples.access.trial')}
    </Badge>
  );
}

function coupleName(row: { displayName: string; partnerName: string }): string {
  // A trial's placeholder names ('Trial User' & 'Partner') are no names yet, in any language.
  const placeholder = row.displayName === TRIAL_PLACEHOLDER_NAME && row.partnerName === TRIAL_PLACEHOLDER_PARTNER;
  if (placeholder) return translate('admin.couples.noNames');
  const names = [row.displayName, row.partnerName].filter((name) => name.trim() !== '');
  return names.length > 0 ? names.join(' & ') : translate('admin.couples.noNames');
}

/**
 * The back office's couples (docs/product.md#back-office-orders-and-couples). `paused` shows under
 * the heading, before the search: the route passes the plan feature's paused couples.
 */
export function CouplesPage({ paused }: { paused?: ReactNode } = {}) {
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
  const { t } = useT();

  return (
    <Stack gap="lg">
      <AdminHeading title={t('admin.couples.heading')} intro={t('admin.couples.intro')} />
      {paused}
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('admin.search')}
          description={t('admin.couples.search.description')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 16rem' }}
        />
        <FilterSelect<AccessLevel>
          label={t('admin.couples.access.label')}
          placeholder={t('admin.couples.access.any')}
          data={[
            { value: 'full', label: t('admin.couples.access.full') },
            { value: 'trial', label: t('admin.couples.access.trial') },
          ]}
          value={accessLevel}
          onChange={(value) => {
            setAccessLevel(value);
            setPage(1);
          }}
          width="10rem"
        />
        <FilterSelect<CoupleActivity>
          label={t('admin.couples.activity.label')}
          placeholder={t('admin.couples.activity.any')}
          data={[
            { value: 'active7', label: t('admin.couples.activity.active7') },
            { value: 'active30', label: t('admin.couples.activity.active30') },
            { value: 'inactive', label: t('admin.couples.activity.inactive') },
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
        loadingLabel={t('admin.loading.couples')}
        errorFallback={t('admin.couples.loadFailed')}
        emptyTestId="couples-empty"
        countLabel={(count) => t('admin.couples.count', { count })}
        onPageChange={setPage}
        empty={
          filtered ? (
            <Text>{t('admin.couples.empty.filtered')}</Text>
          ) : (
            <Text>
              <T id="admin.couples.empty.none" components={{ 0: <Anchor component={Link} to="/admin/orders" /> }} />
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
  const { t } = useT();
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/admin/couples/$coupleId" params={{ coupleId: String(couple.coupleId) }} />
      )}
    >
      {couple.signIn ? (
        // The couple's own sign-in name (a username or an email): their data, in no language of the app.
        <span data-user-content>{couple.signIn}</span>
      ) : (
        t('admin.couples.fallbackName', { id: couple.coupleId })
      )}
    </Anchor>
  );
}

function CouplesTable({ couples }: { couples: CoupleRow[] }) {
  const { t, locale } = useT();
  return (
    <Table.ScrollContainer minWidth={720} visibleFrom="sm">
      <Table striped highlightOnHover aria-label={t('admin.couples.heading')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('admin.couples.col.signIn')}</Table.Th>
            <Table.Th scope="col">{t('admin.couples.col.names')}</Table.Th>
            <Table.Th scope="col">{t('admin.couples.col.access')}</Table.Th>
            <Table.Th scope="col">{t('admin.couples.col.weeks')}</Table.Th>
            <Table.Th scope="col">{t('admin.couples.col.lastActive')}</Table.Th>
            <Table.Th scope="col">{t('admin.couples.col.created')}</Table.Th>
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
              <Table.Td>{formatNumber(locale, couple.weeksCompleted)}</Table.Td>
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
  const { t } = useT();
  return (
    <Stack
      gap="sm"
      hiddenFrom="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={t('admin.couples.heading')}
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
            {t('admin.couples.card.summary', { weeks: couple.weeksCompleted, when: formatDate(couple.lastActiveAt) })}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

export { coupleName };
