import { Link, useLocation } from 'react-router';
import { Alert, Anchor, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { NO_OVERWEIGHT, payableTotal, type OwedOverweight, type PayableShipment } from '../utils/payable';
import { redirectBrowser, type Redirect } from '../utils/result-links';
import { isPaypalCancelled } from '../utils/return-to';
import { ShipmentOpenPayments } from './open-payment';
import { PaymentMethodChoice } from './payment-method-choice';
import { ManyShipmentsSummary, SingleShipmentSummary } from './payment-summary';

/** The shipments to pay, as the route loaded them. */
export type PayableLoad =
  { status: 'pending' } | { status: 'error'; message: string } | { status: 'ready'; shipments: PayableShipment[]; overweight?: OwedOverweight };

export interface PaymentCheckoutProps {
  /** 'one': /payments/{id} (PayPal, card, OXXO, Monedero); 'many': /payment/shipments/many (OXXO, Monedero, PayPal). */
  variant: 'one' | 'many';
  load: PayableLoad;
  /** The signed-in buyer: whose Monedero pays, and where the guide is mailed. */
  userId: string;
  email: string;
  /** Sends the browser to PayPal (tests pass a spy). */
  redirect?: Redirect;
  /** 'Bloquear compras': paying is refused, and the page says why before anyone tries. */
  purchasesBlocked?: boolean;
}

export function PaymentCheckout({ variant, load, userId, email, redirect = redirectBrowser, purchasesBlocked = false }: PaymentCheckoutProps) {
  const location = useLocation();
  const shipments = load.status === 'ready' ? load.shipments : [];
  const overweight = (load.status === 'ready' && load.overweight) || NO_OVERWEIGHT;
  const { unpaid, centavos, overweightCentavos } = payableTotal(shipments, overweight);
  const overweightShown = { folios: overweight.folios, centavos: overweightCentavos };
  const nothingToPay = load.status === 'ready' && unpaid.length === 0;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>{variant === 'one' ? 'Pagar envío' : 'Pagar envíos'}</Title>
          <Anchor component={Link} to={paths.shipments} fw={600}>
            Cancelar
          </Anchor>
        </Group>

        {isPaypalCancelled(location.state) && (
          <Alert color="blue" variant="light" role="status" title="Cancelaste el pago con PayPal">
            No se hizo ningún cargo. Puedes elegir otro método o intentarlo de nuevo.
          </Alert>
        )}

        {load.status === 'pending' && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Cargando tu resumen de pago…</Text>
          </Group>
        )}
        {load.status === 'error' && (
          <Alert color="red" variant="light" role="alert" title="No pudimos mostrar el pago">
            {load.message}
          </Alert>
        )}

        {load.status === 'ready' && (
          <>
            {variant === 'one' && shipments[0] ? (
              <SingleShipmentSummary shipment={shipments[0]} overweight={overweightShown} />
            ) : (
              <ManyShipmentsSummary shipments={shipments} totalCentavos={centavos} overweight={overweightShown} />
            )}

            {/* An OXXO reference or a PayPal order still open for these shipments comes first. */}
            <ShipmentOpenPayments shipmentIds={shipments.map((s) => s.id)} />

            {variant === 'many' && unpaid.length < shipments.length && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="note" title="Información Preventiva">
                {shipments.length - unpaid.length === 1
                  ? 'Uno de los envíos seleccionados ya está pagado; no se incluye en el total.'
                  : `${shipments.length - unpaid.length} de los envíos seleccionados ya están pagados; no se incluyen en el total.`}
              </Alert>
            )}
            {nothingToPay && (
              <Alert color="green" variant="light" role="status" title={variant === 'one' ? 'Este envío ya está pagado' : 'Estos envíos ya están pagados'}>
                No hay nada pendiente de pago. Encuentra tus guías en Mis Envíos.
              </Alert>
            )}
            {!nothingToPay && (
              <PaymentMethodChoice
                variant={variant}
                shipments={shipments}
                overweight={overweight}
                userId={userId}
                email={email}
                redirect={redirect}
                purchasesBlocked={purchasesBlocked}
              />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
