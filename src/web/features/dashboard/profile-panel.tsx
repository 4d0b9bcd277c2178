import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Profile } from '../../../shared/profile-rules';
import { ProfileFieldsForm, profileToFormValues } from './profile-form';
import { RemindersSwitch } from './reminders-switch';
import { useT } from '../../i18n/use-t';

interface ProfilePanelProps {
  profile: Profile | undefined;
  saving: boolean;
  onSave: (profile: Profile) => void;
  /** Under the reminders switch; the route passes the other features' settings (push, partner sign-ins, mentor). */
  settings?: ReactNode;
}

/** The Profile tab: edit both names and the wedding date. */
export function ProfilePanel({ profile, saving, onSave, settings }: ProfilePanelProps) {
  const { t } = useT();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-title" maw={560}>
      <Title order={2} size="h3" id="profile-title">
        {t('dashboard.profile.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('dashboard.profile.intro')}
      </Text>
      {profile ? (
        // Re-mount when the saved profile changes, so the fields show what was stored.
        <ProfileFieldsForm
          key={`${profile.userDisplayName}|${profile.partnerName}|${profile.weddingDate ?? ''}`}
          initialValues={profileToFormValues(profile)}
          saving={saving}
          submitLabel={t('dashboard.profile.save')}
          onSave={onSave}
        />
      ) : (
        <Stack aria-busy="true" aria-label={t('dashboard.profile.loading')}>
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      )}
      <Stack mt="lg">
        <RemindersSwitch />
        {settings}
      </Stack>
    </Card>
  );
}
