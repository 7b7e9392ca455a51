import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { deleteConfirmation } from '@envios/contracts/addresses';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The deletion is in flight: the confirm button shows it. */
  busy?: boolean;
  /** What is about to go, and any error of the last try. */
  children?: ReactNode;
}

/** The app's one delete confirmation: 'Está seguro?', its message, Sí and Cancelar. */
export function ConfirmDeleteModal({ opened, onCancel, onConfirm, busy = false, children }: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={deleteConfirmation.title} centered size="sm">
      <Stack>
        <Text>{deleteConfirmation.message}</Text>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {deleteConfirmation.cancel}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            {deleteConfirmation.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
