import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A destructive action asked about first: a title, what it does, Cancel (focused, so Enter never
 * confirms by accident) and a red confirm button. While the action runs the dialog stays open and
 * cannot be dismissed; `title` null closes it.
 */
export function ConfirmDialog({
  title,
  children,
  cancelLabel,
  confirmLabel,
  pending,
  onCancel,
  onConfirm,
}: {
  title: string | null;
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={title !== null}
      onClose={() => {
        if (!pending) onCancel();
      }}
      title={title ?? ''}
      centered
    >
      {title !== null ? (
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending} data-autofocus>
              {cancelLabel}
            </Button>
            <Button color="red" loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
