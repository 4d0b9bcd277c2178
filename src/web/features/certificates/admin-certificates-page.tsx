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
import {
  CERTIFICATE_NO_FULL_COURSE_REASON,
  CERTIFICATE_REFUNDED_REASON,
  CERTIFICATE_REPLACED_REASON,
  PROVIDER_TEXT_MAX,
  type ProviderSettings,
  type ProviderSettingsView,
  providerSettingsSchema,
  revokeCertificateSchema,
  SIGNATURE_MAX_BYTES,
} from '../../../shared/certificate-schemas';
import { CERTIFICATE_STATES, DELIVERY_METHODS, type DeliveryMethod } from '../../../shared/certificate-states';
import type { MessageId } from '../../../shared/i18n/locales';
import { notify } from '../../components/notifications';
import { errorMessage, type FieldLabel } from '../../lib/api-error';
import { refusedFields, refusedPaths } from '../../lib/refused-fields';
import { trpc } from '../../trpc';
import { DELIVERY_TEXT, useT } from './texts';
import { AdminHeading } from '../../components/admin/admin-layout';

/** The reasons the app records itself, said in the page's language; a reason the seller typed shows as typed. */
const APP_REASONS: Record<string, MessageId> = {
  [CERTIFICATE_REPLACED_REASON]: 'certificates.admin.reasonReplaced',
  [CERTIFICATE_REFUNDED_REASON]: 'certificates.admin.reasonRefunded',
  [CERTIFICATE_NO_FULL_COURSE_REASON]: 'certificates.admin.reasonNoFullCourse',
};

/** `/admin/certificates`: the seller's provider settings and the issued certificates (docs/certificates.md). */
export function AdminCertificatesPage() {
  const { t } = useT();
  const provider = useQuery(trpc.adminCertificates.provider.queryOptions());
  return (
    <Stack gap="xl">
      <AdminHeading title={t('certificates.admin.title')} intro={t('certificates.admin.intro')} />
      <Alert icon={<IconInfoCircle aria-hidden />} color="blue" variant="light" role="note">
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

/** The provider's text fields, each with its label. */
const TEXT_FIELDS = {
  providerName: 'certificates.admin.providerName',
  credentials: 'certificates.admin.credentials',
  contact: 'certificates.admin.contact',
  courseName: 'certificates.admin.courseName',
} as const satisfies Record<string, MessageId>;
type TextField = keyof typeof TEXT_FIELDS;

/** The form's settings: what the server saves (its view less the signature and the date). */
type ProviderDraft = ProviderSettings;

const stateName = (code: string) => CERTIFICATE_STATES.find((rule) => rule.code === code)?.name ?? code;

/** The offered states that do not accept the chosen delivery method (the server refuses them too). */
function statesRefusingDelivery(form: ProviderDraft): string[] {
  return form.offeredStates.filter(
    (code) => !CERTIFICATE_STATES.find((rule) => rule.code === code)?.deliveryMethods.includes(form.deliveryMethod),
  );
}

/**
 * The fields the form shows that the shared schema (the one the server checks with) refuses, by
 * path (`providerName`, `registrations.FL`), and `offeredStates` when a state does not take the
 * delivery method: each gets its message under it and nothing is sent (issue 35). Anything else is
 * left to the server's answer.
 */
function refusedProviderFields(form: ProviderDraft): Set<string> {
  const shown = new Set<string>([
    ...Object.keys(TEXT_FIELDS),
    ...form.offeredStates.map((code) => `registrations.${code}`),
  ]);
  const refused = new Set([...refusedPaths(providerSettingsSchema, form)].filter((path) => shown.has(path)));
  if (statesRefusingDelivery(form).length > 0) refused.add('offeredStates');
  return refused;
}

function ProviderForm({ saved }: { saved: ProviderSettingsView }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ProviderDraft>(() => {
    const { signature: _signature, updatedAt: _updatedAt, ...settings } = saved;
    return settings;
  });
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const onSaved = (view: ProviderSettingsView) =>
    queryClient.setQueryData(trpc.adminCertificates.provider.queryKey(), view);
  const onError = (error: unknown) =>
    notify.error(t('certificates.error.title'), errorMessage(error, t('certificates.error.generic')));
  // A field the server refuses all the same is named by its label, not its path.
  const fieldLabel: FieldLabel = (path) => {
    const [field, code] = path.split('.');
    if (field === 'registrations' && code) return t('certificates.admin.registration', { state: stateName(code) });
    if (field === 'offeredStates') return t('certificates.admin.offered');
    return field && field in TEXT_FIELDS ? t(TEXT_FIELDS[field as TextField]) : undefined;
  };
  const save = useMutation(
    trpc.adminCertificates.saveProvider.mutationOptions({
      onSuccess: (view) => {
        notify.success(t('certificates.admin.saved'));
        onSaved(view);
      },
      onError: (error) =>
        notify.error(t('certificates.error.title'), errorMessage(error, t('certificates.error.generic'), fieldLabel)),
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
  /** A changed field is checked again on the next save; the states also when the delivery method changes. */
  const unrefuse = (...paths: string[]) => {
    if (paths.some((path) => refused.has(path)))
      setRefused((current) => new Set([...current].filter((path) => !paths.includes(path))));
  };
  const set = <K extends keyof ProviderDraft>(key: K, value: ProviderDraft[K]) => {
    setForm((old) => ({ ...old, [key]: value }));
    unrefuse(key === 'deliveryMethod' ? 'offeredStates' : key);
  };
  const setRegistration = (code: string, value: string) => {
    setForm((old) => ({ ...old, registrations: { ...old.registrations, [code]: value } }));
    unrefuse(`registrations.${code}`);
  };
  const submit = () => {
    const fields = refusedProviderFields(form);
    setRefused(fields);
    if (fields.size === 0) save.mutate(form);
    else notify.error(t('certificates.error.title'), t('certificates.admin.invalid.fix'));
  };
  const textError = (field: TextField) => {
    if (!refused.has(field)) return undefined;
    return form[field].trim() === ''
      ? t('certificates.admin.invalid.required')
      : t('certificates.admin.invalid.text', { max: PROVIDER_TEXT_MAX[field] });
  };
  const textInput = (field: TextField, required = true) => (
    <TextInput
      label={t(TEXT_FIELDS[field])}
      value={form[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      error={textError(field)}
      required={required}
      maxLength={PROVIDER_TEXT_MAX[field]}
    />
  );
  const registrationError = (code: string) => {
    if (!refused.has(`registrations.${code}`)) return undefined;
    return (form.registrations[code] ?? '').trim() === ''
      ? t('certificates.admin.invalid.registrationRequired', { state: stateName(code) })
      : t('certificates.admin.invalid.text', { max: PROVIDER_TEXT_MAX.registration });
  };
  const statesError = refused.has('offeredStates')
    ? statesRefusingDelivery(form)
        .map((code) =>
          t('certificates.admin.invalid.delivery', {
            state: stateName(code),
            method: t(DELIVERY_TEXT[form.deliveryMethod]),
          }),
        )
        .join(' ') || undefined
    : undefined;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="provider-title">
      {/* The shared schema's messages, under each field in the page's language, not the browser's bubbles. */}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="provider-title">
            {t('certificates.admin.provider')}
          </Title>
          {textInput('providerName')}
          {textInput('credentials', false)}
          {textInput('contact')}
          <Group grow align="start" wrap="wrap">
            {textInput('courseName')}
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
            error={statesError}
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
                // Where to register, in the page's language: the rule's own `where` is a research
                // note ("unknown: none named in ..."), never shown (QA walk).
                description={
                  rule?.providerRegistration.required
                    ? t(`certificates.admin.registrationWhere.${rule.code}` as MessageId)
                    : undefined
                }
                value={form.registrations[code] ?? ''}
                onChange={(event) => setRegistration(code, event.currentTarget.value)}
                error={registrationError(code)}
                maxLength={PROVIDER_TEXT_MAX.registration}
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
  const reasonText = (reason: string | null) => {
    if (reason === null) return undefined;
    const id = APP_REASONS[reason];
    return id ? t(id) : reason;
  };
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
  // A reason the server would refuse (none, too long) is said under the field, and nothing is sent.
  const [reasonRefused, setReasonRefused] = useState(false);
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
                        <Badge color="gray" title={reasonText(row.revokedReason)}>
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
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!revoking) return;
            const input = { id: revoking.id, reason };
            const refused = refusedFields(revokeCertificateSchema, input, ['reason'] as const).size > 0;
            setReasonRefused(refused);
            if (!refused) revoke.mutate(input);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('certificates.admin.reason')}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonRefused(false);
              }}
              error={reasonRefused ? t('certificates.admin.invalid.reason', { max: 300 }) : undefined}
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
