import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';

/** Shown when a page fails to load or render: a Spanish message and a way home. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>{notFound ? 'Página no encontrada' : 'Algo salió mal'}</Title>
        <Text c="dimmed" ta="center">
          {notFound
            ? 'La página que buscas no existe o cambió de dirección.'
            : 'Ocurrió un error inesperado al mostrar esta página. Recarga la página o vuelve al inicio.'}
        </Text>
        <Button component={Link} to={paths.home}>
          Volver al inicio
        </Button>
      </Stack>
    </Container>
  );
}
