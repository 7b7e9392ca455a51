import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { handshakeReturnMessages, installReturnMessages, type StoreConnection } from '@envios/contracts/integrations';
import { IconStore } from '@/components/ui/icons';
import { ApiRequestError } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { useConnectWooCommerce } from '../api/connect-woocommerce';
import { useDisconnectStore } from '../api/disconnect-store';
import { integrationsQueryKeyRoot, useStores } from '../api/get-stores';
import { useStartStoreInstall, type OAuthPlatform } from '../api/start-store-install';
import { ConnectStoreModal } from './connect-store-modal';
import { ShopifyConnectModal } from './shopify-connect-modal';
import { StoreCard } from './store-card';

type InstallReturn = keyof typeof installReturnMessages;
/** Long labels wrap on a phone instead of being cut. */
const WRAP = { root: { height: 'auto', minHeight: 36, paddingBlock: 6 }, label: { whiteSpace: 'normal' as const } };
const isInstallReturn = (v: string | null): v is InstallReturn => v !== null && Object.hasOwn(installReturnMessages, v);

export interface IntegrationsPageProps {
  userId: string;
  links: { demoStore: string; orders: string; demoStores: Record<OAuthPlatform, string> };
  /** Goes to a store's consent page (tests replace it). */
  onLeave?: (url: string) => void;
}

/**
 * /integrations 'Integraciones': WooCommerce (its toggle and connect modal), Shopify (install by
 * the shop's domain, or a custom app's token) and Tiendanube (authorization); each store's
 * platform, health and 'Reconectar'; and a demo store of each platform to try it all without one.
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
  const install = useStartStoreInstall();
  const [shopify, setShopify] = useState<{ shop?: string } | null>(null);
  const disconnectAll = useDisconnectStore();
  const [params, setParams] = useSearchParams();
  const [modal, setModal] = useState<{ initial?: { store_url: string; app_name: string } } | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  // Back from the store's consent page: ?success=1|0&user_id=… (WooCommerce adds them).
  const [returned, setReturned] = useState<'approved' | 'denied' | null>(() => {
    const success = params.get('success');
    return success === null ? null : success === '1' ? 'approved' : 'denied';
  });
  // Back from Shopify's or Tiendanube's install: ?tienda=conectada|rechazada|invalida|error.
  const [installed, setInstalled] = useState<InstallReturn | null>(() => {
    const value = params.get('tienda');
    return isInstallReturn(value) ? value : null;
  });
  // The answer is read once (a reload should not say it again), and the stores are read afresh.
  useEffect(() => {
    if (!params.has('success') && !params.has('tienda')) return;
    setParams(new URLSearchParams(), { replace: true });
    void readAgainAfterChange(queryClient, [integrationsQueryKeyRoot]);
  }, [params, setParams, queryClient]);

  const list = stores.data?.data ?? [];
  const wooStores = list.filter((s) => s.ecommerce_type === 'woocommerce');
  const connected = wooStores.length > 0;
  const demoUrl = stores.data?.demo_store_url ?? '';
  const hasDemo = (platform: string) => list.some((s) => s.sandbox && s.ecommerce_type === platform);
  const demosLeft = (['woocommerce', 'shopify', 'tiendanube'] as const).filter((p) => !hasDemo(p));

  function startInstall(platform: OAuthPlatform, sandbox: boolean) {
    install.mutate({ platform, sandbox }, { onSuccess: ({ url_auth }) => leave(url_auth) });
  }

  function reconnect(store: StoreConnection) {
    if (store.ecommerce_type === 'shopify' && !store.sandbox) setShopify({ shop: new URL(store.store_url).host });
    else if (store.ecommerce_type === 'shopify' || store.ecommerce_type === 'tiendanube') startInstall(store.ecommerce_type, store.sandbox);
    else setModal({ initial: { store_url: store.store_url, app_name: store.app_name } });
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

      {installed && (
        <Alert
          color={installReturnMessages[installed].ok ? 'green' : 'orange'}
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setInstalled(null)}
          title={installReturnMessages[installed].title}
        >
          {installReturnMessages[installed].text}
        </Alert>
      )}
      {install.isError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="No pudimos iniciar la conexión"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => install.reset()}
        >
          {install.error.message}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
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
              <Button onClick={() => setModal({})}>Conectar WooCommerce</Button>
            </Group>
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="shopify-title">
          <Stack gap="sm" h="100%" justify="space-between">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconStore size={32} aria-hidden style={{ flexShrink: 0 }} />
              <div>
                <Title order={2} size="h3" id="shopify-title">
                  Shopify
                </Title>
                <Text size="sm" c="dimmed">
                  Instala Envíos MX con el dominio de tu tienda, o pega el token de una app personalizada. Tus pedidos pagados llegan solos y Shopify avisa al
                  comprador con la guía.
                </Text>
              </div>
            </Group>
            <Group gap="xs">
              <Button onClick={() => setShopify({})}>Conectar Shopify</Button>
            </Group>
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tiendanube-title">
          <Stack gap="sm" h="100%" justify="space-between">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconStore size={32} aria-hidden style={{ flexShrink: 0 }} />
              <div>
                <Title order={2} size="h3" id="tiendanube-title">
                  Tiendanube
                </Title>
                <Text size="sm" c="dimmed">
                  Autoriza a Envíos MX en Tiendanube y vuelve aquí. Tus pedidos pagados llegan solos y Tiendanube avisa al comprador con la guía.
                </Text>
              </div>
            </Group>
            <Group gap="xs">
              <Button
                onClick={() => startInstall('tiendanube', false)}
                loading={install.isPending && install.variables.platform === 'tiendanube' && !install.variables.sandbox}
              >
                Conectar Tiendanube
              </Button>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>

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

      {stores.isSuccess && demosLeft.length > 0 && (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="demo-title" bg="var(--mantine-color-grape-0)">
          <Stack gap="sm">
            <Group gap="xs">
              <Title order={2} size="h4" id="demo-title">
                {list.length > 0 ? 'Practica con las tiendas demo' : '¿Aún no tienes tienda? Prueba con una tienda demo'}
              </Title>
              <Badge color="grape" variant="light" tt="none">
                Demostración (sandbox)
              </Badge>
            </Group>
            <Text size="sm">
              Tiendas WooCommerce, Shopify y Tiendanube simuladas dentro de Envíos MX: no son tiendas reales y nada se vende. Conéctalas igual que la tuya, haz
              un pedido de prueba, deja que tu regla de envío compre la guía (o genéralas tú) y mira cómo el rastreo llega al pedido.
            </Text>
            {connectDemo.isError && (
              <Alert color="red" variant="light" role="alert">
                {connectDemo.error instanceof ApiRequestError ? connectDemo.error.message : 'No pudimos iniciar la conexión con la tienda demo.'}
              </Alert>
            )}
            <Group gap="xs">
              {demosLeft.includes('woocommerce') && (
                <Button color="grape" variant="light" styles={WRAP} onClick={tryDemo} loading={connectDemo.isPending} disabled={!demoUrl}>
                  Conectar la tienda demo de WooCommerce
                </Button>
              )}
              {demosLeft.includes('shopify') && (
                <Button
                  color="grape"
                  variant="light"
                  styles={WRAP}
                  onClick={() => startInstall('shopify', true)}
                  loading={install.isPending && install.variables.platform === 'shopify' && install.variables.sandbox === true}
                >
                  Conectar la tienda demo de Shopify
                </Button>
              )}
              {demosLeft.includes('tiendanube') && (
                <Button
                  color="grape"
                  variant="light"
                  styles={WRAP}
                  onClick={() => startInstall('tiendanube', true)}
                  loading={install.isPending && install.variables.platform === 'tiendanube' && install.variables.sandbox === true}
                >
                  Conectar la tienda demo de Tiendanube
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      )}

      <ShopifyConnectModal opened={shopify !== null} onClose={() => setShopify(null)} initialShop={shopify?.shop} onLeave={leave} />

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
          <Text size="sm">
            Dejaremos de recibir los pedidos de todas tus tiendas WooCommerce y de escribirles el rastreo. Los pedidos ya recibidos se quedan.
          </Text>
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
