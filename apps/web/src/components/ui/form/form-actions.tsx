import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Group } from '@mantine/core';

export interface FormActionsProps {
  /** The submit button's words ('Guardar', 'Abonar', …). */
  submitLabel: ReactNode;
  /** While the request runs: the submit shows it is working and 'Cancelar' waits for it. */
  pending?: boolean;
  /** 'Cancelar' closes (a modal) … */
  onCancel?: () => void;
  /** … or goes back to a page, as a link. */
  cancelHref?: string;
  cancelLabel?: ReactNode;
}

/** A form's footer: 'Cancelar' then the submit, at the right. */
export function FormActions({ submitLabel, pending = false, onCancel, cancelHref, cancelLabel = 'Cancelar' }: FormActionsProps) {
  return (
    <Group justify="flex-end">
      {cancelHref !== undefined ? (
        <Button component={Link} to={cancelHref} variant="default">
          {cancelLabel}
        </Button>
      ) : (
        onCancel && (
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
        )
      )}
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
