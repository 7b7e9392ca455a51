import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Card, Container, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { PasswordResetForm } from '@/features/accounts/components/password-reset-form';

/** /password-recovery/{token}: the link mailed by the recovery request. */
export default function PasswordResetRoute() {
  useDocumentTitle('Nueva contraseña · Envíos MX');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const toSignIn = useCallback(() => void navigate(paths.signIn, { replace: true }), [navigate]);
  return (
    <Container size={440} py={48}>
      <Title order={1} ta="center" mb="lg">
        Configura tu nueva contraseña
      </Title>
      <Card withBorder radius="md" padding="xl">
        <PasswordResetForm token={token} onRedirect={toSignIn} passwordRecoveryHref={paths.passwordRecovery} />
      </Card>
    </Container>
  );
}
