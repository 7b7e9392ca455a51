import { useNavigate } from 'react-router';
import { Card, Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { RedirectIfSignedIn } from '@/features/accounts/components/route-guards';
import { SignUpForm } from '@/features/accounts/components/sign-up-form';

/** /signup: signed-in people go to /dashboard; success leads to /signin?newUser=true. */
export default function SignUpRoute() {
  useDocumentTitle('Crear cuenta · Envíos MX');
  const navigate = useNavigate();
  return (
    <RedirectIfSignedIn to={paths.dashboard}>
      <Container size={560} py={48}>
        <Title order={1} ta="center">
          Crea tu cuenta
        </Title>
        <Text c="dimmed" ta="center" mb="lg">
          Cotiza, compra y rastrea tus guías en un solo lugar.
        </Text>
        <Card withBorder radius="md" padding="xl">
          <SignUpForm onDone={() => void navigate(`${paths.signIn}?newUser=true`)} signInHref={paths.signIn} />
        </Card>
      </Container>
    </RedirectIfSignedIn>
  );
}
