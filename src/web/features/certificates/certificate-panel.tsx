import { Alert, Anchor, Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type EligibilityPart,
  formatMinutes,
  openWeeksWithTime,
  type TimeOwner,
  type WeekHours,
  weekMinutesFor,
} from '../../../shared/certificate-hours';
import { formatList } from '../../../shared/i18n/format';
import type { Partner } from '../../../shared/constants';
import { isCalendarDate } from '../../../shared/profile-rules';
import { notify } from '../../components/notifications';
import { errorMessage, restErrorMessage } from '../../lib/api-error';
import { rememberFocus, returnFocus } from '../../lib/focus';
import { downloadFile } from '../../lib/rest';
import { trpc } from '../../trpc';
import { T, useT } from './texts';
import { ScrollableTable } from '../../components/scrollable-table';

export interface CertificatePanelProps {
  partnerNames: { partner1: string; partner2: string };
  fetcher?: typeof fetch;
}

/**
 * The couple's course hours per week and in total, and the certificate (issue 37,
 * docs/certificates.md), on the dashboard's Wins tab; the partners' names from the profile.
 */
export function CertificatePanel({ fetcher = fetch }: { fetcher?: typeof fetch }) {
  const { t } = useT();
  const profile = useQuery(trpc.profile.get.queryOptions());
  const partnerNames = {
    partner1: profile.data?.userDisplayName || t('certificates.partner.first'),
    partner2: profile.data?.partnerName || t('certificates.partner.second'),
  };
  return (
    <Stack gap="lg">
      <HoursTable partnerNames={partnerNames} />
      <CertificateCard partnerNames={partnerNames} fetcher={fetcher} />
    </Stack>
  );
}

const COLUMNS: readonly TimeOwner[] = ['partner1', 'partner2', 'together'];

/**
 * A week's minutes in a column, as the certificate counts them (weekMinutesFor): a partner's own
 * time plus the time together, and together alone; so each column's weeks add up to its total.
 */
function weekTotal(week: WeekHours, owner: TimeOwner): number {
  const { online, offline } = weekMinutesFor(week, owner);
  return online + offline;
}

function HoursTable({ partnerNames }: { partnerNames: CertificatePanelProps['partnerNames'] }) {
  const { t, locale } = useT();
  const hours = useQuery(trpc.certificates.hours.queryOptions());
  const weeks = hours.data?.weeks ?? [];
  // Time in a week not completed yet is shown but left out of the totals (decision 0330).
  const open = openWeeksWithTime(weeks);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="course-hours-title">
      <Title order={2} size="h3" id="course-hours-title">
        {t('certificates.hours.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('certificates.hours.intro')} {t('certificates.hours.togetherCounts')}
      </Text>
      {hours.data && weeks.length === 0 ? <Text size="sm">{t('certificates.hours.empty')}</Text> : null}
      {weeks.length > 0 ? (
        // Fits a phone (375 px); long names scroll it sideways, by keyboard too.
        <ScrollableTable label={t('certificates.hours.caption')} minWidth={280}>
          <Table striped data-testid="course-hours">
            <Table.Caption>{t('certificates.hours.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('certificates.hours.week')}</Table.Th>
                <Table.Th scope="col">{partnerNames.partner1}</Table.Th>
                <Table.Th scope="col">{partnerNames.partner2}</Table.Th>
                <Table.Th scope="col">{t('certificates.hours.together')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {weeks.map((week) => (
                <Table.Tr key={week.weekNumber}>
                  <Table.Th scope="row">{week.weekNumber}</Table.Th>
                  {COLUMNS.map((owner) => (
                    <Table.Td key={owner}>{formatMinutes(weekTotal(week, owner))}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {hours.data ? (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">{t('certificates.hours.total')}</Table.Th>
                  <Table.Td fw={700}>{formatMinutes(hours.data.totals.partner1)}</Table.Td>
                  <Table.Td fw={700}>{formatMinutes(hours.data.totals.partner2)}</Table.Td>
                  <Table.Td fw={700}>{formatMinutes(hours.data.totals.together)}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </ScrollableTable>
      ) : null}
      {open.length > 0 ? (
        <Text size="sm" mt="sm" data-testid="course-hours-open">
          {t('certificates.hours.openWeeks', {
            count: open.length,
            weeks: formatList(
              locale,
              open.map((week) => String(week)),
            ),
          })}
        </Text>
      ) : null}
    </Card>
  );
}

function LegalNameField({ partner, label, current }: { partner: Partner; label: string; current: string | null }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(current ?? '');
  const save = useMutation(
    trpc.certificates.setLegalName.mutationOptions({
      // The focus stays on Save name: disabled while the request runs (the browser would drop the
      // focus to the page), then in a new form (keyed by the saved name) once the status is read
      // again, which the button waits for. A refusal is read out (the error toast's role=alert).
      onMutate: rememberFocus,
      onSettled: (_data, _error, _input, remembered) => returnFocus(remembered),
      onSuccess: async () => {
        notify.success(t('certificates.certificate.nameSaved'));
        await queryClient.invalidateQueries({ queryKey: trpc.certificates.status.queryKey() });
      },
      onError: (error) =>
        notify.error(t('certificates.error.title'), errorMessage(error, t('certificates.error.generic'))),
    }),
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ partner, legalName: value });
      }}
    >
      <Group align="end" gap="sm" wrap="wrap">
        <TextInput
          label={t('certificates.certificate.legalName', { name: label })}
          description={t('certificates.certificate.legalNameHelp')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          maxLength={160}
          autoComplete="name"
          w={320}
        />
        <Button type="submit" variant="light" loading={save.isPending}>
          {t('certificates.certificate.saveName')}
        </Button>
      </Group>
    </form>
  );
}

function CertificateCard({ partnerNames, fetcher }: Required<CertificatePanelProps>) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.certificates.status.queryOptions());
  // A certificate is for the full course (the server refuses a trial couple's request, 403).
  const access = useQuery(trpc.progress.access.queryOptions());
  const trial = access.data?.accessLevel === 'trial';
  const [state, setState] = useState<string | null>(null);
  const [date, setDate] = useState('');
  // No date, or a half-typed one, is said under the field in the page's language, and nothing is sent.
  const [dateRefused, setDateRefused] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);
  const request = useMutation(
    trpc.certificates.request.mutationOptions({
      // The focus stays on the button, disabled while the request runs (see LegalNameField).
      onMutate: rememberFocus,
      onSettled: (_data, _error, _input, remembered) => returnFocus(remembered),
      onSuccess: () => {
        notify.success(t('certificates.certificate.issued'));
        void queryClient.invalidateQueries({ queryKey: trpc.certificates.status.queryKey() });
      },
      onError: (error) =>
        notify.error(t('certificates.error.title'), errorMessage(error, t('certificates.error.generic'))),
    }),
  );
  if (!status.data) return null;
  const { offeredStates, legalNames, editableNames, certificates } = status.data;
  const partText = (part: EligibilityPart) =>
    part.who === 'together'
      ? t('certificates.certificate.partTogether', {
          minutes: formatMinutes(part.minutes),
          required: formatMinutes(part.requiredMinutes),
        })
      : t('certificates.certificate.partHours', {
          name: partnerNames[part.who],
          minutes: formatMinutes(part.minutes),
          required: formatMinutes(part.requiredMinutes),
        });
  const download = async (id: number, code: string) => {
    const remembered = rememberFocus();
    setDownloading(id);
    try {
      await downloadFile(`/api/certificates/${id}/pdf`, `certificate-${code}.pdf`, fetcher);
    } catch (error) {
      notify.error(t('certificates.error.title'), restErrorMessage(error, t('certificates.error.download')));
    } finally {
      setDownloading(null);
      returnFocus(remembered);
    }
  };
  const chosenState = state ?? offeredStates[0]?.code ?? null;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="certificate-title">
      <Stack gap="md">
        <Group gap="xs">
          <IconCertificate size={22} aria-hidden />
          <Title order={2} size="h3" id="certificate-title">
            {t('certificates.certificate.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('certificates.certificate.intro')}
        </Text>
        {offeredStates.length === 0 ? <Text size="sm">{t('certificates.certificate.none')}</Text> : null}
        {offeredStates.length > 0 ? (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="eligibility">
            {offeredStates.map((offered) => (
              <Text component="li" size="sm" key={offered.code}>
                {offered.eligibility.eligible
                  ? t('certificates.certificate.eligible', { state: offered.name })
                  : `${offered.name}: ${offered.eligibility.parts
                      .filter((part) => !part.met)
                      .map(partText)
                      .join('; ')}`}
              </Text>
            ))}
          </Stack>
        ) : null}
        {offeredStates.length > 0 && trial ? (
          <Text size="sm" data-testid="certificate-needs-full">
            {t('certificates.certificate.needsFull')}
          </Text>
        ) : null}
        {offeredStates.length > 0 && !trial ? (
          <>
            {editableNames.map((partner) => (
              <LegalNameField
                key={`${partner}-${legalNames[partner] ?? ''}`}
                partner={partner}
                label={partnerNames[partner]}
                current={legalNames[partner]}
              />
            ))}
            <form
              noValidate
              aria-label={t('certificates.certificate.request')}
              onSubmit={(event) => {
                event.preventDefault();
                // The server's rule (requestCertificateSchema), from a zod-free module: the dashboard loads no zod.
                const refused = !isCalendarDate(date.trim());
                setDateRefused(refused);
                if (!refused && chosenState) request.mutate({ state: chosenState, intendedMarriageDate: date });
              }}
            >
              <Group align="end" gap="sm" wrap="wrap">
                <Select
                  label={t('certificates.certificate.state')}
                  data={offeredStates.map((offered) => ({ value: offered.code, label: offered.name }))}
                  value={chosenState}
                  onChange={setState}
                  allowDeselect={false}
                  w={200}
                />
                <TextInput
                  type="date"
                  label={t('certificates.certificate.marriageDate')}
                  value={date}
                  onChange={(event) => {
                    setDate(event.currentTarget.value);
                    setDateRefused(false);
                  }}
                  error={dateRefused ? t('certificates.certificate.invalidDate') : undefined}
                  required
                  w={200}
                />
                <Button type="submit" loading={request.isPending}>
                  {t('certificates.certificate.request')}
                </Button>
              </Group>
            </form>
          </>
        ) : null}
        {certificates.length > 0 ? (
          <Stack gap="sm">
            {certificates.map((certificate) => {
              const name =
                offeredStates.find((offered) => offered.code === certificate.state)?.name ?? certificate.state;
              return (
                <Alert key={certificate.id} variant="light" color={certificate.revokedAt ? 'gray' : 'teal'} role="note">
                  <Stack gap={6}>
                    <Group gap="sm">
                      <Text fw={600}>
                        {name} · {certificate.firstLegalName} · {certificate.secondLegalName}
                      </Text>
                      {certificate.revokedAt ? (
                        <Badge color="gray">{t('certificates.certificate.revoked')}</Badge>
                      ) : null}
                    </Group>
                    {/* Only with the full course may a certificate be printed (decision 0332; the server refuses it too). */}
                    {certificate.revokedAt || trial ? null : (
                      <>
                        <Button
                          variant="filled"
                          leftSection={<IconDownload size={18} aria-hidden />}
                          loading={downloading === certificate.id}
                          onClick={() => download(certificate.id, certificate.code)}
                          w="fit-content"
                        >
                          {t('certificates.certificate.download', { state: name })}
                        </Button>
                        <Text size="sm">
                          <T
                            id="certificates.verify.checkAt"
                            values={{ url: certificate.verifyUrl }}
                            components={{ 0: <Anchor href={certificate.verifyUrl} /> }}
                          />
                        </Text>
                      </>
                    )}
                  </Stack>
                </Alert>
              );
            })}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
