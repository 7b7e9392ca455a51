import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { paths } from '@/config/paths';

export interface PurchasePaymentProps {
  /** The shipments the wizard just created (unpaid). */
  shipmentIds: string[];
  /** Leaves the wizard for the payment page (the wizard forgets its draft first). */
  onPay: (href: string) => void;
  disabled?: boolean;
}

/** Where the payment of these shipments happens: /payments/{id} for one, /payment/shipments/many for several. */
export function paymentHref(shipmentIds: string[]): string {
  if (shipmentIds.length === 1) return paths.payment(shipmentIds[0]!);
  return `${paths.paymentMany}?shipments=${shipmentIds.map(encodeURIComponent).join(',')}`;
}

/** The 'Resumen de Compra' payment choice (spec 01 §2 step 4): the methods, and the way to the payment page. */
export function PurchasePayment({ shipmentIds, onPay, disabled = false }: PurchasePaymentProps) {
  const many = shipmentIds.length > 1;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="purchase-payment-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="purchase-payment-title">
          Método de pago
        </Title>
        <Text size="sm">
          {many
            ? 'Paga tus envíos juntos con PayPal, en efectivo en OXXO o con tu Monedero electrónico.'
            : 'Paga tu envío con PayPal, con tarjeta a través de PayPal, en efectivo en OXXO o con tu Monedero electrónico.'}{' '}
          Al confirmarse el pago generamos tu guía y te la enviamos por correo.
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => onPay(paymentHref(shipmentIds))} disabled={disabled || shipmentIds.length === 0}>
            {many ? `Pagar ${shipmentIds.length} envíos` : 'Pagar'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
