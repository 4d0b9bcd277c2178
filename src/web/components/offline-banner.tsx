import { Container, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '../lib/network';
import classes from './offline-banner.module.css';
import { useT } from '../i18n/use-t';

/**
 * Shown while the browser says it is offline (decision 0133): the page still shows what it has
 * loaded, and every save is refused at once with a message rather than spinning. The region is
 * always in the document, so the change is announced politely when it happens.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useT();
  return (
    <div role="status" aria-live="polite" className={classes.region}>
      {online ? null : (
        <div className={classes.banner} data-testid="offline-banner">
          <Container size="lg" py={6}>
            <Group gap="xs" wrap="nowrap">
              <IconWifiOff size={18} aria-hidden="true" style={{ flex: 'none' }} />
              <Text size="sm" fw={600}>
                {t('common.offline.message')}
              </Text>
            </Group>
          </Container>
        </div>
      )}
    </div>
  );
}
