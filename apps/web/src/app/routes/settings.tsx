import { Link } from 'react-router';
import { Button, Container, Group, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { useUser } from '@/features/accounts/api/get-me';
import { AccountSettings } from '@/features/accounts/components/account-settings';
import { RequireUser } from '@/features/accounts/components/route-guards';
import { PrintSettings } from '@/features/guides/components/print-settings';

function Settings() {
  const user = useUser().data;
  if (!user) return null;
  return (
    <Container size="sm" py="xl">
      <Group justify="space-between" mb="lg">
        <Title order={1}>Configuración</Title>
        <Button component={Link} to={paths.dashboard} variant="default">
          Cancelar
        </Button>
      </Group>
      <AccountSettings user={user} />
      <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
        <PrintSettings />
      </div>
    </Container>
  );
}

/** /configuracion: outside the dashboard layout, for signed-in people. */
export default function SettingsRoute() {
  useDocumentTitle('Configuración · Envíos MX');
  return (
    <RequireUser signInHref={paths.signIn}>
      <Settings />
    </RequireUser>
  );
}
