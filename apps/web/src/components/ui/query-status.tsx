import { Alert, Button, Group, Loader, Text } from '@mantine/core';

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

export interface LoadFailureProps {
  /** A TanStack query (or anything shaped like one). */
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
  /** What could not be loaded, e.g. 'No pudimos cargar tus envíos'. */
  title: string;
}

/**
 * A list that could not load says so with the server's reason and a 'Reintentar' that asks again;
 * what the list showed before stays on screen.
 */
export function LoadFailure({ query, title }: LoadFailureProps) {
  if (!query.isError) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Group gap="sm">
        <Text size="sm">{query.error?.message ?? 'Inténtalo de nuevo en un momento.'}</Text>
        <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Group>
    </Alert>
  );
}
