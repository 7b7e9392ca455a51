import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Text fz={64} fw={800} c="brand.8" aria-hidden>
          404
        </Text>
        <Title order={1}>Página no encontrada</Title>
        <Text c="dimmed" ta="center">
          La página que buscas no existe o cambió de dirección.
        </Text>
        <Button component={Link} to={paths.home}>
          Volver al inicio
        </Button>
      </Stack>
    </Container>
  );
}

export default NotFoundRoute;
