import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';

export interface NameEmailValues {
  firstName: string;
  lastName: string;
  email: string;
}
export type NameEmailField = keyof NameEmailValues;

interface NameEmailFieldsProps {
  values: NameEmailValues;
  /** Per field: a message shown under it, or `true` to only mark it invalid. */
  errors: Partial<Record<NameEmailField, ReactNode | boolean>>;
  onChange: (field: NameEmailField, value: string) => void;
}

/**
 * First name and last name side by side (stacked on a narrow screen), then email: the visitor's
 * details in the pricing card and the contact form, all three required.
 */
export function NameEmailFields({ values, errors, onChange }: NameEmailFieldsProps) {
  const { t } = useT();
  return (
    <>
      <Group grow gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          label={t('common.fields.firstName')}
          name="firstName"
          autoComplete="given-name"
          required
          value={values.firstName}
          error={errors.firstName}
          onChange={(event) => onChange('firstName', event.currentTarget.value)}
          miw={140}
        />
        <TextInput
          label={t('common.fields.lastName')}
          name="lastName"
          autoComplete="family-name"
          required
          value={values.lastName}
          error={errors.lastName}
          onChange={(event) => onChange('lastName', event.currentTarget.value)}
          miw={140}
        />
      </Group>
      <TextInput
        label={t('common.fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={values.email}
        error={errors.email}
        onChange={(event) => onChange('email', event.currentTarget.value)}
      />
    </>
  );
}
