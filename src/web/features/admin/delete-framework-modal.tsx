import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export function deleteConfirmationText(weekNumber: number): string {
  return `Are you sure you want to delete Week ${weekNumber}? This action cannot be undone.`;
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
  return (
    <Modal
      opened={weekNumber !== null}
      onClose={() => {
        if (!deleting) onCancel();
      }}
      title="Delete framework"
      centered
    >
      {weekNumber !== null ? (
        <Stack gap="lg">
          <Text>{deleteConfirmationText(weekNumber)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={deleting} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={deleting} onClick={() => onConfirm(weekNumber)}>
              Delete Week {weekNumber}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
