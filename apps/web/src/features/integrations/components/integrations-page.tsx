import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { handshakeReturnMessages, type StoreConnection } from '@envios/contracts/integrations';
import { IconStore } from '@/components/ui/icons';
import { ApiRequestError } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { useConnectWooCommerce } from '../api/connect-woocommerce';
import { useDisconnectStore } from '../api/disconnect-store';
import { integrationsQueryKeyRoot, useStores } from '../api/get-stores';
import { ConnectStoreModal } from './connect-store-modal';
import { StoreCard } from './store-card';

export interface IntegrationsPageProps {
  userId: string;
  links: { demoStore: string; orders: string };
  /** Goes to a store's consent page (tests replace it). */
  onLeave?: (url: string) => void;
}

/**
 * /integrations 'Integraciones': the connected toggle for WooCommerce and its connect
 * modal, each store's health with 'Reconectar', and the demo store for trying it all without one.
 */
export function IntegrationsPage({ userId, links, onLeave }: IntegrationsPageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A real store's page is another site (a full page load); the demo store's is one of ours.
  const leave =
    onLeave ??
    ((url: string) => {
      const target = new URL(url, window.location.href);
      if (target.origin === window.location.origin) void navigate(`${target.pathname}${target.search}`);
      else window.location.assign(url);
    });
  const stores = useStores(userId);
  const connectDemo = useConnectWooCommerce();
  const disconnectAll = useDisconnectStore();
  const [params, setParams] = useSearchParams();
  const [modal, setModal] = useState<{ initial?: { store_url: string; app_name: string } } | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  // Back from the store's consent page: ?success=1|0&user_id=… (WooCommerce adds them).
  const [returned, setReturned] = useState<'approved' | 'denied' | null>(() => {
    const success = params.get('success');
    return success === null ? null : success === '1' ? 'approved' : 'denied';
  });
  // The answer is read once (a reload should not say it again), and the stores are read afresh.
  useEffect(() => {
    if (!params.has('success')) return;
    setParams(new URLSearchParams(), { replace: true });
    void readAgainAfterChange(queryClient, [integrationsQueryKeyRoot]);
  }, [params, setParams, queryClient]);

  const list = stores.data?.data ?? [];
  const connected = list.length > 0;
  const demoUrl = stores.data?.demo_store_url ?? '';
  const hasDemo = list.some((s) => s.sandbox);

  function reconnect(store: StoreConnection) {
    setModal({ initial: { store_url: store.store_url, app_name: store.app_name } });
  }

  // A failure is shown from the mutation's state, under the button.
  function tryDemo() {
    connectDemo.mutate({ store_url: demoUrl, app_name: 'Tienda demo', user_id: userId }, { onSuccess: ({ url_auth }) => leave(url_auth) });
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Integraciones</Title>
      {returned && (
        <Alert
          color={returned === 'approved' ? 'green' : 'orange'}
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setReturned(null)}
          title={returned === 'approved' ? 'Tienda conectada' : 'No se conectó la tienda'}
        >
          {handshakeReturnMessages[returned]}
        </Alert>
      )}

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="woocommerce-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <IconStore size={32} aria-hidden style={{ flexShrink: 0 }} />
              <div>
                <Title order={2} size="h3" id="woocommerce-title">
                  WooCommerce
                </Title>
                <Text size="sm" c="dimmed">
                  Tus pedidos llegan solos a Mis Envíos › E-Commerce y el rastreo vuelve a cada pedido.
                </Text>
              </div>
            </Group>
            <Switch
              size="md"
              label={connected ? 'Conectada' : 'Desconectada'}
              checked={connected}
              disabled={stores.isPending}
              onChange={(event) => (event.currentTarget.checked ? setModal({}) : setConfirmOff(true))}
              aria-describedby="woocommerce-title"
            />
          </Group>
          <Group gap="xs">
            <Button onClick={() => setModal({})}>Conectar tienda</Button>
          </Group>
        </Stack>
      </Card>

      {stores.isPending && (
        <Group justify="center" py="md">
          <Loader aria-label="Cargando tus tiendas" />
        </Group>
      )}
      {stores.isError && (
        <Alert color="red" variant="light" role="alert" title="No pudimos cargar tus tiendas">
          {stores.error.message}
        </Alert>
      )}
      {list.map((store) => (
        <StoreCard key={store._id} store={store} userId={userId} onReconnect={reconnect} links={links} />
      ))}

      {stores.isSuccess && !hasDemo && (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="demo-title" bg="var(--mantine-color-grape-0)">
          <Stack gap="sm">
            <Group gap="xs">
              <Title order={2} size="h4" id="demo-title">
                {connected ? 'Practica con la tienda demo' : '¿Aún no tienes tienda? Prueba con la tienda demo'}
              </Title>
              <Badge color="grape" variant="light" tt="none">
                Demostración
              </Badge>
            </Group>
            <Text size="sm">
              Una tienda WooCommerce simulada dentro de Envíos MX: no es una tienda real y nada se vende. Conéctala igual que la tuya, haz un pedido de
              prueba, genera su guía y mira cómo el rastreo llega al pedido.
            </Text>
            {connectDemo.isError && (
              <Alert color="red" variant="light" role="alert">
                {connectDemo.error instanceof ApiRequestError ? connectDemo.error.message : 'No pudimos iniciar la conexión con la tienda demo.'}
              </Alert>
            )}
            <Group>
              <Button color="grape" variant="light" onClick={tryDemo} loading={connectDemo.isPending} disabled={!demoUrl}>
                Conectar la tienda demo
              </Button>
            </Group>
          </Stack>
        </Card>
      )}

      <ConnectStoreModal
        opened={modal !== null}
        onClose={() => setModal(null)}
        userId={userId}
        initial={modal?.initial}
        httpsCallbacks={stores.data?.https_callbacks ?? true}
        onLeave={leave}
      />

      <Modal opened={confirmOff} onClose={() => setConfirmOff(false)} title="¿Desconectar tus tiendas?" centered size="sm">
        <Stack>
          <Text size="sm">Dejaremos de recibir los pedidos de todas tus tiendas WooCommerce y de escribirles el rastreo. Los pedidos ya recibidos se quedan.</Text>
          {disconnectAll.isError && (
            <Alert color="red" variant="light" role="alert">
              {disconnectAll.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmOff(false)} data-autofocus>
              Cancelar
            </Button>
            <Button color="red" loading={disconnectAll.isPending} onClick={() => disconnectAll.mutate({ userId }, { onSuccess: () => setConfirmOff(false) })}>
              Desconectar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
