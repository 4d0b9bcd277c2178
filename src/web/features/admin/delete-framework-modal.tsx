import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

export function deleteConfirmationText(weekNumber: number): string {
  return translate('admin.frameworks.delete.confirm', { week: weekNumber });
}

interface DeleteFrameworkModalProps {
  /** The week to delete, or null when the modal is closed. */
  weekNumber: number | null;
  deleting: boolean;
  onConfirm: (weekNumber: number) => void;
  onCancel: () => void;
}

/** The confirmation of docs/product.md#validation-rules before a framework is deleted. */
export function DeleteFrameworkModal({ weekNumber, deleting, onConfirm, onCancel }: DeleteFrameworkModalProps) {
  const { t } = useT();
  return (
    <Modal
      opened={weekNumber !== null}
      onClose={() => {
        if (!deleting) onCancel();
      }}
      title={t('admin.frameworks.delete.title')}
      centered
    >
      {weekNumber !== null ? (
        <Stack gap="lg">
          <Text>{deleteConfirmationText(weekNumber)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={deleting} data-autofocus>
              {t('admin.cancel')}
            </Button>
            <Button color="red" loading={deleting} onClick={() => onConfirm(weekNumber)}>
              {t('admin.frameworks.delete.button', { week: weekNumber })}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
