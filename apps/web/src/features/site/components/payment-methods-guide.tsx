import { Link } from 'react-router';
import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PaymentConfig } from '@envios/contracts/payments';
import { IconReceipt, IconWallet } from '@/components/ui/icons';
import { paths } from '@/config/paths';

function Sandbox({ on }: { on: boolean | undefined }) {
  if (!on) return null;
  return (
    <Badge color="orange" variant="light">
      Entorno de pruebas
    </Badge>
  );
}

/**
 * 'Métodos de pago': the ways to pay and how each one works; methods running as a sandbox say so,
 * and a method switched off (production without its keys) or card payment not offered is left out.
 */
export function PaymentMethodsGuide({ config }: { config: PaymentConfig | undefined }) {
  const methods = [
    ...(config?.paypal.enabled === false
      ? []
      : [
          {
            key: 'paypal',
            title: 'PayPal',
            sandbox: config?.paypal.sandbox,
            text: 'Inicia sesión en PayPal y aprueba el pago. Tu guía se genera en cuanto PayPal confirma el cobro.',
            when: 'Ideal si ya tienes saldo o tarjetas guardadas en PayPal.',
          },
        ]),
    ...(config?.card.enabled === false
      ? []
      : [
          {
            key: 'card',
            title: 'Tarjeta de crédito o débito (a través de PayPal)',
            sandbox: config?.paypal.sandbox,
            text: 'Paga con tu tarjeta sin necesidad de cuenta PayPal: los datos de la tarjeta los captura PayPal, nosotros nunca los vemos.',
            when: 'Las tarjetas de crédito y débito que PayPal acepte.',
          },
        ]),
    ...(config?.oxxo.enabled === false
      ? []
      : [
          {
            key: 'oxxo',
            title: 'Efectivo en OXXO',
            sandbox: config?.oxxo.sandbox,
            text: 'Generamos una ficha con una referencia; págala en cualquier OXXO dictando la referencia y guarda tu ticket. La guía se genera cuando el pago se confirma.',
            when: 'La tienda cobra una comisión adicional y la ficha tiene fecha de vencimiento.',
          },
        ]),
    {
      key: 'monedero',
      title: 'Monedero',
      sandbox: false,
      text: 'Abona saldo a tu Monedero con cualquiera de los métodos anteriores y paga tus envíos y sobrepesos al instante, sin salir de la plataforma.',
      when: 'El pago es inmediato si tu saldo alcanza para el total.',
    },
  ];
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Métodos de pago</Title>
        <Text c="dimmed" mt={4}>
          Eliges cómo pagar al final de cada envío, en «Resumen de Compra». Así funciona cada opción.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {methods.map((m) => (
          <Card key={m.key} withBorder radius="lg" padding="lg" data-testid={`metodo-${m.key}`}>
            <Stack gap={8}>
              <Title order={2} fz="lg">
                {m.title} <Sandbox on={m.sandbox} />
              </Title>
              <Text size="sm">{m.text}</Text>
              <Text size="sm" c="dimmed">
                {m.when}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg" bg="gray.0">
        <Stack gap={6}>
          <Title order={2} fz="md" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <IconWallet size={20} /> ¿Quieres pagar más rápido?
          </Title>
          <Text size="sm">
            <Link to={paths.newTopUp}>Abona a tu Monedero</Link> y paga tus próximos envíos en un clic. Tus movimientos están en{' '}
            <Link to={paths.prepaids}>Monedero</Link>.
          </Text>
          <Text size="sm" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <IconReceipt size={18} />
            <span>
              ¿Necesitas factura? Revisa tus datos fiscales en <Link to={paths.billing}>Facturación</Link>.
            </span>
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
