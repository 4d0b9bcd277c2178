import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useRef } from 'react';
import type { MessageId } from '../../../shared/i18n/locales';
import { useT } from '../../i18n/use-t';
import { useOpenedOnce } from '../../lib/opened-once';
import { milestoneTitle } from './dashboard-logic';
import type { Milestone } from './weekly-routine';
import classes from './milestone-celebration.module.css';
import { DIALOG_TITLE_STYLE } from './onboarding-modal';

interface MilestoneCelebrationProps {
  /** The milestone just reached, or null when there is nothing to celebrate. */
  milestone: Milestone | null;
  onClose: () => void;
  onShowWins: () => void;
}

/**
 * A milestone's own celebration (docs/product.md#weekly-routine): a dialog with its title and
 * message, opened beside the 'Week Completed!' toast when a completion reaches 1, 13, 26 or 52
 * weeks. Mantine's modal keeps the focus inside while open (on 'Keep going' first) and closes
 * with Escape, the close button or a click outside; the theme drops its transition, and the
 * stylesheet the trophy's animation, for anyone who prefers reduced motion. Where the focus goes
 * afterwards is the dashboard's choice (`onClose`): the button that opened it is gone by then.
 */
export function MilestoneCelebration({ milestone, onClose, onShowWins }: MilestoneCelebrationProps) {
  // The last milestone stays on screen while the dialog's closing transition plays.
  const { t } = useT();
  const last = useRef<Milestone | null>(null);
  if (milestone) last.current = milestone;
  const shown = milestone ?? last.current;
  if (!useOpenedOnce(milestone !== null)) return null;
  return (
    <Modal.Root opened={milestone !== null} onClose={onClose} returnFocus={false} centered size="md">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header>
          <Modal.Title style={DIALOG_TITLE_STYLE}>{shown ? milestoneTitle(shown.week) : ''}</Modal.Title>
          <Modal.CloseButton />
        </Modal.Header>
        <Modal.Body>
          {shown ? (
            <Stack gap="md" align="center" ta="center" data-milestone={shown.week}>
              <span className={classes.badge}>
                <ThemeIcon size={72} radius="xl" color="plum" aria-hidden="true">
                  <IconTrophy size={40} />
                </ThemeIcon>
              </span>
              <Text fw={700} size="lg">
                {t('dashboard.celebration.reached', { count: shown.week })}
              </Text>
              <Text>{t(`dashboard.milestone.${shown.week}.message` as MessageId)}</Text>
              <Group justify="center" gap="sm">
                <Button variant="default" onClick={onShowWins}>
                  {t('dashboard.celebration.showWins')}
                </Button>
                <Button data-autofocus onClick={onClose}>
                  {t('dashboard.celebration.keepGoing')}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
