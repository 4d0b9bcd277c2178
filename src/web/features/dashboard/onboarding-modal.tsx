import { Modal, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { TRIAL_PLACEHOLDER_NAME, TRIAL_PLACEHOLDER_PARTNER } from '../../../shared/constants';
import type { Profile } from '../../../shared/profile-rules';
import { useT } from '../../i18n/use-t';
import { useOpenedOnce } from '../../lib/opened-once';
import { ProfileFieldsForm, profileToFormValues, type ProfileFormValues } from './profile-form';

interface OnboardingModalProps {
  opened: boolean;
  /** The current, incomplete profile, with the first name from the couple's order when there is one. */
  profile: (Profile & { buyerFirstName?: string }) | undefined;
  saving: boolean;
  onSave: (profile: Profile) => void;
}

/** The dashboard's dialogs' titles, set as the page's third-level headings are. */
export const DIALOG_TITLE_STYLE = {
  fontFamily: 'var(--mantine-font-family-headings)',
  fontSize: 'var(--mantine-h3-font-size)',
  fontWeight: 600,
  lineHeight: 1.3,
};

/**
 * The profile's values with the trial placeholder names left out, so nobody has to delete them; an
 * empty name starts from the first name the buyer gave on the order.
 */
export function onboardingInitialValues(
  profile: (Profile & { buyerFirstName?: string }) | undefined,
): ProfileFormValues {
  const values = profileToFormValues(profile);
  const name = values.userDisplayName.trim() === TRIAL_PLACEHOLDER_NAME ? '' : values.userDisplayName;
  return {
    ...values,
    userDisplayName: name.trim() === '' ? (profile?.buyerFirstName ?? '') : name,
    partnerName: values.partnerName.trim() === TRIAL_PLACEHOLDER_PARTNER ? '' : values.partnerName,
  };
}

/**
 * The welcome dialog shown while the profile is incomplete. Memoised: the dashboard behind it
 * re-renders as each of its queries answers, and the dialog need not (a new buyer's first page,
 * decision 0273). It cannot be dismissed (no close
 * button, no Escape, no click outside): saving both names is the only way on.
 */
export const OnboardingModal = memo(function OnboardingModal({
  opened,
  profile,
  saving,
  onSave,
}: OnboardingModalProps) {
  const { t } = useT();
  if (!useOpenedOnce(opened)) return null;
  return (
    // returnFocus off: after saving, focus goes on to week 1's details (dashboard-screen.tsx), not
    // back to wherever it was before the dialog opened (the top of the page).
    <Modal.Root
      opened={opened}
      onClose={() => {}}
      closeOnEscape={false}
      closeOnClickOutside={false}
      returnFocus={false}
      // In the page itself, not a portal: the build's prerender (which has no document for a
      // portal) paints it from a new buyer's first /dashboard HTML (decision 0273), and in the app
      // it is part of React's sliced first render; a portal fills itself in a second, synchronous
      // render, in the task of the first commit (decision 0303).
      withinPortal={false}
      // Mantine's inner layer sets top and bottom, and leaves left to the portal's place at the
      // body's edge: in the page, it would start at the container's edge.
      styles={{ inner: { left: 0 } }}
      centered
      size="md"
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header>
          <Modal.Title style={DIALOG_TITLE_STYLE}>{t('dashboard.onboarding.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Text>{t('dashboard.onboarding.intro')}</Text>
            <ProfileFieldsForm
              initialValues={onboardingInitialValues(profile)}
              saving={saving}
              submitLabel={t('dashboard.onboarding.submit')}
              onSave={onSave}
              autoFocus
            />
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
});
