import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

/**
 * Why a form was not saved, above its fields: red, announced at once to screen readers
 * (`role="alert"`), and absent while there is nothing to say.
 */
export function FailureAlert({ title, children }: { title?: ReactNode; children?: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {children}
    </Alert>
  );
}

/** The message to show for a failed request: the server's own when it sent one. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
