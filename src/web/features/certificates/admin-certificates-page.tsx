import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ProviderSettingsView, SIGNATURE_MAX_BYTES } from '../../../shared/certificate-schemas';
import { CERTIFICATE_STATES, DELIVERY_METHODS, type DeliveryMethod } from '../../../shared/certificate-states';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { DELIVERY_TEXT, useT } from './texts';

/** `/admin/certificates`: the seller's provider settings and the issued certificates (docs/certificates.md). */
export function AdminCertificatesPage() {
  const { t } = useT();
  const provider = useQuery(trpc.adminCertificates.provider.queryOptions());
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{t('certificates.admin.title')}</Title>
        <Text c="dimmed">{t('certificates.admin.intro')}</Text>
      </div>
      <Alert icon={<IconInfoCircle aria-hidden />} color="blue" variant="light">
        {t('certificates.admin.providerNotice')}
      </Alert>
      {provider.data ? <ProviderForm key={provider.data.updatedAt ?? 'new'} saved={provider.data} /> : null}
      <IssuedCertificates />
    </Stack>
  );
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function ProviderForm({ saved }: { saved: ProviderSettingsView }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    providerName: saved.providerName,
    credentials: saved.credentials,
    contact: saved.contact,
    courseName: saved.courseName,
    deliveryMethod: saved.deliveryMethod,
    offeredStates: saved.offeredStates,
    registrations: saved.registrations,
  });
  const onSaved = (view: ProviderSettingsView) =>
    queryClient.setQueryData(trpc.adminCertificates.provider.queryKey(), view);
  const onError = (error: unknown) =>
    notify.error(t('certificates.error.title'), errorMessage(error, t('certificates.error.generic')));
  const save = useMutation(
    trpc.adminCertificates.saveProvider.mutationOptions({
      onSuccess: (view) => {
        notify.success(t('certificates.admin.saved'));
        onSaved(view);
      },
      onError,
    }),
  );
  const saveSignature = useMutation(
    trpc.adminCertificates.saveSignature.mutationOptions({
      onSuccess: (view) => {
        notify.success(t('certificates.admin.signatureSaved'));
        onSaved(view);
      },
      onError,
    }),
  );
  const removeSignature = useMutation(
    trpc.adminCertificates.removeSignature.mutationOptions({ onSuccess: onSaved, onError }),
  );
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((old) => ({ ...old, [key]: value }));

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="provider-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(form);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="provider-title">
            {t('certificates.admin.provider')}
          </Title>
          <TextInput
            label={t('certificates.admin.providerName')}
            value={form.providerName}
            onChange={(event) => set('providerName', event.currentTarget.value)}
            required
            maxLength={160}
          />
          <TextInput
            label={t('certificates.admin.credentials')}
            value={form.credentials}
            onChange={(event) => set('credentials', event.currentTarget.value)}
            maxLength={300}
          />
          <TextInput
            label={t('certificates.admin.contact')}
            value={form.contact}
            onChange={(event) => set('contact', event.currentTarget.value)}
            required
            maxLength={300}
          />
          <Group grow align="start" wrap="wrap">
            <TextInput
              label={t('certificates.admin.courseName')}
              value={form.courseName}
              onChange={(event) => set('courseName', event.currentTarget.value)}
              required
              maxLength={160}
            />
            <Select
              label={t('certificates.admin.delivery')}
              data={DELIVERY_METHODS.map((method) => ({ value: method, label: t(DELIVERY_TEXT[method]) }))}
              value={form.deliveryMethod}
              onChange={(value) => value && set('deliveryMethod', value as DeliveryMethod)}
              allowDeselect={false}
            />
          </Group>
          <Checkbox.Group
            label={t('certificates.admin.offered')}
            value={form.offeredStates}
            onChange={(value) => set('offeredStates', value)}
          >
            <Group gap="md" mt={6}>
              {CERTIFICATE_STATES.map((rule) => (
                <Checkbox key={rule.code} value={rule.code} label={`${rule.name} (${rule.minimumHours} h)`} />
              ))}
            </Group>
          </Checkbox.Group>
          {form.offeredStates.map((code) => {
            const rule = CERTIFICATE_STATES.find((candidate) => candidate.code === code);
            return (
              <TextInput
                key={code}
                label={t('certificates.admin.registration', { state: rule?.name ?? code })}
                // The state rules are kept in English, as the statutes say them (docs/certificates.md).
                description={
                  rule?.providerRegistration.where ? (
                    <span lang="en">{rule.providerRegistration.where}</span>
                  ) : undefined
                }
                value={form.registrations[code] ?? ''}
                onChange={(event) => set('registrations', { ...form.registrations, [code]: event.currentTarget.value })}
                maxLength={120}
              />
            );
          })}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('certificates.admin.save')}
            </Button>
          </Group>
          {saved.updatedAt ? (
            <Group align="end" gap="sm">
              <FileInput
                label={t('certificates.admin.signature')}
                accept="image/png,image/jpeg"
                clearable
                onChange={async (file) => {
                  if (!file) return;
                  if (file.size > SIGNATURE_MAX_BYTES || !['image/png', 'image/jpeg'].includes(file.type)) {
                    notify.error(t('certificates.error.title'), t('certificates.error.image'));
                    return;
                  }
                  saveSignature.mutate({ image: await readAsBase64(file) });
                }}
                w={320}
              />
              {saved.signature ? (
                <>
                  <Text size="sm">{t('certificates.admin.signatureStored')}</Text>
                  <Button variant="subtle" color="red" onClick={() => removeSignature.mutate()}>
                    {t('certificates.admin.removeSignature')}
                  </Button>
                </>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}

function IssuedCertificates() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useQuery({
    ...trpc.adminCertificates.list.queryOptions({ search: debounced, page }),
    placeholderData: keepPreviousData,
  });
  const [revoking, setRevoking] = useState<{ id: number; code: string } | null>(null);
  const [reason, setReason] = useState('');
  const revoke = useMutation(
    trpc.adminCertificates.revoke.mutationOptions({
      onSuccess: () => {
        notify.success(t('certificates.admin.revokedToast'));
        setRevoking(null);
        setReason('');
        void queryClient.invalidateQueries({ queryKey: trpc.adminCertificates.list.queryKey() });
      },
      onError: (error) =>
        notify.error(t('certificates.error.title'), errorMessage(error, t('certificates.error.generic'))),
    }),
  );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="issued-title">
      <Stack gap="sm">
        <Group justify="space-between" align="end" wrap="wrap">
          <Title order={2} size="h3" id="issued-title">
            {t('certificates.admin.issued')}
          </Title>
          <Button
            component="a"
            href={`/api/admin/certificates.csv?search=${encodeURIComponent(debounced)}`}
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            {t('certificates.admin.export')}
          </Button>
        </Group>
        <TextInput
          label={t('certificates.admin.search')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={320}
        />
        {list.data && list.data.rows.length === 0 ? <Text size="sm">{t('certificates.admin.empty')}</Text> : null}
        {list.data && list.data.rows.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="issued-certificates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('certificates.admin.names')}</Table.Th>
                  <Table.Th scope="col">{t('certificates.certificate.state')}</Table.Th>
                  <Table.Th scope="col">{t('certificates.admin.issuedOn')}</Table.Th>
                  <Table.Th scope="col">{t('certificates.verify.code')}</Table.Th>
                  <Table.Th scope="col">{t('certificates.admin.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      {row.firstLegalName} · {row.secondLegalName}
                    </Table.Td>
                    <Table.Td>{row.state}</Table.Td>
                    <Table.Td>{row.issuedAt.slice(0, 10)}</Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace">
                        {row.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {row.revokedAt ? (
                        <Badge color="gray" title={row.revokedReason ?? undefined}>
                          {t('certificates.certificate.revoked')}
                        </Badge>
                      ) : (
                        <Group gap="xs">
                          <Badge color="teal">{t('certificates.admin.valid')}</Badge>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            aria-label={t('certificates.admin.revokeCode', { code: row.code })}
                            onClick={() => setRevoking({ id: row.id, code: row.code })}
                          >
                            {t('certificates.admin.revoke')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={revoking ? t('certificates.admin.revokeCode', { code: revoking.code }) : ''}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (revoking) revoke.mutate({ id: revoking.id, reason });
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('certificates.admin.reason')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              required
              maxLength={300}
              data-autofocus
            />
            <Button type="submit" color="red" loading={revoke.isPending}>
              {t('certificates.admin.revokeConfirm')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
