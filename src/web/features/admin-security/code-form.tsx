import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { type TotpConfirmInput, totpConfirmSchema } from '../../../shared/admin-security-schemas';
import { useT } from '../../i18n/use-t';

interface CodeFormProps {
  label: string;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal, shown under the field. */
  error: string | null;
  onSubmit: (code: string) => void;
  color?: string;
  extra?: ReactNode;
}

/** One 6-digit code from the authenticator app, checked with the shared schema before sending. */
export function CodeForm({ label, submitLabel, busy, error, onSubmit, color, extra }: CodeFormProps) {
  const { t } = useT();
  const form = useForm<TotpConfirmInput>({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    // The shared schema's message is English; the field says it in the admin's language.
    validate: (values) =>
      schemaResolver(totpConfirmSchema, { sync: true })(values).code ? { code: t('admin.twoFactor.codeInvalid') } : {},
  });
  const inputProps = form.getInputProps('code');
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => onSubmit(values.code.replace(/\s+/g, '')),
        // Refused here, before anything is sent: the focus goes to the field, which says why.
        (_errors, _values, event) => event?.currentTarget.querySelector('input')?.focus(),
      )}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          w={200}
          required
          key={form.key('code')}
          {...inputProps}
          error={inputProps.error ?? error}
        />
        <Button type="submit" loading={busy} color={color}>
          {submitLabel}
        </Button>
        {extra}
      </Group>
    </form>
  );
}
