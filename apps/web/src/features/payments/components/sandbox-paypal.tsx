import { useState } from 'react';
import { Alert, Badge, Button, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { useActOnSandboxOrder, type SandboxAction } from '../api/act-on-sandbox-order';
import { useSandboxOrder } from '../api/get-sandbox-order';
import { errorMessage } from '../utils/errors';
import { redirectBrowser, type Redirect } from '../utils/result-links';

export interface SandboxPaypalProps {
  orderId: string;
  redirect?: Redirect;
}

const ACTIONS: { action: SandboxAction; label: string; variant: 'filled' | 'light' | 'default'; color?: string }[] = [
  { action: 'approve', label: 'Aprobar pago', variant: 'filled' },
  { action: 'decline', label: 'Rechazar tarjeta', variant: 'light', color: 'red' },
  { action: 'cancel', label: 'Cancelar', variant: 'default' },
];

/**
 * /sandbox/paypal/{orderId}: stands in for PayPal's approval page while the sandbox provider is
 * active, so every payment journey runs end to end without real money.
 */
export function SandboxPaypal({ orderId, redirect = redirectBrowser }: SandboxPaypalProps) {
  const order = useSandboxOrder(orderId);
  const act = useActOnSandboxOrder();
  const [chosen, setChosen] = useState<SandboxAction | null>(null);
  const [leaving, setLeaving] = useState(false);

  async function run(action: SandboxAction) {
    setChosen(action);
    try {
      const answer = await act.mutateAsync({ orderId, action });
      setLeaving(true);
      redirect(answer.redirect);
    } catch {
      setChosen(null);
    }
  }

  const busy = act.isPending || leaving;
  // Like PayPal's: an order can be approved (again) until it is captured or voided.
  const approvable = order.data !== undefined && order.data.status !== 'COMPLETED' && order.data.status !== 'VOIDED';

  return (
    <Container size="xs" py={60}>
      <Stack gap="lg">
        <Alert color="grape" variant="filled" role="note" title="Entorno de pruebas — no se cobra dinero real">
          Esta página simula la aprobación de PayPal. Nada de lo que hagas aquí mueve dinero.
        </Alert>
        <Card withBorder radius="lg" padding="xl">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={1} size="h2">
                PayPal
              </Title>
              <Badge color="grape" variant="light">
                SANDBOX
              </Badge>
            </Group>
            {order.isPending ? (
              <Center role="status" aria-label="Cargando la orden">
                <Loader />
              </Center>
            ) : order.isError ? (
              <Alert color="red" variant="light" role="alert" title="No encontramos esta orden">
                {errorMessage(order.error, 'La orden no existe o el entorno de pruebas de PayPal no está activo.')}
              </Alert>
            ) : (
              <>
                <Stack gap={2}>
                  <Text size="sm" c="dimmed">
                    {order.data.card ? 'Pago con tarjeta a través de PayPal' : 'Pago con PayPal'}
                  </Text>
                  <Text fw={800} size="xl">
                    {formatMXN(toCentavos(order.data.amount))}
                  </Text>
                  <Text>{order.data.description}</Text>
                  <Text size="xs" c="dimmed">
                    Orden {order.data.order_id}
                  </Text>
                </Stack>
                {!approvable && (
                  <Alert color="yellow" variant="light" role="status">
                    Esta orden ya no espera aprobación (estado: {order.data.status}).
                  </Alert>
                )}
                <Stack gap="sm">
                  {ACTIONS.map((a) => (
                    <Button
                      key={a.action}
                      variant={a.variant}
                      color={a.color}
                      onClick={() => void run(a.action)}
                      disabled={!approvable || (busy && chosen !== a.action)}
                      loading={busy && chosen === a.action}
                    >
                      {a.label}
                    </Button>
                  ))}
                </Stack>
                {act.isError && (
                  <Alert color="red" variant="light" role="alert">
                    {errorMessage(act.error, 'No pudimos completar la acción. Intenta de nuevo.')}
                  </Alert>
                )}
              </>
            )}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
