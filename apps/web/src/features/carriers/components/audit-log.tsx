import { Fragment, useState, type ComponentType } from 'react';
import { Alert, Button, Code, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { AUDIT_ENTITIES, type AuditEntry } from '@envios/contracts/carriers';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { formatDateTime } from '@/lib/dates';
import { useCarrierAudit } from '../api/get-carrier-audit';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';

const ENTITY_LABELS: Record<AuditEntry['entity'], string> = {
  carrier: 'Paqueterías',
  service: 'Servicios',
  tariff: 'Tarifas',
  remote_area: 'Áreas remotas',
  markup: 'Márgenes',
};

const FIELD_LABELS: Record<string, string> = {
  enabled: 'Activo',
  remote_area_surcharge: 'Recargo por área remota',
  insurance_rate_percent: 'Tasa del seguro (%)',
  insurance_min: 'Mínimo del seguro',
  name: 'Nombre',
  transit_days: 'Días de tránsito',
  max_weight_kg: 'Peso máximo (kg)',
  guide_source: 'Origen de guías',
  document_price: 'Precio del sobre',
  package_types: 'Tipos de envío',
  zone: 'Zona',
  min_kg: 'Desde (kg)',
  max_kg: 'Hasta (kg)',
  base_price: 'Precio base',
  extra_kg_price: 'Kg adicional',
  percent: 'Porcentaje',
  fixed_amount: 'Monto fijo',
  postal_codes: 'Códigos postales',
  service_id: 'Servicio',
  user_id: 'Cliente',
};

const MONEY_FIELDS = new Set(['remote_area_surcharge', 'insurance_min', 'document_price', 'base_price', 'extra_kg_price', 'fixed_amount', 'surcharge']);

function show(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number' && MONEY_FIELDS.has(key)) return formatMXN(toCentavos(value));
  if (Array.isArray(value)) return value.length > 12 ? `${value.slice(0, 12).join(', ')}… (${value.length})` : value.join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

interface Change {
  label: string;
  before: string;
  after: string;
}

type Rowish = { zone?: unknown; min_kg?: unknown; max_kg?: unknown } & Record<string, unknown>;

function flatten(value: unknown): Map<string, { key: string; value: unknown }> {
  const out = new Map<string, { key: string; value: unknown }>();
  if (!value || typeof value !== 'object') return out;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    // Tariff rows are compared bracket by bracket ("nacional 1–5 kg · Precio base").
    if (key === 'rows' && Array.isArray(v)) {
      for (const row of v as Rowish[]) {
        const bracket = `${String(row.zone)} ${String(row.min_kg)}–${String(row.max_kg)} kg`;
        for (const [k, rv] of Object.entries(row)) {
          if (k === '_id' || k === 'service_id' || k === 'zone' || k === 'min_kg' || k === 'max_kg') continue;
          out.set(`${bracket} · ${FIELD_LABELS[k] ?? k}`, { key: k, value: rv });
        }
      }
      continue;
    }
    if (key === '_id' || key === 'updatedAt') continue;
    out.set(FIELD_LABELS[key] ?? key, { key, value: v });
  }
  return out;
}

/** The fields that differ between before and after, in words. */
export function describeChanges(before: unknown, after: unknown): Change[] {
  const a = flatten(before);
  const b = flatten(after);
  const labels = new Set([...a.keys(), ...b.keys()]);
  const changes: Change[] = [];
  for (const label of labels) {
    const x = a.get(label);
    const y = b.get(label);
    const key = (x ?? y)!.key;
    const bx = show(key, x?.value);
    const by = show(key, y?.value);
    if (bx !== by) changes.push({ label, before: bx, after: by });
  }
  return changes;
}

function EntryDetail({ entry }: { entry: AuditEntry }) {
  const changes = describeChanges(entry.before, entry.after);
  if (changes.length === 0) {
    return (
      <Code block fz="xs">
        {JSON.stringify({ antes: entry.before, después: entry.after }, null, 2)}
      </Code>
    );
  }
  const shown = changes.slice(0, 60);
  return (
    <Stack gap={4}>
      <Table verticalSpacing={2} fz="sm" withRowBorders={false} aria-label="Antes y después">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Campo</Table.Th>
            <Table.Th>Antes</Table.Th>
            <Table.Th>Después</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((c) => (
            <Table.Tr key={c.label}>
              <Table.Td>{c.label}</Table.Td>
              <Table.Td c="red.8">{c.before}</Table.Td>
              <Table.Td c="green.8">{c.after}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {changes.length > shown.length && (
        <Text size="xs" c="dimmed">
          … y {changes.length - shown.length} cambios más.
        </Text>
      )}
    </Stack>
  );
}

/** Every change to carriers, services, tariffs, remote areas and margins: who, when, before → after. */
export function AuditLog({ UserName }: { UserName: ComponentType<{ id: string }> }) {
  const [entity, setEntity] = useState<AuditEntry['entity'] | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const audit = useCarrierAudit({ entity, page });

  return (
    <Stack gap="md">
      <Select
        label="Mostrar"
        data={[{ value: 'all', label: 'Todos los cambios' }, ...AUDIT_ENTITIES.map((e) => ({ value: e, label: ENTITY_LABELS[e] }))]}
        value={entity ?? 'all'}
        onChange={(v) => {
          setEntity(!v || v === 'all' ? undefined : v);
          setPage(1);
        }}
        allowDeselect={false}
        w={240}
      />
      {audit.isError && (
        <Alert color="red" variant="light" role="alert">
          {audit.error.message}
        </Alert>
      )}
      <ResponsiveTable stackBelow="sm" verticalSpacing={6} aria-label="Bitácora de cambios">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>Fecha</Table.Th>
            <Table.Th w={200}>Quién</Table.Th>
            <Table.Th>Cambio</Table.Th>
            <Table.Th w={120}>Detalle</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audit.data?.docs.map((entry) => (
            <Fragment key={entry._id}>
              <Table.Tr>
                <Table.Td>
                  <Text size="sm">{formatDateTime(entry.at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.actor_id ? <UserName id={entry.actor_id} /> : 'Sistema'}</Text>
                </Table.Td>
                <Table.Td {...cell('title', 'Cambio')}>
                  <Text size="sm">{entry.summary}</Text>
                </Table.Td>
                <Table.Td {...cell('actions')}>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-expanded={open === entry._id}
                    onClick={() => setOpen((o) => (o === entry._id ? null : entry._id))}
                  >
                    {open === entry._id ? 'Ocultar' : 'Ver cambios'}
                  </Button>
                </Table.Td>
              </Table.Tr>
              {open === entry._id && (
                <Table.Tr>
                  <Table.Td colSpan={4} bg="var(--mantine-color-gray-0)">
                    <EntryDetail entry={entry} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
          {audit.data && audit.data.docs.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" ta="center" py="sm">
                  Aún no hay cambios registrados.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </ResponsiveTable>
      {audit.data && audit.data.pages > 1 && (
        <Group>
          <Pagination total={audit.data.pages} value={page} onChange={setPage} size="sm" aria-label="Páginas de la bitácora" />
        </Group>
      )}
    </Stack>
  );
}
