import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import type { DemoOrder, DemoStore } from '@envios/contracts/integrations';
import { IconStore } from '@/components/ui/icons';
import { formatDateTime } from '@/lib/dates';
import { usePlaceDemoOrder, useDemoStore } from '../api/demo-store';
import { usePlacePlatformDemoOrder, usePlatformDemoStore } from '../api/platform-demo-store';
import type { OAuthPlatform } from '../api/start-store-install';

export type DemoPlatform = 'woocommerce' | OAuthPlatform;

export const demoPlatformNames: Readonly<Record<DemoPlatform, string>> = { woocommerce: 'WooCommerce', shopify: 'Shopify', tiendanube: 'Tiendanube' };

export interface DemoStorePageProps {
  /** Which platform's demo store (WooCommerce when not given). */
  platform?: DemoPlatform;
  links: { integrations: string; orders: string; tracking: (guide: string) => string };
}

/** A date the store sent, with or without its zone (WooCommerce's come without one, in UTC). */
function storeDate(value: string): string {
  return /(Z|[+-]\d\d:\d\d)$/.test(value) ? value : `${value}Z`;
}

function OrderCard({ order, trackingHref }: { order: DemoOrder; trackingHref: (guide: string) => string }) {
  const titleId = `pedido-demo-${order.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            Pedido {order.number.startsWith('#') ? order.number : `#${order.number}`} · {order.customer}
          </Title>
          <Badge color={order.status === 'completed' ? 'green' : 'blue'} variant="light" tt="none">
            {order.status_label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {formatDateTime(storeDate(order.date_created))} · {order.city}, C.P. {order.postcode} · {formatMXN(toCentavos(Number(order.total)))}
        </Text>
        <Text size="sm">{order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}</Text>
        {order.tracking_number && (
          <Text size="sm">
            Guía ({order.tracking_provider}):{' '}
            <Anchor component={Link} to={trackingHref(order.tracking_number)}>
              {order.tracking_number}
            </Anchor>
          </Text>
        )}
        {order.notes.length > 0 && (
          <Stack gap={6} aria-label={`Notas del pedido ${order.number}`}>
            {order.notes.map((n) => (
              <Card key={n.id} radius="sm" padding="xs" bg={n.customer_note ? 'var(--mantine-color-grape-0)' : 'var(--mantine-color-gray-0)'}>
                <Text size="xs" c="dimmed">
                  {n.customer_note ? 'Nota para el cliente' : 'Nota privada'} · {formatDateTime(storeDate(n.date_created))}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {n.note}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** /tienda-demo: the WooCommerce demo store. */
export function DemoStorePage({ platform = 'woocommerce', links }: DemoStorePageProps) {
  return platform === 'woocommerce' ? <WooDemoStore links={links} /> : <PlatformDemoStore platform={platform} links={links} />;
}

function WooDemoStore({ links }: Pick<DemoStorePageProps, 'links'>) {
  const store = useDemoStore();
  const place = usePlaceDemoOrder();
  return <DemoStoreView platform="woocommerce" links={links} store={store} place={{ ...place, run: (kind) => place.mutate(kind) }} />;
}

function PlatformDemoStore({ platform, links }: { platform: OAuthPlatform } & Pick<DemoStorePageProps, 'links'>) {
  const store = usePlatformDemoStore(platform);
  const place = usePlacePlatformDemoOrder();
  return (
    <DemoStoreView
      platform={platform}
      links={links}
      store={store}
      place={{ ...place, variables: place.variables?.kind, run: (kind) => place.mutate({ platform, kind }) }}
    />
  );
}

type OrderKind = 'normal' | 'unknown_postal_code';

interface DemoStoreViewProps {
  platform: DemoPlatform;
  links: DemoStorePageProps['links'];
  store: { isPending: boolean; isError: boolean; error: Error | null; data: DemoStore | undefined };
  place: {
    run: (kind: OrderKind) => void;
    isPending: boolean;
    variables: OrderKind | undefined;
    isSuccess: boolean;
    isError: boolean;
    error: Error | null;
    data: DemoOrder | undefined;
  };
}

/**
 * A demo store's own admin, simulated inside Envíos MX (nothing is sold). A fictitious customer
 * buys with one click; the orders show the notes and tracking we write back.
 */
function DemoStoreView({ platform, links, store, place }: DemoStoreViewProps) {
  const connected = (store.data?.webhooks ?? 0) > 0;
  const name = demoPlatformNames[platform];

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Alert color="grape" variant="light" title="Tienda de demostración (sandbox)">
          Esta tienda {name} está simulada dentro de Envíos MX para que pruebes la conexión: sus clientes, pedidos y pagos son ficticios.
        </Alert>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <IconStore size={32} aria-hidden style={{ flexShrink: 0 }} />
            <div>
              <Title order={1} size="h2">
                Tienda demo de {name}
              </Title>
              <Text size="sm" c="dimmed">
                {connected ? 'Conectada con Envíos MX: cada pedido nuevo llega a Mis Envíos › E-Commerce.' : 'Aún no está conectada con Envíos MX.'}
              </Text>
            </div>
          </Group>
          <Group gap="xs">
            <Button component={Link} to={connected ? links.orders : links.integrations} variant="light">
              {connected ? 'Ver pedidos en Envíos MX' : 'Conectar en Integraciones'}
            </Button>
          </Group>
        </Group>

        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Hacer un pedido de prueba
            </Title>
            <Text size="sm">Un cliente ficticio compra en tu tienda y paga; el aviso del pedido llega a Envíos MX en unos segundos.</Text>
            <Group gap="xs">
              <Button color="grape" onClick={() => place.run('normal')} loading={place.isPending && place.variables === 'normal'} disabled={place.isPending}>
                Hacer un pedido de prueba
              </Button>
              <Button
                variant="light"
                color="grape"
                onClick={() => place.run('unknown_postal_code')}
                loading={place.isPending && place.variables === 'unknown_postal_code'}
                disabled={place.isPending}
              >
                Pedido con C.P. inexistente
              </Button>
            </Group>
            {place.isSuccess && place.data && (
              <Text size="sm" role="status">
                Pedido {place.data.number.startsWith('#') ? place.data.number : `#${place.data.number}`} de {place.data.customer} recibido en la tienda.
              </Text>
            )}
            {place.isError && (
              <Alert color="red" variant="light" role="alert">
                {place.error?.message}
              </Alert>
            )}
          </Stack>
        </Card>

        <Title order={2} size="h4">
          Pedidos de la tienda
        </Title>
        {store.isPending && <Loader aria-label="Cargando la tienda demo" />}
        {store.isError && (
          <Alert color="red" variant="light" role="alert">
            {store.error?.message}
          </Alert>
        )}
        {store.data?.orders.length === 0 && <Text c="dimmed">La tienda aún no tiene pedidos.</Text>}
        {store.data?.orders.map((o) => (
          <OrderCard key={o.id} order={o} trackingHref={links.tracking} />
        ))}
      </Stack>
    </Container>
  );
}
