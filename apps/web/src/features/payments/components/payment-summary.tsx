import { useState } from 'react';
import { Badge, Button, Card, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import type { OwedOverweight, PayableShipment } from '../utils/payable';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';

function mxn(pesos: number): string {
  return formatMXN(toCentavos(pesos));
}

/** One shipment: destination name, address, postal code, service, amount and total. */
/** 'Sobrepeso de envíos anteriores': what the purchase also pays, with the folios it comes from. */
function foliosText(overweight: OwedOverweight): string {
  return overweight.folios.length === 1 ? `envío ${overweight.folios[0]}` : `envíos ${overweight.folios.join(', ')}`;
}

function overweightText(overweight: OwedOverweight): string {
  return `${formatMXN(overweight.centavos)} (${foliosText(overweight)})`;
}

export function SingleShipmentSummary({ shipment, overweight }: { shipment: PayableShipment; overweight?: OwedOverweight }) {
  const owed = overweight && overweight.centavos > 0 && !shipment.paid ? overweight : null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payment-summary-title">
      <Title order={2} size="h4" mb="sm" id="payment-summary-title">
        Resumen del envío {shipment.numberOfOrder}
      </Title>
      <dl style={{ margin: 0, display: 'grid', gap: 8 }}>
        {(
          [
            ['Destinatario', shipment.destinationName],
            ['Dirección', shipment.address],
            ['Código postal', shipment.postalCode],
            ['Servicio', `${shipment.carrier} ${shipment.serviceName}`],
            ['Importe', mxn(shipment.amount)],
            ...(owed ? ([['Sobrepeso de envíos anteriores', overweightText(owed)]] as const) : []),
          ] as const
        ).map(([term, value]) => (
          <Group key={term} justify="space-between" component="div" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {term}
            </Text>
            <Text component="dd" size="sm" m={0} ta="right">
              {value}
            </Text>
          </Group>
        ))}
        <Divider />
        <Group justify="space-between" component="div">
          <Text component="dt" fw={700}>
            Total
          </Text>
          <Text component="dd" fw={800} size="lg" m={0}>
            {formatMXN(toCentavos(shipment.total) + (owed?.centavos ?? 0))}
          </Text>
        </Group>
      </dl>
    </Card>
  );
}

/** Several shipments: the list and the total in MXN; paid ones are shown but not counted. */
/** Rows shown before «Ver los N envíos»: a 200-shipment payment should not push its method 12,000 px down. */
export const SUMMARY_ROWS_SHOWN = 10;

export function ManyShipmentsSummary({
  shipments,
  totalCentavos,
  overweight,
}: {
  shipments: PayableShipment[];
  totalCentavos: number;
  overweight?: OwedOverweight;
}) {
  const [expanded, setExpanded] = useState(false);
  const folded = !expanded && shipments.length > SUMMARY_ROWS_SHOWN;
  const shown = folded ? shipments.slice(0, SUMMARY_ROWS_SHOWN) : shipments;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payment-summary-title">
      <Title order={2} size="h4" mb="sm" id="payment-summary-title">
        Resumen de {shipments.length === 1 ? '1 envío' : `${shipments.length} envíos`}
      </Title>
      <ResponsiveTable stackBelow="sm" aria-label="Envíos a pagar" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Folio</Table.Th>
            <Table.Th>Destino</Table.Th>
            <Table.Th>Servicio</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{s.numberOfOrder}</Table.Td>
              <Table.Td {...cell('title', 'Destino')}>
                <Text size="sm" fw={600}>
                  {s.destinationName}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.address} · CP {s.postalCode}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {s.carrier} {s.serviceName}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {s.paid ? (
                  <Stack gap={2} align="flex-end">
                    <Text size="sm" td="line-through" c="dimmed">
                      {mxn(s.total)}
                    </Text>
                    <Badge color="green" variant="light" size="sm">
                      Ya pagado
                    </Badge>
                  </Stack>
                ) : (
                  mxn(s.total)
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {shipments.length > SUMMARY_ROWS_SHOWN && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Button variant="subtle" size="compact-sm" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
                  {folded ? `Ver los ${shipments.length} envíos` : `Ver solo los primeros ${SUMMARY_ROWS_SHOWN}`}
                </Button>
              </Table.Td>
            </Table.Tr>
          )}
          {overweight && overweight.centavos > 0 && (
            <Table.Tr>
              <Table.Th colSpan={3} scope="row" fw={500}>
                Sobrepeso de envíos anteriores ({foliosText(overweight)})
              </Table.Th>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMXN(overweight.centavos)}
              </Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th colSpan={3} scope="row">
              Total a pagar
            </Table.Th>
            <Table.Td ta="right" fw={800} style={{ whiteSpace: 'nowrap' }}>
              {formatMXN(totalCentavos)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </ResponsiveTable>
    </Card>
  );
}
