import { useCallback, useState, type ReactNode } from 'react';
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

/**
 * The failure of a form's last attempt: `attempt` runs the request and keeps its message when it
 * fails (`handled` may claim an error first, to show it under a field instead).
 */
export function useSubmitFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useCallback(async (work: () => Promise<void>, fallback: string, handled?: (error: unknown) => boolean) => {
    try {
      await work();
    } catch (error) {
      if (!handled?.(error)) setFailure(failureMessage(error, fallback));
    }
  }, []);
  return { failure, attempt };
}
