import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NAME_MAX_LENGTH } from '../../../shared/constants';
import { isCalendarDate, nameError, normalizeWeddingDate, type Profile } from '../../../shared/profile-rules';

export interface ProfileFormValues {
  userDisplayName: string;
  partnerName: string;
  /** `YYYY-MM-DD` or '' for none (the date input's own format). */
  weddingDate: string;
}

export function profileToFormValues(profile: Profile | undefined): ProfileFormValues {
  return {
    userDisplayName: profile?.userDisplayName ?? '',
    partnerName: profile?.partnerName ?? '',
    weddingDate: profile?.weddingDate ?? '',
  };
}

/** The form's values as the API's profile: names trimmed, an empty date as null. */
export function formValuesToProfile(values: ProfileFormValues): Profile {
  return {
    userDisplayName: values.userDisplayName.trim(),
    partnerName: values.partnerName.trim(),
    weddingDate: normalizeWeddingDate(values.weddingDate),
  };
}

/** The server's profile rules (shared/profile-rules.ts), as Mantine form field errors. */
export function validateProfileForm(values: ProfileFormValues) {
  const date = normalizeWeddingDate(values.weddingDate);
  return {
    userDisplayName: nameError('userDisplayName', values.userDisplayName),
    partnerName: nameError('partnerName', values.partnerName),
    weddingDate: date !== null && !isCalendarDate(date) ? 'Enter a real date, or leave it empty' : null,
  };
}

interface ProfileFieldsFormProps {
  initialValues: ProfileFormValues;
  saving: boolean;
  submitLabel: string;
  onSave: (profile: Profile) => void;
  /** When true the button stays disabled until both names are filled in (onboarding). */
  requireNamesToSubmit?: boolean;
  /** Autofocus the first field (inside a dialog). */
  autoFocus?: boolean;
}

/**
 * The two names and the optional wedding date, checked with the same rules the server uses.
 * Shared by the Profile tab and the onboarding dialog.
 */
export function ProfileFieldsForm({
  initialValues,
  saving,
  submitLabel,
  onSave,
  requireNamesToSubmit,
  autoFocus,
}: ProfileFieldsFormProps) {
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues,
    validate: validateProfileForm,
  });
  const namesFilled = form.values.userDisplayName.trim() !== '' && form.values.partnerName.trim() !== '';

  return (
    <form onSubmit={form.onSubmit((values) => onSave(formValuesToProfile(values)))} noValidate>
      <Stack gap="md">
        <TextInput
          label="Your name"
          required
          maxLength={NAME_MAX_LENGTH}
          autoComplete="given-name"
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('userDisplayName')}
        />
        <TextInput
          label="Your partner's name"
          required
          maxLength={NAME_MAX_LENGTH}
          autoComplete="off"
          {...form.getInputProps('partnerName')}
        />
        <TextInput
          type="date"
          label="Wedding date"
          description="Optional. We count down the days for you."
          {...form.getInputProps('weddingDate')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={requireNamesToSubmit ? !namesFilled : false}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
