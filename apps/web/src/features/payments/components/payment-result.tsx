import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { paymentMessages } from '@envios/contracts/payments';
import { IconAlertTriangle, IconCheck, IconReceipt } from '@/components/ui/icons';
import { paths } from '@/config/paths';

export interface PaymentResultProps {
  result: 'success' | 'error';
  /** The query of spec 02 §2: home, email, oxxo, monedero, reference, message, error. */
  query: URLSearchParams;
}

function Outcome({ tone, title, children }: { tone: 'green' | 'yellow' | 'red'; title: string; children: ReactNode }) {
  return (
    <Container size="sm" py={60}>
      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color={tone} variant="light" aria-hidden="true">
            {tone === 'red' ? <IconAlertTriangle size={28} /> : tone === 'green' ? <IconCheck size={28} /> : <IconReceipt size={28} />}
          </ThemeIcon>
          <Title order={1}>{title}</Title>
          {children}
        </Stack>
      </Card>
    </Container>
  );
}

function Links({ dashboard, wallet }: { dashboard?: boolean; wallet?: boolean }) {
  return (
    <Group justify="center" mt="sm">
      {dashboard && (
        <Button component={Link} to={paths.dashboard} variant="default">
          Ir al panel
        </Button>
      )}
      {wallet ? (
        <Button component={Link} to={paths.prepaids}>
          Ir al Monedero
        </Button>
      ) : (
        <Button component={Link} to={paths.shipments}>
          Mis Envíos
        </Button>
      )}
    </Group>
  );
}

function mailedTo(email: string | null): string {
  return email ? `a ${email}` : 'a tu correo';
}

/** /payments/result/{success|error} (spec 02 §2 'Payment result', §8): every text and flag as the spec says. */
export function PaymentResult({ result, query }: PaymentResultProps) {
  const email = query.get('email');
  if (result === 'error') {
    const message = query.get('message');
    const code = query.get('error');
    return (
      <Outcome tone="red" title={paymentMessages.declinedTitle}>
        <Text>{paymentMessages.declinedLine1}</Text>
        <Text>{paymentMessages.declinedLine2}</Text>
        {(message || code) && (
          <Text size="sm" c="dimmed" role="note">
            {message}
            {message && code ? ' ' : ''}
            {code && `(código: ${code})`}
          </Text>
        )}
        <Links dashboard />
      </Outcome>
    );
  }

  const reference = query.get('reference');
  // `prepaid=true`: a wallet top-up ('Nuevo abono'), which buys no guide.
  const topUp = query.get('prepaid') === 'true';
  if (query.get('oxxo') === 'true' && reference) {
    return (
      <Outcome tone="yellow" title={paymentMessages.pendingTitle}>
        <Text>
          Tu referencia OXXO es <strong>{reference}</strong>. Paga en efectivo en cualquier tienda OXXO;{' '}
          {topUp ? 'cuando recibamos tu pago lo abonaremos a tu Monedero electrónico.' : `cuando recibamos tu pago te enviaremos la guía ${mailedTo(email)}.`}
        </Text>
        <Button component={Link} to={`${paths.cashBarcode}?references=${encodeURIComponent(reference)}`} variant="light">
          Ver e imprimir la ficha de pago
        </Button>
        <Links wallet={topUp} />
      </Outcome>
    );
  }
  if (query.get('monedero') === 'true') {
    return (
      <Outcome tone="yellow" title={paymentMessages.pendingTitle}>
        <Text>Pagaste con tu Monedero electrónico. Estamos generando tu guía y te la enviaremos {mailedTo(email)}.</Text>
        <Links />
      </Outcome>
    );
  }
  const credited = Number(query.get('credited') ?? 0);
  const creditedText = credited > 0 ? formatMXN(toCentavos(credited)) : '';
  const whyCredited = 'El motivo está en tu Monedero y te lo enviamos por correo; los envíos que no se pagaron siguen en Mis Envíos para pagarlos con su precio actual.';
  if (credited > 0 && query.get('credited_all') === 'true') {
    return (
      <Outcome tone="yellow" title="Tu pago quedó en tu Monedero">
        <Text>Recibimos tu pago, pero no pudo aplicarse a tus envíos (por ejemplo, porque cambiaron de precio o ya estaban pagados). Abonamos {creditedText} a tu Monedero electrónico.</Text>
        <Text size="sm" c="dimmed">
          {whyCredited}
        </Text>
        <Links wallet />
      </Outcome>
    );
  }
  return (
    <Outcome tone="green" title={paymentMessages.successTitle}>
      {credited > 0 && (
        <Text size="sm" role="note">
          Parte de tu pago, {creditedText}, no pudo aplicarse y la abonamos a tu Monedero electrónico. {whyCredited}
        </Text>
      )}
      <Text>
        {topUp
          ? 'Recibimos tu pago y lo abonamos a tu Monedero electrónico.'
          : query.get('home') === 'true'
            ? `Recibimos tu pago. Te enviamos la guía ${mailedTo(email)}.`
            : 'Recibimos tu pago. Encuentra tus envíos y sus guías en Mis Envíos.'}
      </Text>
      <Links dashboard wallet={topUp} />
    </Outcome>
  );
}
