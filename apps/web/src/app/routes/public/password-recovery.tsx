import { Card, Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PasswordRecoveryForm } from '@/features/accounts/components/password-recovery-form';

export default function PasswordRecoveryRoute() {
  useDocumentTitle('Recuperar contraseña · Envíos MX');
  return (
    <Container size={440} py={48}>
      <Title order={1} ta="center">
        Recuperar contraseña
      </Title>
      <Text c="dimmed" ta="center" mb="lg">
        Escribe el correo de tu cuenta y te enviaremos un enlace para configurar una nueva contraseña.
      </Text>
      <Card withBorder radius="md" padding="xl">
        <PasswordRecoveryForm />
      </Card>
    </Container>
  );
}
