import { useEffect, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { fromCentavos, toCentavos } from '@envios/contracts/money';
import { paths } from '@/config/paths';
import { getPaypalCaptureQueryOptions } from '../api/capture-paypal-order';
import { errorCode, errorMessage, paypalErrorText } from '../utils/errors';
import { redirectBrowser, resultHref, type Redirect } from '../utils/result-links';
import { recallReturnTo, type PaymentPageState } from '../utils/return-to';

export interface PaypalReturnProps {
  /** Our payment id (`?payment=`). */
  paymentId: string | null;
  /** PayPal's order id (`?token=`). */
  token: string | null;
  /** `?cancel=1`: the buyer cancelled at PayPal. */
  cancelled: boolean;
  redirect?: Redirect;
  /** How long the 'declined' message shows before PayPal opens again. */
  restartDelayMs?: number;
}

export const RESTART_MESSAGE = 'Tu banco rechazó el pago; elige otro método en PayPal.';

function Frame({ children }: { children: ReactNode }) {
  return (
    <Container size="sm" py={60}>
      <Stack gap="md">
        <Title order={1}>Pago con PayPal</Title>
        {children}
      </Stack>
    </Container>
  );
}

function Capture({ token, redirect, restartDelayMs }: { token: string; redirect: Redirect; restartDelayMs: number }) {
  const capture = useQuery(getPaypalCaptureQueryOptions(token));
  const restartUrl = capture.data?.restart ? (capture.data.approve_url ?? null) : null;

  useEffect(() => {
    if (!restartUrl) return;
    const timer = setTimeout(() => redirect(restartUrl), restartDelayMs);
    return () => clearTimeout(timer);
  }, [restartUrl, redirect, restartDelayMs]);

  if (capture.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Procesando tu pago…</Text>
      </Group>
    );
  }
  if (capture.isError) {
    const error = capture.error;
    return <Navigate replace to={resultHref(paths.paymentResult('error'), { message: errorMessage(error), error: errorCode(error) ?? 'network' })} />;
  }
  const result = capture.data;
  if (result.status === 'COMPLETED') {
    // Shipments and top-ups alike (success?home=true&email). Money that
    // could not pay what it was for went to the wallet: the result page says so. A top-up also says
    // how much went into the wallet.
    const paid = (result.purchase_units ?? []).reduce(
      (sum, u) => (Number.isFinite(Number(u.amount.value)) ? sum + toCentavos(Number(u.amount.value)) : sum),
      0,
    );
    const credited = result.credited_amount ?? 0;
    const topUp = result.purpose === 'topup';
    const flags = {
      home: true,
      email: result.email,
      credited,
      creditedAll: paid > 0 && toCentavos(credited) >= paid,
      ...(topUp ? { prepaid: true, ...(paid > 0 ? { amount: fromCentavos(paid) } : {}) } : {}),
    };
    return <Navigate replace to={resultHref(paths.paymentResult('success'), flags)} />;
  }
  if (restartUrl) {
    return (
      <Alert color="orange" variant="light" role="alert" title="Pago rechazado">
        <Stack gap="sm">
          <Text size="sm">{RESTART_MESSAGE}</Text>
          <Button size="compact-md" w="fit-content" onClick={() => redirect(restartUrl)}>
            Volver a PayPal ahora
          </Button>
        </Stack>
      </Alert>
    );
  }
  const detail = paypalErrorText(result);
  return (
    <Navigate
      replace
      to={resultHref(paths.paymentResult('error'), {
        message: detail ?? 'PayPal no confirmó el pago.',
        error: result.status ?? result.details?.[0]?.issue ?? 'paypal',
      })}
    />
  );
}

/**
 * /payments/paypal/return: PayPal (or the local sandbox) sends the buyer
 * here after approving; the capture takes the money, then the result page says how it went.
 */
export function PaypalReturn({ paymentId, token, cancelled, redirect = redirectBrowser, restartDelayMs = 3000 }: PaypalReturnProps) {
  if (cancelled) {
    const back = paymentId ? recallReturnTo(paymentId) : null;
    if (back) return <Navigate replace to={back} state={{ paypalCancelled: true } satisfies PaymentPageState} />;
    return (
      <Frame>
        <Alert color="blue" variant="light" role="status" title="Cancelaste el pago con PayPal">
          No se hizo ningún cargo. Tus envíos siguen pendientes de pago en Mis Envíos; desde ahí puedes pagarlos con otro método.
        </Alert>
        <Anchor component={Link} to={paths.shipments} fw={600}>
          Ir a Mis Envíos
        </Anchor>
      </Frame>
    );
  }
  if (!token) {
    return (
      <Navigate replace to={resultHref(paths.paymentResult('error'), { message: 'PayPal no devolvió la orden del pago.', error: 'paypal.missing_token' })} />
    );
  }
  return (
    <Frame>
      <Capture token={token} redirect={redirect} restartDelayMs={restartDelayMs} />
    </Frame>
  );
}
