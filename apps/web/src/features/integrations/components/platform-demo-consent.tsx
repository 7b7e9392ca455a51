import { Alert, Badge, Button, Card, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconShield } from '@/components/ui/icons';
import { useAuthorizePlatformDemo } from '../api/platform-demo-store';
import type { OAuthPlatform } from '../api/start-store-install';

const PERMISSIONS: Readonly<Record<OAuthPlatform, string[]>> = {
  shopify: ['Ver tus pedidos (read_orders)', 'Ver y gestionar las órdenes de preparación de tus pedidos para marcarlos como enviados con su guía'],
  tiendanube: ['Ver tus pedidos y sus datos de envío', 'Marcar pedidos como enviados con su guía y avisar a tus clientes'],
};
const NAMES: Readonly<Record<OAuthPlatform, string>> = { shopify: 'Shopify', tiendanube: 'Tiendanube' };

export interface PlatformDemoConsentProps {
  platform: OAuthPlatform;
  /** The consent page's parameters as the address carried them (Shopify: client_id, scope, redirect_uri, state; Tiendanube: state). */
  params: URLSearchParams;
  /** Tiendanube names the app in the address (`/apps/{app}/authorize`). */
  appId?: string | undefined;
  /** Where the platform sends the browser after the choice (our callback). */
  onDone: (url: string) => void;
}

/**
 * The demo store's version of the platform's install page (Shopify's «Instalar aplicación»,
 * Tiendanube's authorization): what Envíos MX asks for and the two choices. Clearly a demo.
 */
export function PlatformDemoConsent({ platform, params, appId, onDone }: PlatformDemoConsentProps) {
  const authorize = useAuthorizePlatformDemo();
  const read = (name: string) => params.get(name) ?? undefined;
  const name = NAMES[platform];

  function choose(decision: 'approve' | 'deny') {
    authorize.mutate(
      { platform, client_id: appId ?? read('client_id'), scope: read('scope'), redirect_uri: read('redirect_uri'), state: read('state'), decision },
      { onSuccess: ({ redirect }) => onDone(redirect) },
    );
  }

  return (
    <Container size={520} py="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={700} c="grape.8">
            Tienda demo · {name}
          </Text>
          <Badge color="grape" variant="light" tt="none">
            Simulación (sandbox): no es una tienda real
          </Badge>
        </Group>
        <Card withBorder radius="md" padding="xl">
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              <IconShield size={28} aria-hidden />
              <Title order={1} size="h3">
                Envíos MX quiere instalarse en tu tienda {name}
              </Title>
            </Group>
            <Text size="sm">Al instalarla, Envíos MX podrá:</Text>
            <List size="sm" spacing={4}>
              {PERMISSIONS[platform].map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              Conectado como dueño de la tienda demo de {name}.
            </Text>
            {authorize.isError && (
              <Alert color="red" variant="light" role="alert" title="No se pudo instalar">
                {authorize.error.message}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => choose('deny')} disabled={authorize.isPending}>
                Denegar
              </Button>
              <Button color="grape" onClick={() => choose('approve')} loading={authorize.isPending}>
                Instalar aplicación
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
