import { Container, Title } from '@mantine/core';

export default function HomeRoute() {
  return (
    <Container py="xl">
      <Title order={1}>Envía paquetes a todo México al mejor precio</Title>
    </Container>
  );
}
