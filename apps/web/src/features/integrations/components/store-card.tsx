import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Card, Group, List, Modal, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { connectionStateLabels, type StoreConnection } from '@envios/contracts/integrations';
import { IconAlertTriangle, IconStore } from '@/components/ui/icons';
import { useDisconnectStore } from '../api/disconnect-store';
import { useSyncStore } from '../api/sync-store';
import { useUpdateStore } from '../api/update-store';
import { exactTime, timeAgo } from '../utils/time';
import { StoreRuleModal } from './store-rule-modal';

export interface StoreCardProps {
  store: StoreConnection;
  userId: string;
  onReconnect: (store: StoreConnection) => void;
  links: { demoStore: string; orders: string; demoStores: Record<'shopify' | 'tiendanube', string> };
}

const PLATFORM_NAMES: Readonly<Record<string, string>> = { woocommerce: 'WooCommerce', shopify: 'Shopify', tiendanube: 'Tiendanube' };

/**
 * Where the seller knows the store by: its address (WooCommerce, the shop's myshopify.com domain),
 * or, for Tiendanube, whose connection keeps the API's address, the store number its admin shows.
 */
export function storeAddress(store: Pick<StoreConnection, 'ecommerce_type' | 'store_url' | 'sandbox'>): string {
  if (store.ecommerce_type === 'tiendanube') {
    const number = /\/(\d+)\/?$/.exec(store.store_url)?.[1];
    const where = store.sandbox ? 'simulada en Envíos MX' : 'en Tiendanube';
    return number ? `Tienda n.º ${number} ${where}` : `Tienda ${where}`;
  }
  return store.store_url.replace(/^https?:\/\//, '').replace(/\/+$/, '');
}

function Fact({ label, iso, never }: { label: string; iso: string | null; never?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" title={exactTime(iso)}>
        {timeAgo(iso, never)}
      </Text>
    </div>
  );
}

/** One connected store: its state, health (last order, webhook and sync, failures of 24 h) and actions. */
export function StoreCard({ store, userId, onReconnect, links }: StoreCardProps) {
  const disconnect = useDisconnectStore();
  const sync = useSyncStore();
  const update = useUpdateStore();
  const [confirm, setConfirm] = useState(false);
  const [ruleOpen, setRuleOpen] = useState(false);
  const [synced, setSynced] = useState<string | null>(null);
  const health = store.health;
  const needsReconnect = store.state === 'needs_reconnect';
  const titleId = `tienda-${store._id}`;
  const isWoo = store.ecommerce_type === 'woocommerce';
  const demoLink = store.ecommerce_type === 'shopify' || store.ecommerce_type === 'tiendanube' ? links.demoStores[store.ecommerce_type] : links.demoStore;

  function runSync() {
    setSynced(null);
    sync.mutate(store._id, {
      onSuccess: (answer) =>
        setSynced(
          answer.queued ? 'Buscando pedidos en tu tienda; en unos segundos verás el resultado.' : 'Ya hay una sincronización en curso; espera un minuto.',
        ),
    });
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconStore size={28} aria-hidden style={{ flexShrink: 0 }} />
            <div style={{ minWidth: 0 }}>
              <Title order={3} size="h4" id={titleId}>
                {store.app_name}
              </Title>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {storeAddress(store)}
              </Text>
            </div>
          </Group>
          <Group gap={6}>
            <Badge color="gray" variant="light" tt="none">
              {PLATFORM_NAMES[store.ecommerce_type] ?? store.ecommerce_type}
            </Badge>
            {store.sandbox && (
              <Badge color="grape" variant="light" tt="none">
                Tienda demo
              </Badge>
            )}
            <Badge color={needsReconnect ? 'red' : 'green'} variant="light" tt="none">
              {connectionStateLabels[store.state]}
            </Badge>
          </Group>
        </Group>

        {needsReconnect && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Tu tienda ya no acepta nuestras llaves">
            Seguimos recibiendo sus pedidos, pero no podemos escribir el rastreo ni buscar pedidos perdidos hasta que la vuelvas a conectar. El rastreo
            pendiente se enviará al reconectar.
          </Alert>
        )}
        {!needsReconnect && health.failing_since && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Tenemos problemas para comunicarnos con tu tienda">
            Desde {exactTime(health.failing_since)}. Lo seguimos intentando; si pasa de una hora te avisamos por correo.
          </Alert>
        )}
        {!store.webhooks_ready && !needsReconnect && (
          <Text size="sm" c="dimmed" role="status">
            Configurando los avisos de pedidos en tu tienda…
          </Text>
        )}

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Último pedido" iso={health.last_order_at} never="Ninguno aún" />
          <Fact label="Último aviso" iso={health.last_webhook_at} never="Ninguno aún" />
          <Fact label="Última sincronización" iso={health.last_sync_at} />
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Fallas en 24 h
            </Text>
            <Text size="sm" c={health.failures_24h > 0 ? 'red' : undefined}>
              {health.failures_24h === 0 ? 'Ninguna' : health.failures_24h}
            </Text>
          </div>
        </SimpleGrid>

        {health.recent_failures.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              Últimas fallas
            </Text>
            <List size="sm" spacing={4}>
              {health.recent_failures.map((f) => (
                <List.Item key={`${f.at}-${f.reason}`}>
                  <Text span size="sm" c="dimmed" title={exactTime(f.at)}>
                    {timeAgo(f.at)}:{' '}
                  </Text>
                  {f.reason}
                </List.Item>
              ))}
            </List>
          </div>
        )}

        {isWoo && (
          <Switch
            label="Marcar el pedido como completado cuando se entregue"
            description="Además, cada cambio de estado se escribe en el pedido como nota para tu cliente, con la guía y el enlace de rastreo."
            checked={store.complete_on_delivery}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ id: store._id, completeOnDelivery: event.currentTarget.checked })}
          />
        )}

        {synced && (
          <Text size="sm" role="status" c="dimmed">
            {synced}
          </Text>
        )}
        {sync.isError && (
          <Text size="sm" role="alert" c="red.8">
            {sync.error.message}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Button variant={needsReconnect ? 'filled' : 'light'} color={needsReconnect ? 'red' : undefined} onClick={() => onReconnect(store)}>
            Reconectar
          </Button>
          <Button variant="light" onClick={() => setRuleOpen(true)}>
            Regla de envío
          </Button>
          <Button variant="light" onClick={runSync} loading={sync.isPending} disabled={needsReconnect}>
            Sincronizar ahora
          </Button>
          <Button component={Link} to={links.orders} variant="subtle">
            Ver pedidos
          </Button>
          {store.sandbox && (
            <Button component={Link} to={demoLink} variant="subtle">
              Abrir la tienda demo
            </Button>
          )}
          <Button variant="subtle" color="red" onClick={() => setConfirm(true)}>
            Desconectar
          </Button>
        </Group>
        {isWoo && store.key_hint && (
          <Text size="xs" c="dimmed">
            Llave de API en tu tienda: {store.key_hint}. Al desconectar borramos nuestra copia y los avisos de pedidos; la llave puedes revocarla en WooCommerce
            › Ajustes › Avanzado › API REST.
          </Text>
        )}
      </Stack>

      <StoreRuleModal store={store} opened={ruleOpen} onClose={() => setRuleOpen(false)} />

      <Modal opened={confirm} onClose={() => setConfirm(false)} title="¿Desconectar la tienda?" centered size="sm">
        <Stack>
          <Text size="sm">
            Dejaremos de recibir los pedidos de {store.app_name} y de escribirles el rastreo. Los pedidos que ya recibimos se quedan en Mis Envíos.
          </Text>
          {disconnect.isError && (
            <Alert color="red" variant="light" role="alert">
              {disconnect.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)} data-autofocus>
              Cancelar
            </Button>
            <Button
              color="red"
              loading={disconnect.isPending}
              onClick={() => disconnect.mutate({ userId, connectionId: store._id }, { onSuccess: () => setConfirm(false) })}
            >
              Desconectar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
