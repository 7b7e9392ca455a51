import { Alert, Group, Loader } from '@mantine/core';

export interface QueryStatusProps {
  /** A TanStack query (or anything shaped like one). */
  query: { isPending: boolean; isError: boolean; error: Error | null };
  /** What the spinner announces, e.g. 'Cargando pagos'. */
  loadingLabel: string;
}

/** The loading spinner and the error alert every list screen shows above its table. */
export function QueryStatus({ query, loadingLabel }: QueryStatusProps) {
  return (
    <>
      {query.isError && (
        <Alert color="red" variant="light" role="alert">
          {query.error?.message ?? 'No pudimos cargar la información.'}
        </Alert>
      )}
      {query.isPending && (
        <Group justify="center" py="lg">
          <Loader aria-label={loadingLabel} />
        </Group>
      )}
    </>
  );
}
