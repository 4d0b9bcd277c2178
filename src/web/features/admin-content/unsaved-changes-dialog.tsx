import { Button, Group, Modal, Stack, Text } from '@mantine/core';

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
  return (
    <Modal opened={opened} onClose={onStay} title="Leave without saving?" centered>
      <Stack gap="lg">
        <Text>Your changes to this week are not saved yet. If you leave now, they are lost.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay} data-autofocus>
            Keep editing
          </Button>
          <Button color="red" onClick={onLeave}>
            Discard changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
