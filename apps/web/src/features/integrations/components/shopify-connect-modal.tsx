import { useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { shopifyTokenInputSchema } from '@envios/contracts/integrations';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ApiRequestError } from '@/lib/api-client';
import { usePasteShopifyToken } from '../api/paste-shopify-token';
import { useStartStoreInstall } from '../api/start-store-install';

const installSchema = z.object({ shop: z.string().trim().min(1, { error: 'Escribe el dominio .myshopify.com de tu tienda.' }).max(120) });

export interface ShopifyConnectModalProps {
  opened: boolean;
  onClose: () => void;
  /** 'Reconectar' opens it with the shop's own domain. */
  initialShop?: string | undefined;
  /** Leaves the app for Shopify's install page. */
  onLeave: (url: string) => void;
}

function serverErrors<T extends string>(error: unknown, fields: readonly T[], set: (field: T, message: string) => void): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  let named = false;
  for (const issue of error.body.errors ?? []) {
    if ((fields as readonly string[]).includes(issue.path)) {
      set(issue.path as T, issue.message);
      named = true;
    }
  }
  return named;
}

/**
 * Connect a Shopify store: install our app (the shop's domain, then Shopify's own install page)
 * or, for a custom app created in the store's admin, paste its Admin API token and secret.
 */
export function ShopifyConnectModal({ opened, onClose, initialShop, onLeave }: ShopifyConnectModalProps) {
  const [mode, setMode] = useState<'install' | 'token'>('install');
  const install = useStartStoreInstall();
  const paste = usePasteShopifyToken();
  const installForm = useZodForm(installSchema, { mode: 'onTouched', values: { shop: initialShop ?? '' } });
  const tokenForm = useZodForm(shopifyTokenInputSchema, { mode: 'onTouched', values: { shop: initialShop ?? '', access_token: '', api_secret: '' } });
  const [installUnnamed, setInstallUnnamed] = useState<string | null>(null);
  const [tokenUnnamed, setTokenUnnamed] = useState<string | null>(null);

  async function submitInstall(values: z.output<typeof installSchema>) {
    setInstallUnnamed(null);
    try {
      const { url_auth } = await install.mutateAsync({ platform: 'shopify', shop: values.shop });
      onLeave(url_auth);
    } catch (error) {
      if (!serverErrors(error, ['shop'] as const, (f, m) => installForm.setError(f, { type: 'server', message: m }))) {
        setInstallUnnamed(error instanceof Error ? error.message : 'No pudimos iniciar la instalación.');
      }
    }
  }

  async function submitToken(values: z.output<typeof shopifyTokenInputSchema>) {
    setTokenUnnamed(null);
    try {
      await paste.mutateAsync(values);
      onClose();
    } catch (error) {
      if (!serverErrors(error, ['shop', 'access_token', 'api_secret'] as const, (f, m) => tokenForm.setError(f, { type: 'server', message: m }))) {
        setTokenUnnamed(error instanceof Error ? error.message : 'No pudimos conectar la tienda.');
      }
    }
  }

  const ie = installForm.formState.errors;
  const te = tokenForm.formState.errors;
  return (
    <Modal opened={opened} onClose={onClose} title={initialShop ? 'Reconectar tienda Shopify' : 'Conectar tienda Shopify'} centered>
      <Stack>
        <SegmentedControl
          fullWidth
          value={mode}
          onChange={(v) => setMode(v === 'token' ? 'token' : 'install')}
          data={[
            { value: 'install', label: 'Instalar la aplicación' },
            { value: 'token', label: 'Token de app personalizada' },
          ]}
          aria-label="Cómo conectar"
        />
        {mode === 'install' ? (
          <form onSubmit={(event) => void installForm.handleSubmit(submitInstall)(event)} noValidate aria-label="Instalar en Shopify">
            <Stack>
              <Text size="sm">Te llevaremos a Shopify para que instales Envíos MX en tu tienda; al aprobar vuelves aquí, sin copiar nada.</Text>
              <TextInput
                label="Dominio de tu tienda"
                description="El que termina en .myshopify.com (lo ves en Shopify › Configuración › Dominios)."
                placeholder="mitienda.myshopify.com"
                required
                maxLength={120}
                autoComplete="url"
                data-autofocus
                {...installForm.register('shop')}
                error={ie.shop?.message}
              />
              {installUnnamed && (
                <Alert color="red" variant="light" role="alert">
                  {installUnnamed}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cancelar
                </Button>
                <Button type="submit" loading={install.isPending}>
                  Ir a Shopify
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <form onSubmit={(event) => void tokenForm.handleSubmit(submitToken)(event)} noValidate aria-label="Conectar con token de Shopify">
            <Stack>
              <Text size="sm">
                En Shopify › Configuración › Apps › Desarrollar apps, crea una app con los permisos de pedidos y de órdenes de preparación, instálala y copia
                aquí su token y su clave secreta. Probamos el token con tu tienda antes de guardarlo cifrado.
              </Text>
              <TextInput
                label="Dominio de tu tienda"
                placeholder="mitienda.myshopify.com"
                required
                maxLength={120}
                {...tokenForm.register('shop')}
                error={te.shop?.message}
              />
              <PasswordInput
                label="Token de la API de administración"
                placeholder="shpat_…"
                required
                autoComplete="off"
                {...tokenForm.register('access_token')}
                error={te.access_token?.message}
              />
              <PasswordInput
                label="Clave secreta de la API"
                description="Con ella verificamos los avisos de tu tienda."
                required
                autoComplete="off"
                {...tokenForm.register('api_secret')}
                error={te.api_secret?.message}
              />
              {tokenUnnamed && (
                <Alert color="red" variant="light" role="alert">
                  {tokenUnnamed}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cancelar
                </Button>
                <Button type="submit" loading={paste.isPending}>
                  Conectar
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
