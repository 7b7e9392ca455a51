import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Card, Container, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { paymentMessages } from '@envios/contracts/payments';
import { IconAlertTriangle, IconCheck, IconReceipt } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useWalletBalance } from '@/lib/wallet-balance';

/** A shipment a payment paid, with its guide once the guide job issued it (the route loads them). */
export interface PaidShipment {
  id: string;
  numberOfOrder: number;
  destinationName: string;
  service: string;
  /** null while the guide is being issued. */
  guideNumber: string | null;
}

export interface PaymentResultProps {
  result: 'success' | 'error';
  /** The result's query flags: home, email, oxxo, monedero, reference, message, error; and prepaid, amount, shipments. */
  query: URLSearchParams;
  /** The shipments of `?shipments=`, as they load (undefined: none asked, or still loading). */
  paidShipments?: PaidShipment[] | undefined;
  /** The signed-in buyer, for the wallet balance after a top-up. */
  userId?: string | undefined;
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

/** `?amount=` as MX$1,300.32, or null when absent or not a number. */
function amountText(query: URLSearchParams): string | null {
  const raw = query.get('amount');
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? formatMXN(toCentavos(value)) : null;
}

/** The guides a wallet payment is issuing: each shipment's folio, destination and its guide as soon as it exists. */
function IssuingGuides({ shipments }: { shipments: PaidShipment[] | undefined }) {
  if (!shipments) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Consultando tus guías…</Text>
      </Group>
    );
  }
  return (
    <Stack gap={6} w="100%" component="ul" aria-label="Guías en proceso" style={{ listStyle: 'none', padding: 0, margin: 0, textAlign: 'left' }}>
      {shipments.map((s) => (
        <li key={s.id}>
          <Card withBorder radius="md" padding="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={700}>
                  Folio {s.numberOfOrder} · {s.destinationName}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.service}
                </Text>
              </div>
              {s.guideNumber ? (
                <Anchor component={Link} to={paths.tracking(s.guideNumber)} size="sm" fw={600}>
                  Guía {s.guideNumber}
                </Anchor>
              ) : (
                <Group gap={6} wrap="nowrap">
                  <Loader size={14} />
                  <Text size="sm" c="dimmed">
                    Generando guía…
                  </Text>
                </Group>
              )}
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/** After a top-up: the balance as it stands now. */
function CurrentBalance({ userId }: { userId: string }) {
  const balance = useWalletBalance(userId);
  if (!balance.data) return null;
  return (
    <Text size="sm" data-testid="wallet-balance-after">
      Tu saldo disponible: <strong>{formatMXN(toCentavos(balance.data.total_amount))}</strong>
    </Text>
  );
}

/**
 * /payments/result/{success|error} with the spec's flags, saying
 * what happened: a wallet payment is paid at once and names the guides being issued; a top-up
 * speaks of the balance it credited, never of a guide; an OXXO reference is pending until paid.
 */
export function PaymentResult({ result, query, paidShipments, userId }: PaymentResultProps) {
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
  const amount = amountText(query);
  // `prepaid=true`: a wallet top-up ('Nuevo abono'), which buys no guide.
  const topUp = query.get('prepaid') === 'true';
  if (query.get('oxxo') === 'true' && reference) {
    return (
      <Outcome tone="yellow" title={paymentMessages.pendingTitle}>
        <Text>
          Tu referencia OXXO es <strong>{reference}</strong>. Paga en efectivo en cualquier tienda OXXO;{' '}
          {topUp
            ? `cuando recibamos tu pago abonaremos ${amount ?? 'el monto'} a tu Monedero electrónico.`
            : `cuando recibamos tu pago te enviaremos la guía ${mailedTo(email)}.`}
        </Text>
        <Button component={Link} to={`${paths.cashBarcode}?references=${encodeURIComponent(reference)}`} variant="light">
          Ver e imprimir la ficha de pago
        </Button>
        <Links wallet={topUp} />
      </Outcome>
    );
  }
  if (query.get('monedero') === 'true') {
    const count = query.get('shipments')?.split(',').filter(Boolean).length ?? 0;
    return (
      <Outcome tone="green" title={paymentMessages.successTitle}>
        <Text>
          {amount ? `Pagaste ${amount} con tu Monedero electrónico.` : 'Pagaste con tu Monedero electrónico.'}{' '}
          {count > 1 ? 'Estamos generando tus guías' : 'Estamos generando tu guía'} y te {count > 1 ? 'las' : 'la'} enviaremos {mailedTo(email)} en cuanto{' '}
          {count > 1 ? 'estén listas' : 'esté lista'}.
        </Text>
        {count > 0 && <IssuingGuides shipments={paidShipments} />}
        {Number(query.get('more') ?? 0) > 0 && (
          <Text size="sm" c="dimmed">
            {`Y ${Number(query.get('more')).toLocaleString('es-MX')} guías más: las encuentras en Mis Envíos conforme se generan.`}
          </Text>
        )}
        <Links />
      </Outcome>
    );
  }
  if (topUp) {
    // All of a top-up's money goes to the wallet, even when the top-up was paid meanwhile.
    return (
      <Outcome tone="green" title={paymentMessages.successTitle}>
        <Text>{amount ? `Abonamos ${amount} a tu Monedero electrónico.` : 'Recibimos tu pago y lo abonamos a tu Monedero electrónico.'}</Text>
        {userId && <CurrentBalance userId={userId} />}
        <Links dashboard wallet />
      </Outcome>
    );
  }
  const credited = Number(query.get('credited') ?? 0);
  const creditedText = credited > 0 ? formatMXN(toCentavos(credited)) : '';
  const whyCredited =
    'El motivo está en tu Monedero y te lo enviamos por correo; los envíos que no se pagaron siguen en Mis Envíos para pagarlos con su precio actual.';
  if (credited > 0 && query.get('credited_all') === 'true') {
    return (
      <Outcome tone="yellow" title="Tu pago quedó en tu Monedero">
        <Text>
          Recibimos tu pago, pero no pudo aplicarse a tus envíos (por ejemplo, porque cambiaron de precio o ya estaban pagados). Abonamos {creditedText} a tu
          Monedero electrónico.
        </Text>
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
        {query.get('home') === 'true'
          ? `Recibimos tu pago. Te enviamos la guía ${mailedTo(email)}.`
          : 'Recibimos tu pago. Encuentra tus envíos y sus guías en Mis Envíos.'}
      </Text>
      <Links dashboard />
    </Outcome>
  );
}
