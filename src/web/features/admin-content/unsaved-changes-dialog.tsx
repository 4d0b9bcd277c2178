import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n/use-t';

interface UnsavedChangesDialogProps {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/**
 * Asked when the seller leaves a week with changes not saved yet (another week, another admin
 * page): staying is the default, leaving discards the changes (docs/product.md#admin-screen).
 */
export function UnsavedChangesDialog({ opened, onStay, onLeave }: UnsavedChangesDialogProps) {
  const { t } = useT();
  return (
    <Modal opened={opened} onClose={onStay} title={t('content-editor.leave.title')} centered>
      <Stack gap="lg">
        <Text>{t('content-editor.leave.text')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay} data-autofocus>
            {t('content-editor.leave.stay')}
          </Button>
          <Button color="red" onClick={onLeave}>
            {t('content-editor.leave.discard')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
