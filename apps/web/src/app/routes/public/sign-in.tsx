import { useNavigate, useSearchParams } from 'react-router';
import { Card, Container, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { safeRedirectPath } from '@envios/contracts/accounts';
import { paths } from '@/config/paths';
import { RedirectIfSignedIn } from '@/features/accounts/components/route-guards';
import { SignInForm } from '@/features/accounts/components/sign-in-form';
import '@/styles/pages/sign-in.css';

/** /signin: signed-in people go to /shipments; `?newUser` shows the pending notice. */
export default function SignInRoute() {
  useDocumentTitle('Iniciar sesión · Envíos MX');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirectTo')) ?? paths.shipments;
  return (
    <RedirectIfSignedIn to={redirectTo} showWhileChecking>
      <Container size={440} py={48}>
        <Title order={1} ta="center" mb="lg">
          Iniciar sesión
        </Title>
        <Card withBorder radius="md" padding="xl">
          <SignInForm
            newUser={params.has('newUser')}
            onSignedIn={() => void navigate(redirectTo, { replace: true })}
            passwordRecoveryHref={paths.passwordRecovery}
            signUpHref={paths.signUp}
          />
        </Card>
      </Container>
    </RedirectIfSignedIn>
  );
}
