import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Badge, Checkbox, Group, Skeleton, Table, Text } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { paymentStatusLabels, shipmentMessages, type ShipmentRow } from '@envios/contracts/shipments';
import { NO_EVENTS_TEXT, trackingHeadlines } from '@envios/contracts/tracking-rules';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { GuidePdfLink } from './guide-pdf-link';

export interface ShipmentsTableProps {
  /** undefined while the first page loads (skeleton rows). */
  rows: ShipmentRow[] | undefined;
  selected: ReadonlySet<string>;
  onToggle: (row: ShipmentRow, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  busy?: boolean;
  /** Under the status: the payment still open for the row (an OXXO reference), if any. */
  paymentNote?: ((row: ShipmentRow) => ReactNode) | undefined;
}

const COLUMNS = ['Destino', 'Servicio', 'N° de guía', 'Estatus guía', 'Seguimiento', 'Días en tránsito', 'Total', 'Guía'] as const;

function days(n: number): string {
  return n === 1 ? '1 día' : `${n} días`;
}

/**
 * 'Seguimiento': the guide's headline, the same one the tracking modal and /rastreo/{guía} show,
 * linked to the shareable page. A guide the carrier has said nothing about yet is 'Guía creada'
 * with 'Sin movimientos' under it; without a guide there is nothing to follow yet.
 */
function TrackingCell({ guide, status }: { guide: string | null; status: string | null }) {
  if (!guide) {
    return (
      <Text span size="sm" c="dimmed">
        {NO_EVENTS_TEXT}
      </Text>
    );
  }
  const label = status ?? trackingHeadlines.created;
  return (
    <span>
      <Anchor component={Link} to={paths.tracking(guide)} size="sm" aria-label={`${label}, rastrear la guía ${guide}`}>
        {label}
      </Anchor>
      {!status && (
        <Text span size="xs" c="dimmed" display="block">
          {NO_EVENTS_TEXT}
        </Text>
      )}
    </span>
  );
}

/** A click on the row opens the detail, unless it landed on a control of its own. */
function isOwnControl(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest('a, button, input, label, [role="checkbox"]') !== null;
}

/** Mis Envíos' columns; each row opens /shipments/{id} (its Destino is the keyboard link). */
export function ShipmentsTable({ rows, selected, onToggle, onToggleAll, busy = false, paymentNote }: ShipmentsTableProps) {
  const navigate = useNavigate();
  const all = rows !== undefined && rows.length > 0 && rows.every((r) => selected.has(r._id));
  const some = rows !== undefined && rows.some((r) => selected.has(r._id));

  return (
    <ResponsiveTable
      stackBelow="lg"
      highlightOnHover
      verticalSpacing="sm"
      aria-label="Mis envíos"
      aria-busy={busy || rows === undefined}
      style={{ opacity: busy ? 0.6 : 1 }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40} data-card-label="Seleccionar todos">
            <Checkbox
              aria-label="Seleccionar todos"
              checked={all}
              indeterminate={some && !all}
              disabled={!rows || rows.length === 0}
              onChange={(event) => onToggleAll(event.currentTarget.checked)}
            />
          </Table.Th>
          {COLUMNS.map((c) => (
            <Table.Th key={c}>{c}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows === undefined &&
          Array.from({ length: 5 }, (_, i) => (
            <Table.Tr key={i}>
              {Array.from({ length: COLUMNS.length + 1 }, (__, j) => (
                <Table.Td key={j}>
                  <Skeleton height={14} radius="sm" />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        {rows?.map((row) => {
          const folio = `envío ${row.numberOfOrder}`;
          return (
            <Table.Tr
              key={row._id}
              style={{ cursor: 'pointer' }}
              bg={selected.has(row._id) ? 'var(--mantine-color-brand-0)' : undefined}
              onClick={(event) => {
                if (!isOwnControl(event)) void navigate(paths.shipment(row._id));
              }}
            >
              <Table.Td {...cell('select')}>
                <Checkbox
                  aria-label={`Seleccionar ${folio} a ${row.destination_name}`}
                  checked={selected.has(row._id)}
                  onChange={(event) => onToggle(row, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td {...cell('title')}>
                <Anchor component={Link} to={paths.shipment(row._id)} fw={600} aria-label={`${row.destination_name}, ver ${folio}`}>
                  {row.destination_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.destination_line} · CP {row.destination_postal_code}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.carrier}</Text>
                <Text size="xs" c="dimmed">
                  {row.carrier_service_name}
                </Text>
              </Table.Td>
              <Table.Td>
                {row.number_guide ?? (
                  <Text span size="sm" c="dimmed">
                    {shipmentMessages.noGuide}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge color={row.status ? 'green' : 'orange'} variant="light" tt="none">
                  {row.status ? paymentStatusLabels.paid : paymentStatusLabels.unpaid}
                </Badge>
                {paymentNote?.(row)}
              </Table.Td>
              <Table.Td>
                <TrackingCell guide={row.number_guide} status={row.tracking_status} />
              </Table.Td>
              <Table.Td>{days(row.total_transit_days)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMXN(toCentavos(row.total_amount))}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <GuidePdfLink href={row.guide} paid={row.status} label={folio} />
                  {row.label_printed_at && (
                    <Badge color="gray" variant="light" tt="none" title={`Etiqueta descargada el ${formatDateTime(row.label_printed_at)}`}>
                      Impresa
                    </Badge>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
