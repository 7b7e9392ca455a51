import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import type { DemoOrder } from '@envios/contracts/integrations';
import { IconStore } from '@/components/ui/icons';
import { formatDateTime } from '@/lib/dates';
import { usePlaceDemoOrder, useDemoStore } from '../api/demo-store';

export interface DemoStorePageProps {
  links: { integrations: string; orders: string; tracking: (guide: string) => string };
}

function OrderCard({ order, trackingHref }: { order: DemoOrder; trackingHref: (guide: string) => string }) {
  const titleId = `pedido-demo-${order.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            Pedido #{order.number} · {order.customer}
          </Title>
          <Badge color={order.status === 'completed' ? 'green' : 'blue'} variant="light" tt="none">
            {order.status_label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {formatDateTime(`${order.date_created}Z`)} · {order.city}, C.P. {order.postcode} · {formatMXN(toCentavos(Number(order.total)))}
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
                  {n.customer_note ? 'Nota para el cliente' : 'Nota privada'} · {formatDateTime(`${n.date_created}Z`)}
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

/**
 * /tienda-demo: the demo store's own admin, simulated inside Envíos MX (nothing is sold). A
 * fictitious customer buys with one click; the orders show the notes and tracking we write back.
 */
export function DemoStorePage({ links }: DemoStorePageProps) {
  const store = useDemoStore();
  const place = usePlaceDemoOrder();
  const connected = (store.data?.webhooks ?? 0) > 0;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Alert color="grape" variant="light" title="Tienda de demostración">
          Esta tienda WooCommerce está simulada dentro de Envíos MX para que pruebes la conexión: sus clientes, pedidos y pagos son ficticios.
        </Alert>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <IconStore size={32} aria-hidden style={{ flexShrink: 0 }} />
            <div>
              <Title order={1} size="h2">
                Tienda demo
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
              <Button color="grape" onClick={() => place.mutate('normal')} loading={place.isPending && place.variables === 'normal'} disabled={place.isPending}>
                Hacer un pedido de prueba
              </Button>
              <Button
                variant="light"
                color="grape"
                onClick={() => place.mutate('unknown_postal_code')}
                loading={place.isPending && place.variables === 'unknown_postal_code'}
                disabled={place.isPending}
              >
                Pedido con C.P. inexistente
              </Button>
            </Group>
            {place.isSuccess && (
              <Text size="sm" role="status">
                Pedido #{place.data.number} de {place.data.customer} recibido en la tienda.
              </Text>
            )}
            {place.isError && (
              <Alert color="red" variant="light" role="alert">
                {place.error.message}
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
            {store.error.message}
          </Alert>
        )}
        {store.data?.orders.length === 0 && <Text c="dimmed">La tienda aún no tiene pedidos.</Text>}
        {store.data?.orders.map((o) => <OrderCard key={o.id} order={o} trackingHref={links.tracking} />)}
      </Stack>
    </Container>
  );
}
