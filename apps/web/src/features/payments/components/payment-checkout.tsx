import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Container, Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { paymentErrorCodes, paymentMessages, paymentMethodLabels, type PaymentMethod } from '@envios/contracts/payments';
import { IconAlertTriangle } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useCreatePaypalOrderMany } from '../api/create-paypal-order-many';
import { useCreatePaypalPayment } from '../api/create-paypal-payment';
import { useGuidesAvailability } from '../api/get-guides-availability';
import { usePaymentConfig } from '../api/get-payment-config';
import { useGetPaypalCardLink } from '../api/get-paypal-card-link';
import { useWalletBalance } from '../api/get-wallet-balance';
import { usePayOxxo } from '../api/pay-oxxo';
import { usePayOxxoMany } from '../api/pay-oxxo-many';
import { usePayWithWallet } from '../api/pay-with-wallet';
import { errorCode, errorMessage, paypalErrorText } from '../utils/errors';
import { NO_OVERWEIGHT, payableTotal, type OwedOverweight, type PayableShipment } from '../utils/payable';
import { redirectBrowser, resultHref, type Redirect } from '../utils/result-links';
import { isPaypalCancelled, rememberReturnTo } from '../utils/return-to';
import { ManyShipmentsSummary, SingleShipmentSummary } from './payment-summary';

/** The shipments to pay, as the route loaded them. */
export type PayableLoad =
  | { status: 'pending' }
  | { status: 'error'; message: string }
  | { status: 'ready'; shipments: PayableShipment[]; overweight?: OwedOverweight };

export interface PaymentCheckoutProps {
  /** 'one': /payments/{id} (PayPal, card, OXXO, Monedero); 'many': /payment/shipments/many (OXXO, Monedero, PayPal). */
  variant: 'one' | 'many';
  load: PayableLoad;
  /** The signed-in buyer: whose Monedero pays, and where the guide is mailed. */
  userId: string;
  email: string;
  /** Sends the browser to PayPal (tests pass a spy). */
  redirect?: Redirect;
}

const PAY_LABELS: Record<PaymentMethod, string> = {
  paypal: 'Pagar con PayPal',
  'paypal-plus': 'Pagar con tarjeta',
  oxxo: 'Generar referencia OXXO',
  monedero: 'Pagar con Monedero',
};

function isProviderFailure(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status >= 500 || error.body.code === paymentErrorCodes.declined);
}

/** PayPal's refusal carries `details` and `debug_id` beside our message (spec 02 §8 'PayPal order creation error'). */
function paypalFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const body = error.body as typeof error.body & { details?: { issue: string; description: string }[]; debug_id?: string };
    const detail = paypalErrorText(body);
    return detail ? `${errorMessage(error)} (${detail})` : errorMessage(error);
  }
  return errorMessage(error, 'No pudimos conectar con PayPal. Intenta de nuevo.');
}

/**
 * The payment screens of spec 02 §2 with the transitions of §4: a summary, the method choice and
 * one button. The server is the judge of every amount; this screen only shows what it will charge.
 */
export function PaymentCheckout({ variant, load, userId, email, redirect = redirectBrowser }: PaymentCheckoutProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const shipments = load.status === 'ready' ? load.shipments : [];
  const overweight = (load.status === 'ready' && load.overweight) || NO_OVERWEIGHT;
  const { unpaid, centavos, overweightCentavos } = payableTotal(shipments, overweight);
  const overweightShown = { folios: overweight.folios, centavos: overweightCentavos };
  const unpaidIds = unpaid.map((s) => s.id);

  const config = usePaymentConfig();
  const availability = useGuidesAvailability(unpaidIds);
  const balance = useWalletBalance(userId);
  const paypalOne = useCreatePaypalPayment();
  const paypalMany = useCreatePaypalOrderMany();
  const card = useGetPaypalCardLink();
  const oxxoOne = usePayOxxo();
  const oxxoMany = usePayOxxoMany();
  const wallet = usePayWithWallet();

  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [noGuidesAnswer, setNoGuidesAnswer] = useState(false);
  // The browser is on its way to PayPal: keep everything still until it leaves.
  const [leaving, setLeaving] = useState(false);

  const busy = leaving || paypalOne.isPending || paypalMany.isPending || card.isPending || oxxoOne.isPending || oxxoMany.isPending || wallet.isPending;
  const noGuides = noGuidesAnswer || availability.data?.available === false;
  const balanceCentavos = balance.data ? toCentavos(balance.data.total_amount) : null;
  const walletShort = balanceCentavos === null || balanceCentavos < centavos;
  const cardEnabled = variant === 'one' && config.data?.card.enabled === true;
  // A method the server switched off (production without its keys) is not offered.
  const offered = (m: PaymentMethod) => (m === 'oxxo' ? config.data?.oxxo.enabled !== false : m === 'monedero' || config.data?.paypal.enabled !== false);
  const methods: PaymentMethod[] = (variant === 'one' ? (['paypal', ...(cardEnabled ? (['paypal-plus'] as const) : []), 'oxxo', 'monedero'] as PaymentMethod[]) : (['oxxo', 'monedero', 'paypal'] as PaymentMethod[])).filter(offered);
  const chosen = method !== null && methods.includes(method) ? method : null;
  const nothingToPay = load.status === 'ready' && unpaid.length === 0;
  const canPay = chosen !== null && !busy && !noGuides && !nothingToPay && load.status === 'ready' && !(chosen === 'monedero' && walletShort);
  const here = `${location.pathname}${location.search}`;

  function leaveFor(paymentId: string, url: string) {
    rememberReturnTo(paymentId, here);
    setLeaving(true);
    redirect(url);
  }

  async function payPaypal() {
    try {
      if (variant === 'one') {
        const answer = await paypalOne.mutateAsync({ shipmentId: unpaidIds[0]!, email });
        if (!answer) {
          setNoGuidesAnswer(true);
          return;
        }
        leaveFor(answer.payment_id, answer.url);
      } else {
        const order = await paypalMany.mutateAsync({ shipments: unpaidIds, email });
        leaveFor(order.payment_id, order.approve_url);
      }
    } catch (error) {
      if (errorCode(error) === paymentErrorCodes.noGuides) setNoGuidesAnswer(true);
      else setFailure(paypalFailure(error));
    }
  }

  async function payCard() {
    try {
      const link = await card.mutateAsync(unpaidIds[0]!);
      leaveFor(link.data.payment_id, link.data.link);
    } catch (error) {
      if (errorCode(error) === paymentErrorCodes.noGuides) setNoGuidesAnswer(true);
      else setFailure(paypalFailure(error));
    }
  }

  async function payOxxo() {
    try {
      const answer = variant === 'one' ? await oxxoOne.mutateAsync({ shipmentId: unpaidIds[0]!, email }) : await oxxoMany.mutateAsync({ shipments: unpaidIds, email });
      if (answer.message === 'ok') {
        await navigate(resultHref(paths.paymentResult('success'), { oxxo: true, reference: answer.reference, email }));
      } else {
        await navigate(resultHref(paths.paymentResult('error'), { oxxo: false }));
      }
    } catch (error) {
      if (errorCode(error) === paymentErrorCodes.noGuides) setNoGuidesAnswer(true);
      else if (isProviderFailure(error)) await navigate(resultHref(paths.paymentResult('error'), { oxxo: false }));
      // The button comes back so the buyer may try again (spec 02 §4).
      else setFailure(errorMessage(error, 'No pudimos generar tu referencia OXXO. Intenta de nuevo.'));
    }
  }

  async function payWallet() {
    try {
      await wallet.mutateAsync({ email, user: userId, shipments: unpaidIds });
      await navigate(resultHref(paths.paymentResult('success'), { monedero: true, email }));
    } catch (error) {
      if (errorCode(error) === paymentErrorCodes.noGuides) {
        setNoGuidesAnswer(true);
        return;
      }
      await navigate(resultHref(paths.paymentResult('error'), { message: errorMessage(error), error: errorCode(error) ?? 'network' }));
    }
  }

  function pay() {
    setFailure(null);
    if (!canPay) return;
    if (chosen === 'paypal') void payPaypal();
    else if (chosen === 'paypal-plus') void payCard();
    else if (chosen === 'oxxo') void payOxxo();
    else void payWallet();
  }

  function methodDescription(m: PaymentMethod): string {
    if (m === 'paypal') return config.data?.paypal.sandbox ? 'Entorno de pruebas: no se cobra dinero real.' : 'Te llevamos a PayPal para aprobar el pago.';
    if (m === 'paypal-plus') return 'Paga con tu tarjeta de crédito o débito a través de PayPal, sin cuenta.';
    if (m === 'oxxo') return 'Te damos una referencia para pagar en efectivo en cualquier tienda OXXO.';
    if (balance.isPending) return 'Consultando tu saldo…';
    if (balance.isError || balanceCentavos === null) return 'No pudimos consultar tu saldo.';
    const text = `Saldo: ${formatMXN(balanceCentavos)}`;
    return walletShort ? `${text}. Tu saldo no alcanza para pagar ${formatMXN(centavos)}.` : text;
  }

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
            {noGuides && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                {paymentMessages.noGuides}
              </Alert>
            )}

            {!nothingToPay && (
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payment-method-title">
                <Group justify="space-between" mb="sm">
                  <Title order={2} size="h4" id="payment-method-title">
                    Método de pago
                  </Title>
                  {(config.data?.paypal.sandbox || config.data?.oxxo.sandbox) && (
                    <Badge color="grape" variant="light">
                      Entorno de pruebas
                    </Badge>
                  )}
                </Group>
                <Radio.Group value={chosen} onChange={(value) => setMethod(value)} label="Elige cómo pagar" aria-describedby="payment-total">
                  <Stack gap="sm" mt="xs">
                    {methods.map((m) => (
                      <Radio
                        key={m}
                        value={m}
                        label={m === 'oxxo' ? 'OXXO' : paymentMethodLabels[m]}
                        description={methodDescription(m)}
                        disabled={busy || noGuides || (m === 'monedero' && walletShort)}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
                <Group justify="space-between" mt="lg">
                  <Text id="payment-total" fw={700}>
                    Total a pagar: {formatMXN(centavos)}
                  </Text>
                  <Button onClick={pay} disabled={!canPay} loading={busy && chosen !== null}>
                    {chosen ? PAY_LABELS[chosen] : 'Pagar'}
                  </Button>
                </Group>
                {failure && (
                  <Alert color="red" variant="light" role="alert" mt="md" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setFailure(null)}>
                    {failure}
                  </Alert>
                )}
              </Card>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
