import type { ReactNode } from 'react';
import { Card, Divider, Group, Image, Loader, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import type { OverweightOwed } from '@envios/contracts/shipments';
import { totalWithOverweight } from '../utils/shipment-body';

export interface ShipmentSummaryProps {
  service: { carrier: string; carrier_service_name: string; carrier_logo_url_svg?: string; net_total_amount: number };
  origin: { postal_code: string; city: string };
  destination: { postal_code: string; city: string };
  totalWeightKg: number;
  guides: number;
  /** The caller's unpaid overweight of earlier shipments: undefined while loading, null when it failed. */
  overweight: OverweightOwed | null | undefined;
  /** Extra lines under the total (e.g. the insurance note). */
  footer?: ReactNode;
}

const kg = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });

function Row({ term, children, strong }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" component="div" align="flex-start">
      <Text component="dt" size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>
        {term}
      </Text>
      <Text component="dd" size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} ta="right" m={0}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The side summary of step 3: carrier, from and to, total weight, net price, number
 * of shipments, earlier overweight and its price, and the total = net + overweight.
 */
export function ShipmentSummary({ service, origin, destination, totalWeightKg, guides, overweight, footer }: ShipmentSummaryProps) {
  const owedKg = overweight ? overweight.docs.reduce((sum, d) => sum + d.overweight, 0) : 0;
  const owedCost = overweight?.total_cost_overweight ?? 0;
  let overweightKg: ReactNode;
  let overweightPrice: ReactNode;
  if (overweight === undefined) {
    overweightKg = overweightPrice = <Loader size="xs" aria-label="Consultando sobrepeso" />;
  } else if (overweight === null) {
    overweightKg = overweightPrice = 'No disponible';
  } else {
    overweightKg = owedKg > 0 ? `${kg.format(owedKg)} kg` : 'Sin sobrepeso';
    overweightPrice = formatMXN(toCentavos(owedCost));
  }

  return (
    <Card withBorder radius="md" padding="lg" component="aside" aria-labelledby="resumen-envio">
      <Title order={2} size="h4" id="resumen-envio" mb="sm">
        Resumen del envío
      </Title>
      <dl style={{ margin: 0, display: 'grid', gap: 8 }}>
        <Row term="Paquetería">
          <Group gap={6} justify="flex-end" wrap="nowrap" component="span">
            {service.carrier_logo_url_svg && <Image src={service.carrier_logo_url_svg} alt="" w={28} h={28} fit="contain" />}
            <span>
              {service.carrier} {service.carrier_service_name}
            </span>
          </Group>
        </Row>
        <Row term="Desde">
          {origin.postal_code} {origin.city}
        </Row>
        <Row term="Hacia">
          {destination.postal_code} {destination.city}
        </Row>
        <Row term="Peso total">{`${kg.format(totalWeightKg)} kg`}</Row>
        <Row term="Número de envíos">{guides}</Row>
        <Row term="Precio neto">{formatMXN(toCentavos(service.net_total_amount))}</Row>
        <Row term="Sobrepeso anterior">{overweightKg}</Row>
        <Row term="Precio del sobrepeso">{overweightPrice}</Row>
        <Divider my={4} />
        <Row term="Total" strong>
          {overweight === undefined ? 'Calculando…' : formatMXN(totalWithOverweight(service.net_total_amount, owedCost))}
        </Row>
      </dl>
      {overweight === null && (
        <Text size="xs" c="orange.8" mt="xs" role="status">
          No pudimos consultar tu sobrepeso pendiente; si tienes, se sumará al pagar.
        </Text>
      )}
      {footer}
    </Card>
  );
}
