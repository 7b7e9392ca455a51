import type { FormEvent, ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { FailureAlert } from './failure-alert';
import { FormActions } from './form-actions';

export interface ModalFormProps {
  /** `form.handleSubmit(…)`: the browser's own checks stay off, the schema speaks. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Why the last attempt was not saved. */
  failure?: ReactNode;
  submitLabel: ReactNode;
  pending: boolean;
  /** 'Cancelar': closes the modal. */
  onCancel: () => void;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * The form inside a modal: the failure above, the fields, and 'Cancelar' with the submit below.
 * It lives inside the Modal, so closing the modal drops what was typed and reopening starts afresh.
 */
export function ModalForm({ onSubmit, failure, submitLabel, pending, onCancel, children, ...rest }: ModalFormProps) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={rest['aria-label']}>
      <Stack>
        <FailureAlert>{failure}</FailureAlert>
        {children}
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
