import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import type { OpenPayment } from '@envios/contracts/payments';
import { formatDateTime, formatDeadline } from '@/lib/dates';
import { useCancelOpenPayments } from '../api/cancel-open-payments';
import { useOpenPayments } from '../api/get-open-payments';
import { errorMessage } from '../utils/errors';

/**
 * An open payment is never invisible: an OXXO reference that can still be paid at the store, or a
 * PayPal order waiting for approval, shows in Mis Envíos, the detail and the payment page with its
 * reference or order, amount and expiry, the slip (or PayPal) and a way to cancel it.
 */

const mxn = (pesos: number) => formatMXN(toCentavos(pesos));
const isOxxo = (p: OpenPayment) => p.method === 'oxxo';

/** 'Referencia OXXO abierta', 'Pago con PayPal en curso', 'Pago con tarjeta en curso'. */
export function openPaymentTitle(p: OpenPayment): string {
  if (isOxxo(p)) return 'Referencia OXXO abierta';
  return p.method === 'paypal-plus' ? 'Pago con tarjeta en curso' : 'Pago con PayPal en curso';
}

/** The word for cancelling it: «Cancelar referencia» / «Cancelar pago». */
export function cancelLabel(p: OpenPayment): string {
  return isOxxo(p) ? 'Cancelar referencia' : 'Cancelar pago';
}

/** «la referencia OXXO SBX… (MX$155.68, vence el …)» / «un pago con PayPal en curso (orden …)». */
export function openPaymentPhrase(p: OpenPayment): string {
  const expiry = p.expires_at ? `, vence el ${formatDeadline(p.expires_at)}` : '';
  if (isOxxo(p)) return `una referencia OXXO abierta (${p.reference}, ${mxn(p.amount)}${expiry})`;
  return `un pago con ${p.method === 'paypal-plus' ? 'tarjeta' : 'PayPal'} en curso (orden ${p.order_id}, ${mxn(p.amount)})`;
}

function otherFolios(p: OpenPayment, shipmentId: string | undefined): number[] {
  return p.shipments.filter((s) => s._id !== shipmentId).map((s) => s.numberOfOrder);
}

export interface CancelOpenPaymentDialogProps {
  payment: OpenPayment | null;
  /** The shipment whose open payments are cancelled (the server cancels every one it has). */
  shipmentId: string;
  onClose: () => void;
  /** Told what was cancelled, in a sentence for the page's status line. */
  onCancelled: (text: string) => void;
}

/** Asks before cancelling: a cancelled reference can no longer be paid at the store. */
export function CancelOpenPaymentDialog({ payment, shipmentId, onClose, onCancelled }: CancelOpenPaymentDialogProps) {
  const cancel = useCancelOpenPayments();
  const [problem, setProblem] = useState<string | null>(null);
  const oxxo = payment ? isOxxo(payment) : false;
  const others = payment ? otherFolios(payment, shipmentId) : [];

  async function confirm() {
    if (!payment) return;
    setProblem(null);
    try {
      await cancel.mutateAsync(shipmentId);
      onCancelled(
        oxxo
          ? `Cancelamos la referencia ${payment.reference}: ya no se puede pagar en OXXO. Puedes pagar con otro método.`
          : `Cancelamos el pago con PayPal (orden ${payment.order_id}). Puedes pagar con otro método.`,
      );
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'No pudimos cancelar el pago. Intenta de nuevo.'));
    }
  }

  return (
    <Modal opened={payment !== null} onClose={onClose} title={oxxo ? 'Cancelar la referencia OXXO' : 'Cancelar el pago con PayPal'} centered>
      {payment && (
        <Stack gap="md">
          <Text>
            {oxxo ? `La referencia ${payment.reference} ya no se podrá pagar en OXXO.` : `La orden ${payment.order_id} ya no se podrá aprobar en PayPal.`}{' '}
            {others.length > 0 && `También cubría ${others.length === 1 ? 'el envío' : 'los envíos'} ${others.join(', ')}, que quedan sin pagar. `}
            Después puedes pagar con otro método.
          </Text>
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
              Volver
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={cancel.isPending}>
              {oxxo ? 'Sí, cancelar la referencia' : 'Sí, cancelar el pago'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Cancelled({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <Alert color="green" variant="light" role="status" withCloseButton closeButtonLabel="Cerrar aviso" onClose={onClose}>
      {text}
    </Alert>
  );
}

/** Where the buyer completes it: the printable slip, or PayPal's approval. */
function CompleteLink({ payment, compact = false }: { payment: OpenPayment; compact?: boolean }) {
  if (payment.slip_url) {
    return (
      <Anchor component={Link} to={payment.slip_url} size="sm" fw={600}>
        {compact ? 'Ver ficha' : 'Ver ficha de pago'}
      </Anchor>
    );
  }
  if (payment.approve_url) {
    return (
      <Anchor href={payment.approve_url} size="sm" fw={600}>
        Continuar en PayPal
      </Anchor>
    );
  }
  return null;
}

/** One open payment in full, as a region of its own ('Pago abierto'). */
function OpenPaymentPanel({ payment, shipmentId, onCancel }: { payment: OpenPayment; shipmentId: string; onCancel: (p: OpenPayment) => void }) {
  const oxxo = isOxxo(payment);
  const others = otherFolios(payment, shipmentId);
  return (
    <Paper component="section" aria-label="Pago abierto" withBorder radius="md" p="md" bg="yellow.0" style={{ borderColor: 'var(--mantine-color-yellow-5)' }}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5">
            {openPaymentTitle(payment)}
          </Title>
          {payment.sandbox && (
            <Badge color="grape" variant="light" size="sm">
              Entorno de pruebas
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {oxxo ? 'Referencia' : 'Orden'}{' '}
          <Text span fw={700} ff="monospace" style={{ wordBreak: 'break-all' }}>
            {oxxo ? payment.reference : payment.order_id}
          </Text>{' '}
          · {mxn(payment.amount)}
          {others.length > 0 && ` · incluye ${others.length === 1 ? 'el envío' : 'los envíos'} ${others.join(', ')}`}
        </Text>
        {payment.expires_at && (
          <Text size="sm">
            {oxxo ? 'Vence el ' : 'PayPal la acepta hasta el '}
            {formatDeadline(payment.expires_at)}.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {oxxo
            ? 'Págala en cualquier tienda OXXO antes de que venza. Si prefieres pagar de otra forma, cancélala primero: así no pagas dos veces.'
            : 'Si ya no vas a aprobarlo en PayPal, cancélalo antes de pagar de otra forma: así no pagas dos veces.'}
        </Text>
        <Group gap="md" mt={4}>
          <CompleteLink payment={payment} />
          <Button size="compact-sm" variant="light" color="red" onClick={() => onCancel(payment)}>
            {cancelLabel(payment)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Which of the page's shipments a payment is cancelled through (the server cancels every open payment of it). */
export function cancelTarget(p: OpenPayment, shipmentIds: readonly string[]): string {
  return (p.shipments.find((s) => shipmentIds.includes(s._id)) ?? p.shipments[0])?._id ?? '';
}

/** The open payments of these shipments in full (the detail and the payment page), with their cancellation. */
export function OpenPaymentsPanel({ payments, shipmentIds }: { payments: OpenPayment[]; shipmentIds: readonly string[] }) {
  const [cancelling, setCancelling] = useState<OpenPayment | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (payments.length === 0 && !done) return null;
  return (
    <Stack gap="sm">
      {done && <Cancelled text={done} onClose={() => setDone(null)} />}
      {payments.map((p) => (
        <OpenPaymentPanel key={p.payment_id} payment={p} shipmentId={cancelTarget(p, shipmentIds)} onCancel={setCancelling} />
      ))}
      <CancelOpenPaymentDialog
        payment={cancelling}
        shipmentId={cancelling ? cancelTarget(cancelling, shipmentIds) : ''}
        onClose={() => setCancelling(null)}
        onCancelled={setDone}
      />
    </Stack>
  );
}

/** The open payments of the shipments given (the detail: its owner's, or for an admin anyone's). */
export function ShipmentOpenPayments({ shipmentIds }: { shipmentIds: string[] }) {
  const open = useOpenPayments(shipmentIds);
  return <OpenPaymentsPanel payments={open.data?.docs ?? []} shipmentIds={shipmentIds} />;
}

/**
 * Mis Envíos: under a row's status, the open payment of that shipment in short (reference, amount,
 * expiry), the slip and the cancellation. Reads the caller's open payments once for the whole list.
 */
export function OpenPaymentLine({ shipmentId }: { shipmentId: string }) {
  const open = useOpenPayments();
  const [cancelling, setCancelling] = useState<OpenPayment | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const payments = (open.data?.docs ?? []).filter((p) => p.shipments.some((s) => s._id === shipmentId));
  if (payments.length === 0 && !done) return null;
  return (
    <Stack gap={4} mt={6} maw={260} style={{ whiteSpace: 'normal' }}>
      {done && (
        <Text size="xs" c="green.8" role="status">
          {done}
        </Text>
      )}
      {payments.map((p) => (
        <Stack key={p.payment_id} gap={2} align="flex-start">
          <Badge color="yellow" variant="light" tt="none" size="sm">
            {openPaymentTitle(p)}
          </Badge>
          <Text size="xs">
            {isOxxo(p) ? p.reference : `Orden ${p.order_id}`} · {mxn(p.amount)}
            {p.expires_at && ` · vence ${formatDateTime(p.expires_at).slice(0, 16)}`}
          </Text>
          <Group gap="sm">
            <CompleteLink payment={p} compact />
            <Button size="compact-xs" variant="subtle" color="red" px={4} onClick={() => setCancelling(p)}>
              {cancelLabel(p)}
            </Button>
          </Group>
        </Stack>
      ))}
      <CancelOpenPaymentDialog payment={cancelling} shipmentId={shipmentId} onClose={() => setCancelling(null)} onCancelled={(text) => setDone(text)} />
    </Stack>
  );
}
