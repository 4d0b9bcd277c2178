import { Alert, type AlertProps, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatMinutes } from '../../../shared/certificate-hours';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { type CertificateTextId, DELIVERY_TEXT, useT } from './texts';

/** The alerts' title in the body's dark text: the light variant's coloured title fails 4.5:1 on its tint. */
const READABLE = { title: { color: 'var(--mantine-color-black)' } };

/** The answer of the check (valid, revoked or never issued): announced as a status, its title readable. */
function ResultAlert(props: AlertProps) {
  return <Alert role="status" data-testid="verify-result" styles={READABLE} {...props} />;
}

function longDate(iso: string): string {
  return new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/**
 * The public check of a certificate (/verify/<code>, docs/certificates.md): what a county clerk
 * sees after scanning the QR code. Valid, revoked, or never issued; a changed or cut code is
 * "never issued".
 */
export function VerifyCertificate({ code }: { code: string }) {
  const { t } = useT();
  const result = useQuery(trpc.certificates.verify.queryOptions({ code: code.slice(0, 100) }));
  if (result.isPending) return <Skeleton height={240} role="status" aria-label={t('certificates.verify.title')} />;
  // A check that failed (the server's database out, too many checks) says nothing about the
  // certificate: not "never issued", which a clerk would take for a forged one.
  if (result.isError) {
    return (
      <ResultAlert color="gray" icon={<IconAlertTriangle aria-hidden />} title={t('certificates.verify.failedTitle')}>
        {errorMessage(result.error, t('certificates.verify.failed'))}
      </ResultAlert>
    );
  }
  if (result.data.status === 'not-found') {
    return (
      <ResultAlert color="red" icon={<IconCircleX aria-hidden />} title={t('certificates.verify.notFoundTitle')}>
        {t('certificates.verify.notFound')}
      </ResultAlert>
    );
  }
  const data = result.data;
  const rows: [CertificateTextId, string][] = [
    ['certificates.verify.names', `${data.firstLegalName} · ${data.secondLegalName}`],
    ['certificates.verify.state', data.stateName],
    ['certificates.verify.completed', longDate(data.completionDate)],
    [
      'certificates.verify.hours',
      `${data.firstLegalName}: ${formatMinutes(data.hours.first)} · ${data.secondLegalName}: ${formatMinutes(data.hours.second)}`,
    ],
    ...(data.hoursTogether
      ? [['certificates.verify.hoursTogether', formatMinutes(data.hours.together)] as [CertificateTextId, string]]
      : []),
    ['certificates.verify.delivery', t(DELIVERY_TEXT[data.deliveryMethod])],
    ['certificates.verify.provider', data.providerName],
    ...(data.providerRegistration
      ? [['certificates.verify.registration', data.providerRegistration] as [CertificateTextId, string]]
      : []),
    ['certificates.verify.code', code.toUpperCase()],
  ];
  return (
    <Stack gap="md">
      {data.status === 'valid' ? (
        <ResultAlert color="teal" icon={<IconCircleCheck aria-hidden />} title={t('certificates.verify.valid')} />
      ) : (
        <ResultAlert
          color="orange"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('certificates.verify.revokedTitle')}
        >
          {t('certificates.verify.revoked', { date: longDate(data.revokedAt ?? data.issuedAt) })}
        </ResultAlert>
      )}
      <Card withBorder padding="md">
        {/* Not the page's heading again (QA walk: two headings said "Certificate check"). */}
        <Title order={2} size="h4" mb="xs">
          {t('certificates.verify.details')}
        </Title>
        <Table data-testid="verify-details">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w="40%">
                  {t(label)}
                </Table.Th>
                <Table.Td>
                  <Text size="sm">{value}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
