import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert, Badge, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { accountMessages } from '@envios/contracts/accounts';
import { paymentMethodLabels, type PaymentConfig } from '@envios/contracts/payments';
import { topUpAmountSchema, TOP_UP_MAX_MXN } from '@envios/contracts/wallet';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { paths } from '@/config/paths';
import { useAdEvent } from '@/lib/ad-pixel';
import { useCreateTopUp } from '../api/create-top-up';
import { useDeleteTopUp } from '../api/delete-top-up';
import { useStartTopUpPayment, type TopUpMethod } from '../api/pay-top-up';
import { numberBox } from '../utils/box-number';
import { AmountInput } from './amount-input';
import { mxn } from './wallet-page';

const amountFormSchema = z.object({ amount: numberBox(topUpAmountSchema('El monto')) });

/** The result pages of the payment flows (built with the payment screens). */
const resultPath = (result: 'success' | 'error', query: Record<string, string>) => `${paths.paymentResult(result)}?${new URLSearchParams(query).toString()}`;

export interface TopUpCheckoutProps {
  /** The buyer's e-mail: OXXO and PayPal send their receipts there. */
  email: string;
  /** `GET /payments/config`: card payments are offered only when enabled; sandboxes are labelled. */
  paymentConfig: PaymentConfig | undefined;
  /** Leaves for the provider's page; replaced in tests. */
  redirect?: (url: string) => void;
  /** 'Bloquear compras': topping up is buying too; the page says why instead of the form. */
  purchasesBlocked?: boolean;
}

function AmountStep({ initial, onCreated }: { initial: number | undefined; onCreated: (id: string, amount: number) => void }) {
  const create = useCreateTopUp();
  const form = useZodForm(amountFormSchema, { mode: 'onTouched', defaultValues: { amount: initial } });
  const onSubmit = form.handleSubmit(async ({ amount }) => {
    try {
      const { id } = await create.mutateAsync({ amount });
      onCreated(id, amount);
    } catch {
      // The alert below shows the server's message.
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Monto del abono">
      <Stack>
        {create.error && (
          <Alert color="red" variant="light" role="alert">
            {create.error.message}
          </Alert>
        )}
        <AmountInput
          control={form.control}
          name="amount"
          label="Monto a abonar (MXN)"
          description={`Hasta MX$${TOP_UP_MAX_MXN.toLocaleString('es-MX')}.00, con dos decimales como máximo.`}
          maw={320}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Continuar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SummaryStep({
  topUp,
  email,
  config,
  redirect,
  onBack,
}: {
  topUp: { id: string; amount: number };
  email: string;
  config: PaymentConfig | undefined;
  redirect: (url: string) => void;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const start = useStartTopUpPayment();
  // The ad pixel's checkout event (only ever sent with the visitor's marketing consent).
  useAdEvent('InitiateCheckout', { value: topUp.amount, currency: 'MXN', content_category: 'Monedero' });
  const remove = useDeleteTopUp();
  const [method, setMethod] = useState<TopUpMethod | null>(null);
  const [missingMethod, setMissingMethod] = useState(false);
  const busy = start.isPending || remove.isPending;
  const cardEnabled = config?.card.enabled === true;

  const pay = async () => {
    if (!method) {
      setMissingMethod(true);
      return;
    }
    try {
      const next = await start.mutateAsync({ id: topUp.id, method, email });
      if (next.kind === 'redirect') redirect(next.url);
      else void navigate(resultPath('success', { oxxo: 'true', reference: next.result.reference, email, prepaid: 'true', amount: topUp.amount.toFixed(2) }));
    } catch (error) {
      if (method === 'oxxo') {
        console.error(error);
        void navigate(resultPath('error', { oxxo: 'false', message: error instanceof Error ? error.message : 'No se pudo generar la referencia.' }));
      }
      // PayPal and card: the alert shows the message and the controls come back.
    }
  };

  const back = async () => {
    try {
      await remove.mutateAsync(topUp.id);
      onBack();
    } catch {
      // The alert below shows why.
    }
  };

  const sandboxNote = (sandbox: boolean | undefined) =>
    sandbox ? (
      <Badge size="xs" color="gray" variant="light" ml={6}>
        modo de prueba
      </Badge>
    ) : null;

  return (
    <Stack>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="top-up-summary">
        <Title order={2} size="h3" id="top-up-summary">
          Resumen de Prepago
        </Title>
        <Group justify="space-between" mt="sm">
          <Text>Abono al monedero</Text>
          <Text>{mxn(topUp.amount)}</Text>
        </Group>
        <Group justify="space-between" mt="xs">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="top-up-total">
            {mxn(topUp.amount)}
          </Text>
        </Group>
      </Card>
      {(start.error ?? remove.error) && (
        <Alert color="red" variant="light" role="alert">
          {(start.error ?? remove.error)?.message}
        </Alert>
      )}
      {config && !config.oxxo.enabled && !config.paypal.enabled && (
        <Alert color="yellow" variant="light" role="status" title="Abonos en línea no disponibles">
          Por ahora no recibimos pagos en línea. Para abonar a tu monedero, contáctanos y un administrador registrará tu abono.
        </Alert>
      )}
      <Radio.Group
        label="Método de pago"
        required
        value={method}
        onChange={(v) => {
          setMethod(v);
          setMissingMethod(false);
        }}
        error={missingMethod ? 'Elige un método de pago.' : undefined}
      >
        <Stack gap="xs" mt="xs">
          {config?.oxxo.enabled !== false && (
            <Radio
              value="oxxo"
              disabled={busy}
              label={
                <>
                  {paymentMethodLabels.oxxo}
                  {sandboxNote(config?.oxxo.sandbox)}
                </>
              }
            />
          )}
          {config?.paypal.enabled !== false && (
            <Radio
              value="paypal"
              disabled={busy}
              label={
                <>
                  {paymentMethodLabels.paypal}
                  {sandboxNote(config?.paypal.sandbox)}
                </>
              }
            />
          )}
          {cardEnabled && (
            <Radio
              value="paypal-plus"
              disabled={busy}
              label={
                <>
                  {paymentMethodLabels['paypal-plus']}
                  {sandboxNote(config?.paypal.sandbox)}
                </>
              }
            />
          )}
        </Stack>
      </Radio.Group>
      {method === 'oxxo' && (
        <Text size="sm" c="dimmed">
          Recibirás una referencia para pagar en efectivo en cualquier tienda OXXO; la tienda cobra una comisión adicional. El saldo se abona cuando se confirma
          el pago.
        </Text>
      )}
      <Group>
        <Button variant="default" onClick={() => void back()} loading={remove.isPending} disabled={start.isPending}>
          Anterior
        </Button>
        <Button onClick={() => void pay()} loading={start.isPending} disabled={remove.isPending}>
          Pagar
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A new top-up (/prepaid/new): step 1 the amount and 'Continuar' (creates the pending
 * top-up), step 2 'Resumen de Prepago' with the methods; 'Anterior' deletes the pending top-up.
 */
export function TopUpCheckout({ email, paymentConfig, redirect = (url) => window.location.assign(url), purchasesBlocked = false }: TopUpCheckoutProps) {
  const [topUp, setTopUp] = useState<{ id: string; amount: number } | null>(null);
  const [lastAmount, setLastAmount] = useState<number | undefined>(undefined);
  if (purchasesBlocked) {
    return (
      <Stack gap="lg" maw={640}>
        <Title order={1}>Nuevo abono</Title>
        <Alert color="red" variant="light" role="alert" title="Tu cuenta tiene las compras bloqueadas">
          {accountMessages.purchasesBlocked}
        </Alert>
        <Text size="sm">
          <Link to={paths.prepaids}>Volver al monedero</Link>
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Nuevo abono</Title>
      <Text c="dimmed" aria-live="polite">
        Paso {topUp ? 2 : 1} de 2: {topUp ? 'elige cómo pagar' : 'indica el monto'}
      </Text>
      {topUp ? (
        <SummaryStep topUp={topUp} email={email} config={paymentConfig} redirect={redirect} onBack={() => setTopUp(null)} />
      ) : (
        <AmountStep
          initial={lastAmount}
          onCreated={(id, amount) => {
            setLastAmount(amount);
            setTopUp({ id, amount });
          }}
        />
      )}
      <Text size="sm">
        <Link to={paths.prepaids}>Volver al monedero</Link>
      </Text>
    </Stack>
  );
}
