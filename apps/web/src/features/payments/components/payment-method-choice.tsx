import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Badge, Button, Card, Checkbox, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { accountErrorCodes, accountMessages } from '@envios/contracts/accounts';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { paymentErrorCodes, paymentMessages, paymentMethodLabels, type OpenPayment, type PaymentMethod } from '@envios/contracts/payments';
import { IconAlertTriangle } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useCreatePaypalOrderMany } from '../api/create-paypal-order-many';
import { useCreatePaypalPayment } from '../api/create-paypal-payment';
import { useGuidesAvailability } from '../api/get-guides-availability';
import { useOpenPayments } from '../api/get-open-payments';
import { usePaymentConfig } from '../api/get-payment-config';
import { useGetPaypalCardLink } from '../api/get-paypal-card-link';
import { useWalletBalance } from '@/lib/wallet-balance';
import { usePayOxxo } from '../api/pay-oxxo';
import { usePayOxxoMany } from '../api/pay-oxxo-many';
import { usePayWithWallet } from '../api/pay-with-wallet';
import { errorCode, errorMessage, paypalErrorText } from '../utils/errors';
import { NO_OVERWEIGHT, payableTotal, type OwedOverweight, type PayableShipment } from '../utils/payable';
import { redirectBrowser, resultHref, type Redirect } from '../utils/result-links';
import { rememberReturnTo } from '../utils/return-to';
import { CancelOpenPaymentDialog, cancelLabel, cancelTarget, openPaymentPhrase } from './open-payment';

export interface PaymentMethodChoiceProps {
  /** The shipments to pay, loaded (paid ones are shown elsewhere and left out of the total). */
  shipments: PayableShipment[];
  /** Overweight the buyer still owes on earlier shipments: the server adds it to this purchase, so the total does too. */
  overweight?: OwedOverweight;
  /** 'one' (PayPal, card, OXXO, Monedero) or 'many' (OXXO, Monedero, PayPal); by how many are unpaid when absent. */
  variant?: 'one' | 'many';
  /** The signed-in buyer: whose Monedero pays, and where the guide is mailed. */
  userId: string;
  email: string;
  /** 'Bloquear compras': the methods are shown but paying is refused, saying why. */
  purchasesBlocked?: boolean;
  /** Something else on the page is busy (the wizard deleting its shipments). */
  disabled?: boolean;
  /** Called right before the browser leaves for a result page or PayPal (the wizard forgets its draft). */
  onLeave?: () => void;
  /** Where a cancelled PayPal approval comes back to; this page by default. */
  returnTo?: string;
  /** Sends the browser to PayPal (tests pass a spy). */
  redirect?: Redirect;
  headingLevel?: 2 | 3;
}

/** The method as the warning names it («si pagas con Monedero…»). */
const METHOD_WORDS: Record<PaymentMethod, string> = { paypal: 'PayPal', 'paypal-plus': 'tarjeta', oxxo: 'una nueva referencia OXXO', monedero: 'Monedero' };

const PAY_LABELS: Record<PaymentMethod, string> = {
  paypal: 'Pagar con PayPal',
  'paypal-plus': 'Pagar con tarjeta',
  oxxo: 'Generar referencia OXXO',
  monedero: 'Pagar con Monedero',
};

function isProviderFailure(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status >= 500 || error.body.code === paymentErrorCodes.declined);
}

/** PayPal's refusal carries `details` and `debug_id` beside our message. */
function paypalFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const body = error.body as typeof error.body & { details?: { issue: string; description: string }[]; debug_id?: string };
    const detail = paypalErrorText(body);
    return detail ? `${errorMessage(error)} (${detail})` : errorMessage(error);
  }
  return errorMessage(error, 'No pudimos conectar con PayPal. Intenta de nuevo.');
}

/**
 * The payment method choice: PayPal, card through PayPal (one shipment),
 * OXXO and the Monedero with its balance, one button, and the transitions of each method. Used
 * by the payment pages and by the wizard's 'Resumen de Compra'. The server judges every amount;
 * this only shows what it will charge.
 */
export function PaymentMethodChoice({
  shipments,
  overweight = NO_OVERWEIGHT,
  variant: givenVariant,
  userId,
  email,
  purchasesBlocked = false,
  disabled = false,
  onLeave,
  returnTo,
  redirect = redirectBrowser,
  headingLevel = 2,
}: PaymentMethodChoiceProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { unpaid, centavos } = payableTotal(shipments, overweight);
  const unpaidIds = unpaid.map((s) => s.id);
  const variant = givenVariant ?? (unpaidIds.length === 1 ? 'one' : 'many');

  const config = usePaymentConfig();
  const availability = useGuidesAvailability(unpaidIds);
  const balance = useWalletBalance(userId);
  const paypalOne = useCreatePaypalPayment();
  const paypalMany = useCreatePaypalOrderMany();
  const card = useGetPaypalCardLink();
  const oxxoOne = usePayOxxo();
  const oxxoMany = usePayOxxoMany();
  const wallet = usePayWithWallet();

  // A payment still open for these shipments (an OXXO reference): another method must be a choice.
  const open = useOpenPayments(shipments.map((s) => s.id));
  const [acknowledged, setAcknowledged] = useState(false);
  const [cancelling, setCancelling] = useState<OpenPayment | null>(null);
  const [cancelledText, setCancelledText] = useState<string | null>(null);

  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [blockedAnswer, setBlockedAnswer] = useState(false);
  const [noGuidesAnswer, setNoGuidesAnswer] = useState(false);
  // The browser is on its way to PayPal: keep everything still until it leaves.
  const [leaving, setLeaving] = useState(false);

  const busy = leaving || paypalOne.isPending || paypalMany.isPending || card.isPending || oxxoOne.isPending || oxxoMany.isPending || wallet.isPending;
  const blocked = purchasesBlocked || blockedAnswer;
  const noGuides = noGuidesAnswer || availability.data?.available === false;
  const balanceCentavos = balance.data ? toCentavos(balance.data.total_amount) : null;
  const walletShort = balanceCentavos === null || balanceCentavos < centavos;
  const cardEnabled = variant === 'one' && config.data?.card.enabled === true;
  // A method the server switched off (production without its keys) is not offered.
  const offered = (m: PaymentMethod) => (m === 'oxxo' ? config.data?.oxxo.enabled !== false : m === 'monedero' || config.data?.paypal.enabled !== false);
  const methods: PaymentMethod[] = (
    variant === 'one'
      ? (['paypal', ...(cardEnabled ? (['paypal-plus'] as const) : []), 'oxxo', 'monedero'] as PaymentMethod[])
      : (['oxxo', 'monedero', 'paypal'] as PaymentMethod[])
  ).filter(offered);
  const chosen = method !== null && methods.includes(method) ? method : null;
  // Asking for the same OXXO reference again answers that reference: no second payment.
  const sameReference = (p: OpenPayment) =>
    p.method === 'oxxo' && p.shipments.length === unpaidIds.length && p.shipments.every((s) => unpaidIds.includes(s._id));
  const conflicts =
    chosen === null
      ? []
      : (open.data?.docs ?? []).filter((p) => p.shipments.some((s) => unpaidIds.includes(s._id)) && !(chosen === 'oxxo' && sameReference(p)));
  const canPay =
    chosen !== null &&
    !busy &&
    !disabled &&
    !blocked &&
    !noGuides &&
    unpaidIds.length > 0 &&
    !(chosen === 'monedero' && walletShort) &&
    // Until the open payments are known, a click could pay twice without the warning.
    !open.isLoading &&
    (conflicts.length === 0 || acknowledged);
  const here = returnTo ?? `${location.pathname}${location.search}`;
  const headingId = 'payment-method-title';

  function leaveFor(paymentId: string, url: string) {
    rememberReturnTo(paymentId, here);
    setLeaving(true);
    onLeave?.();
    redirect(url);
  }

  async function go(to: string) {
    onLeave?.();
    await navigate(to);
  }

  /** A refusal the page can explain in place; answers whether it did. */
  function explained(error: unknown): boolean {
    const code = errorCode(error);
    if (code === paymentErrorCodes.noGuides) {
      setNoGuidesAnswer(true);
      return true;
    }
    if (code === accountErrorCodes.purchasesBlocked) {
      setBlockedAnswer(true);
      return true;
    }
    return false;
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
      if (!explained(error)) setFailure(paypalFailure(error));
    }
  }

  async function payCard() {
    try {
      const link = await card.mutateAsync(unpaidIds[0]!);
      leaveFor(link.data.payment_id, link.data.link);
    } catch (error) {
      if (!explained(error)) setFailure(paypalFailure(error));
    }
  }

  async function payOxxo() {
    try {
      const answer =
        variant === 'one' ? await oxxoOne.mutateAsync({ shipmentId: unpaidIds[0]!, email }) : await oxxoMany.mutateAsync({ shipments: unpaidIds, email });
      if (answer.message === 'ok') {
        await go(resultHref(paths.paymentResult('success'), { oxxo: true, reference: answer.reference, email }));
      } else {
        await go(resultHref(paths.paymentResult('error'), { oxxo: false }));
      }
    } catch (error) {
      if (explained(error)) return;
      if (isProviderFailure(error)) await go(resultHref(paths.paymentResult('error'), { oxxo: false }));
      // The button comes back so the buyer may try again.
      else setFailure(errorMessage(error, 'No pudimos generar tu referencia OXXO. Intenta de nuevo.'));
    }
  }

  async function payWallet() {
    try {
      const paid = await wallet.mutateAsync({ email, user: userId, shipments: unpaidIds });
      // The success page names the guides being issued, so it gets the shipments it paid.
      await go(resultHref(paths.paymentResult('success'), { monedero: true, email, shipments: unpaidIds, amount: paid.amount }));
    } catch (error) {
      if (explained(error)) return;
      await go(resultHref(paths.paymentResult('error'), { message: errorMessage(error), error: errorCode(error) ?? 'network' }));
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
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={headingLevel} size="h4" id={headingId}>
          Método de pago
        </Title>
        {(config.data?.paypal.sandbox || config.data?.oxxo.sandbox) && (
          <Badge color="grape" variant="light">
            Entorno de pruebas
          </Badge>
        )}
      </Group>
      {blocked && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title="Tu cuenta tiene las compras bloqueadas" mb="md">
          {accountMessages.purchasesBlocked}
        </Alert>
      )}
      {noGuides && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" mb="md">
          {paymentMessages.noGuidesScreen}
        </Alert>
      )}
      {cancelledText && (
        <Alert color="green" variant="light" role="status" mb="md" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setCancelledText(null)}>
          {cancelledText}
        </Alert>
      )}
      <Radio.Group
        value={chosen}
        onChange={(value) => {
          setMethod(value);
          setAcknowledged(false);
        }}
        label="Elige cómo pagar"
        aria-describedby="payment-total"
      >
        <Stack gap="sm" mt="xs">
          {methods.map((m) => (
            <Radio
              key={m}
              value={m}
              label={m === 'oxxo' ? 'OXXO' : paymentMethodLabels[m]}
              description={methodDescription(m)}
              disabled={busy || disabled || blocked || noGuides || (m === 'monedero' && walletShort)}
            />
          ))}
        </Stack>
      </Radio.Group>
      {chosen && conflicts.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" mt="md" title="Ya hay un pago abierto">
          <Stack gap="xs">
            {conflicts.map((p) => (
              <Text key={p.payment_id} size="sm">
                {unpaidIds.length === 1 ? `El envío ${p.shipments.find((x) => unpaidIds.includes(x._id))?.numberOfOrder ?? ''} tiene` : 'Estos envíos tienen'}{' '}
                {openPaymentPhrase(p)}. Si pagas con {METHOD_WORDS[chosen]} y también {p.method === 'oxxo' ? 'pagas la referencia' : 'apruebas ese pago'}, ese
                dinero se abona a tu Monedero.
              </Text>
            ))}
            <Group gap="sm">
              {conflicts.map((p) => (
                <Button key={p.payment_id} size="compact-sm" variant="light" color="red" onClick={() => setCancelling(p)}>
                  {cancelLabel(p)}
                </Button>
              ))}
            </Group>
            <Checkbox
              checked={acknowledged}
              onChange={(event) => setAcknowledged(event.currentTarget.checked)}
              label={`Pagar de todos modos con ${METHOD_WORDS[chosen]}`}
              description="Si después también se paga lo que está abierto, ese dinero irá a tu Monedero."
            />
          </Stack>
        </Alert>
      )}
      <CancelOpenPaymentDialog
        payment={cancelling}
        shipmentId={cancelling ? cancelTarget(cancelling, unpaidIds) : ''}
        onClose={() => setCancelling(null)}
        onCancelled={setCancelledText}
      />
      <Group justify="space-between" mt="lg" gap="sm">
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
  );
}
