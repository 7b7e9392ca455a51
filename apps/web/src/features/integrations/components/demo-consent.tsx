import { Alert, Badge, Button, Card, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconShield } from '@/components/ui/icons';
import { useAuthorizeDemoStore, type DemoConsent as Consent } from '../api/authorize-demo-store';

const PERMISSIONS = ['Ver y gestionar pedidos e informes de ventas', 'Ver y gestionar clientes', 'Ver y gestionar cupones', 'Ver y gestionar productos'];

export interface DemoConsentProps {
  /** The five parameters of `/wc-auth/v1/authorize`, as the address carried them. */
  params: URLSearchParams;
  /** Where the store sends the browser after the choice. */
  onDone: (url: string) => void;
}

/**
 * The demo store's version of WooCommerce's "application authentication request" page: what the
 * app asks for and the two choices. Clearly the demo store, never a real one.
 */
export function DemoConsent({ params, onDone }: DemoConsentProps) {
  const authorize = useAuthorizeDemoStore();
  const appName = params.get('app_name') ?? '';
  const read = (name: string) => params.get(name) ?? undefined;

  // A refusal is shown from the mutation's state ('Acceso denegado'), like WooCommerce's page.
  function choose(decision: Consent['decision']) {
    authorize.mutate(
      {
        app_name: read('app_name'),
        scope: read('scope'),
        user_id: read('user_id'),
        return_url: read('return_url'),
        callback_url: read('callback_url'),
        decision,
      },
      { onSuccess: ({ redirect }) => onDone(redirect) },
    );
  }

  return (
    <Container size={520} py="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={700} c="grape.8">
            Tienda demo · WooCommerce
          </Text>
          <Badge color="grape" variant="light" tt="none">
            Simulación: no es una tienda real
          </Badge>
        </Group>
        <Card withBorder radius="md" padding="xl">
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              <IconShield size={28} aria-hidden />
              <Title order={1} size="h3">
                {appName ? `${appName} quiere conectarse a tu tienda` : 'Solicitud de conexión'}
              </Title>
            </Group>
            <Text size="sm">Esto dará a «{appName}» acceso de lectura y escritura, que le permitirá:</Text>
            <List size="sm" spacing={4}>
              {PERMISSIONS.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              Conectado como administrador de la tienda demo.
            </Text>
            {authorize.isError && (
              <Alert color="red" variant="light" role="alert" title="Acceso denegado">
                {authorize.error.message}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => choose('deny')} disabled={authorize.isPending}>
                Denegar
              </Button>
              <Button color="grape" onClick={() => choose('approve')} loading={authorize.isPending}>
                Aprobar
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
