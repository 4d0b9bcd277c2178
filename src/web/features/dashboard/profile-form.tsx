import { Button, Group, Stack, TextInput } from '@mantine/core';
import { focusFirstFormError } from '../../lib/focus';
import { useForm } from '@mantine/form';
import { NAME_MAX_LENGTH } from '../../../shared/constants';
import type { MessageId } from '../../../shared/i18n/locales';
import {
  nameError,
  normalizeWeddingDate,
  type Profile,
  type ProfileNameField,
  todayUtc,
  WEDDING_DATE_MAX_YEARS_AGO,
  WEDDING_DATE_MAX_YEARS_AHEAD,
  WEDDING_DATE_TOO_EARLY_MESSAGE,
  WEDDING_DATE_TOO_FAR_MESSAGE,
  weddingDateProblem,
  weddingDateRange,
} from '../../../shared/profile-rules';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

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

/** The shared rule's verdict on a name, in the page's language (the server keeps its English). */
function nameFieldError(field: ProfileNameField, value: string): string | null {
  if (nameError(field, value) === null) return null;
  return value.trim() === ''
    ? translate(`dashboard.profile.${field}.required` as MessageId)
    : translate(`dashboard.profile.${field}.tooLong` as MessageId, { max: NAME_MAX_LENGTH });
}

/** The shared rule's verdict on a wedding date, in the page's language: not a date, or too far off. */
function weddingDateFieldError(value: string): string | null {
  const date = normalizeWeddingDate(value);
  const problem = date === null ? null : weddingDateProblem(date, todayUtc());
  if (problem === null) return null;
  if (problem === WEDDING_DATE_TOO_FAR_MESSAGE)
    return translate('dashboard.profile.dateTooFar', { years: WEDDING_DATE_MAX_YEARS_AHEAD });
  if (problem === WEDDING_DATE_TOO_EARLY_MESSAGE)
    return translate('dashboard.profile.dateTooEarly', { years: WEDDING_DATE_MAX_YEARS_AGO });
  return translate('dashboard.profile.dateInvalid');
}

/** The server's profile rules (shared/profile-rules.ts), as Mantine form field errors. */
export function validateProfileForm(values: ProfileFormValues) {
  return {
    userDisplayName: nameFieldError('userDisplayName', values.userDisplayName),
    partnerName: nameFieldError('partnerName', values.partnerName),
    weddingDate: weddingDateFieldError(values.weddingDate),
  };
}

/** The form's fields in the order they are shown. */
const PROFILE_FIELDS = ['userDisplayName', 'partnerName', 'weddingDate'] as const;

interface ProfileFieldsFormProps {
  initialValues: ProfileFormValues;
  saving: boolean;
  submitLabel: string;
  onSave: (profile: Profile) => void;
  /** Autofocus the first field (inside a dialog). */
  autoFocus?: boolean;
}

/**
 * The two names and the optional wedding date, checked with the same rules the server uses.
 * Shared by the Profile tab and the onboarding dialog.
 */
export function ProfileFieldsForm({ initialValues, saving, submitLabel, onSave, autoFocus }: ProfileFieldsFormProps) {
  const { t } = useT();
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues,
    validate: validateProfileForm,
  });
  // The date picker offers only the dates the rule accepts; a date typed beyond them gets its message.
  const dateRange = weddingDateRange(todayUtc());
  // Without Mantine's "touched" on focus, which nothing here reads: focusing a field renders nothing.
  const field = (path: keyof ProfileFormValues) => form.getInputProps(path, { withFocus: false });

  return (
    <form
      onSubmit={form.onSubmit(
        (values) => onSave(formValuesToProfile(values)),
        // The button is never disabled (a disabled one is skipped by Tab and says nothing): a refused
        // submit takes the focus to the first field at fault, where its message is read out.
        focusFirstFormError(form, PROFILE_FIELDS),
      )}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label={t('dashboard.profile.name')}
          required
          maxLength={NAME_MAX_LENGTH}
          autoComplete="given-name"
          data-autofocus={autoFocus || undefined}
          {...field('userDisplayName')}
        />
        <TextInput
          label={t('dashboard.profile.partner')}
          required
          maxLength={NAME_MAX_LENGTH}
          autoComplete="off"
          {...field('partnerName')}
        />
        <TextInput
          type="date"
          label={t('dashboard.profile.date')}
          description={t('dashboard.profile.dateHint')}
          min={dateRange.min}
          max={dateRange.max}
          {...field('weddingDate')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
