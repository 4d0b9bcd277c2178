import { Container, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '../lib/network';
import classes from './offline-banner.module.css';
import { useT } from '../i18n/use-t';

/**
 * The banner stays on top of the page while it shows: the page scrolls the control the keyboard
 * lands on clear of it (WCAG 2.4.11), however many lines its text takes on a phone.
 */
function keepFocusClear(banner: HTMLDivElement | null): (() => void) | undefined {
  if (!banner || typeof ResizeObserver === 'undefined') return undefined;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => root.style.setProperty('scroll-padding-top', `${banner.offsetHeight}px`));
  observer.observe(banner);
  return () => {
    observer.disconnect();
    root.style.removeProperty('scroll-padding-top');
  };
}

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
        <div ref={keepFocusClear} className={classes.banner} data-testid="offline-banner">
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
