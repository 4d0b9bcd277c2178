import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Profile } from '../../../shared/profile-rules';
import { ProfileFieldsForm, profileToFormValues } from './profile-form';
import { PartnerSignIns } from '../partners/partner-sign-ins';
import { RemindersSwitch } from './reminders-switch';

interface ProfilePanelProps {
  profile: Profile | undefined;
  saving: boolean;
  onSave: (profile: Profile) => void;
}

/** The Profile tab: edit both names and the wedding date. */
export function ProfilePanel({ profile, saving, onSave }: ProfilePanelProps) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-title" maw={560}>
      <Title order={2} size="h3" id="profile-title">
        Your couple profile
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The names greet you on the dashboard and label each partner in the workbook.
      </Text>
      {profile ? (
        // Re-mount when the saved profile changes, so the fields show what was stored.
        <ProfileFieldsForm
          key={`${profile.userDisplayName}|${profile.partnerName}|${profile.weddingDate ?? ''}`}
          initialValues={profileToFormValues(profile)}
          saving={saving}
          submitLabel="Save Profile"
          onSave={onSave}
        />
      ) : (
        <Stack aria-busy="true" aria-label="Loading your profile">
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      )}
      <Stack mt="lg">
        <RemindersSwitch />
        <PartnerSignIns />
      </Stack>
    </Card>
  );
}
