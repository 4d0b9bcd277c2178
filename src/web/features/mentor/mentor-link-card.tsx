import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n/use-t';

/** The Profile tab's way to /mentor (issue 38): a facilitator's code, or the current link and sharing. */
export function MentorLinkCard() {
  const { t } = useT();
  return (
    <Stack gap={4} component="section" aria-labelledby="mentor-link-title">
      <Title order={3} size="h5" id="mentor-link-title">
        {t('facilitator.profile.title')}
      </Title>
      <Text size="sm">{t('facilitator.profile.text')}</Text>
      {/* 24 px tall itself (WCAG 2.5.8): its line of small text is 20 px. */}
      <Anchor
        component={Link}
        to="/mentor"
        size="sm"
        w="fit-content"
        mih={24}
        display="flex"
        style={{ alignItems: 'center' }}
      >
        {t('facilitator.profile.open')}
      </Anchor>
    </Stack>
  );
}
