import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { APP_NAME_MAX, STORE_URL_MAX, wooOauthInputSchema } from '@envios/contracts/integrations';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ApiRequestError } from '@/lib/api-client';
import { useConnectWooCommerce } from '../api/connect-woocommerce';

const formSchema = wooOauthInputSchema.pick({ store_url: true, app_name: true });
type FormOutput = z.output<typeof formSchema>;

export interface ConnectStoreModalProps {
  opened: boolean;
  onClose: () => void;
  userId: string;
  /** 'Reconectar' opens the modal with the store's own URL and name. */
  initial?: { store_url: string; app_name: string } | undefined;
  /** Real stores need an https install; the modal says so before the seller tries. */
  httpsCallbacks: boolean;
  /** Leaves the app for the store's consent page. */
  onLeave: (url: string) => void;
}

/**
 * The connect modal: the store URL and its name. We then send the seller
 * to their store's WooCommerce page, where they approve the keys; they come back to /integrations.
 */
export function ConnectStoreModal({ opened, onClose, userId, initial, httpsCallbacks, onLeave }: ConnectStoreModalProps) {
  const connect = useConnectWooCommerce();
  const form = useZodForm(formSchema, {
    mode: 'onTouched',
    values: initial ?? { store_url: '', app_name: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function submit(values: FormOutput) {
    try {
      const { url_auth } = await connect.mutateAsync({ ...values, user_id: userId });
      onLeave(url_auth);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const issue of error.body.errors ?? []) {
          if (issue.path === 'store_url' || issue.path === 'app_name') form.setError(issue.path, { type: 'server', message: issue.message });
        }
      }
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={initial ? 'Reconectar tienda WooCommerce' : 'Conectar tienda WooCommerce'} centered>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate aria-label="Conectar tienda">
        <Stack>
          <Text size="sm">
            Te llevaremos a tu tienda para que autorices a Envíos MX (permisos de lectura y escritura). Al aprobar, WooCommerce nos entrega las llaves y vuelves
            aquí; no tienes que copiar nada.
          </Text>
          {!httpsCallbacks && (
            <Alert color="yellow" variant="light">
              Esta instalación de Envíos MX no tiene https, y WooCommerce solo entrega las llaves por https: por ahora solo puedes conectar la tienda demo.
            </Alert>
          )}
          <TextInput
            label="URL de la tienda"
            placeholder="https://mitienda.com.mx"
            required
            maxLength={STORE_URL_MAX}
            autoComplete="url"
            inputMode="url"
            data-autofocus
            readOnly={Boolean(initial)}
            {...form.register('store_url')}
            error={errors.store_url?.message}
          />
          <TextInput
            label="Nombre de la tienda"
            placeholder="Mi tienda"
            description="Así la verás en Envíos MX y en tus pedidos."
            required
            maxLength={APP_NAME_MAX}
            {...form.register('app_name')}
            error={errors.app_name?.message}
          />
          {connect.isError && !(connect.error instanceof ApiRequestError && connect.error.body.errors?.length) && (
            <Alert color="red" variant="light" role="alert">
              {connect.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={isSubmitting || connect.isPending}>
              {initial ? 'Reconectar' : 'Conectar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
