import { Fragment, useEffect, useState } from 'react';
import { useFieldArray, useWatch, type FieldErrors } from 'react-hook-form';
import { ActionIcon, Alert, Anchor, Badge, Button, FileButton, Group, List, NativeSelect, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import {
  DOMESTIC_ZONES,
  INTERNATIONAL_ZONES,
  TARIFF_CSV_COLUMNS,
  ZONE_LABELS,
  replaceTariffTableInputSchema,
  type ReplaceTariffTableInput,
  type TariffRow,
  type TariffTableResponse,
  type TariffZone,
} from '@envios/contracts/carriers';
import { ApiRequestError } from '@/lib/api-client';
import { tariffCsvUrl } from '../api/export-tariff-csv';
import { useImportTariffCsv } from '../api/import-tariff-csv';
import { useReplaceTariffTable } from '../api/replace-tariff-table';
import { useTariffTable } from '../api/get-tariff-table';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { asNumber } from '@/components/ui/form/to-number';

type TariffForm = ReplaceTariffTableInput;
type RowField = keyof TariffForm['rows'][number];

/** The API names a row's columns as the CSV does; the form uses the JSON names. */
const FIELD_BY_COLUMN: Record<string, RowField> = {
  zona: 'zone',
  peso_desde_kg: 'min_kg',
  peso_hasta_kg: 'max_kg',
  precio_base: 'base_price',
  precio_kg_adicional: 'extra_kg_price',
};

const COLUMN_LABELS: Record<string, string> = {
  zona: 'Zona',
  peso_desde_kg: 'Desde (kg)',
  peso_hasta_kg: 'Hasta (kg)',
  precio_base: 'Precio base',
  precio_kg_adicional: 'Kg adicional',
};

function formRows(rows: readonly TariffRow[]): TariffForm['rows'] {
  return [...rows]
    .sort((a, b) => TARIFF_ZONE_ORDER.indexOf(a.zone) - TARIFF_ZONE_ORDER.indexOf(b.zone) || a.min_kg - b.min_kg)
    .map(({ zone, min_kg, max_kg, base_price, extra_kg_price }) => ({ zone, min_kg, max_kg, base_price, extra_kg_price }));
}

const TARIFF_ZONE_ORDER: readonly TariffZone[] = [...DOMESTIC_ZONES, ...INTERNATIONAL_ZONES];

interface RowProblem {
  row: number | null;
  column: string | null;
  message: string;
}

/** "fila.7.precio_base" (CSV line) or "rows.6.precio_base" (JSON index) → its row and column. */
function parseProblemPath(path: string): { kind: 'fila' | 'rows' | 'other'; index: number | null; column: string | null } {
  const [head, index, column] = path.split('.');
  if ((head === 'fila' || head === 'rows') && index !== undefined && /^\d+$/.test(index)) {
    return { kind: head, index: Number(index), column: column ?? null };
  }
  return { kind: 'other', index: null, column: null };
}

type RowErrors = Partial<Record<RowField, { message?: string } | undefined>>;

function clientProblems(errors: FieldErrors<TariffForm>): string[] {
  const out: string[] = [];
  const rows = errors.rows as unknown as ((RowErrors | undefined)[] & { message?: string; root?: { message?: string } }) | undefined;
  if (rows && Array.isArray(rows)) {
    rows.forEach((row, i) => {
      if (!row) return;
      for (const key of ['zone', 'min_kg', 'max_kg', 'base_price', 'extra_kg_price'] as const) {
        const message = row[key]?.message;
        if (message) out.push(`Fila ${i + 1}: ${message}`);
      }
    });
  }
  if (rows?.message) out.push(rows.message);
  if (rows?.root?.message) out.push(rows.root.message);
  return out;
}

/** The file's text as UTF-8 (FileReader, which every browser and the test DOM have). */
function readFileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer el archivo.'));
    reader.readAsText(file, 'utf-8');
  });
}

export interface TariffEditorProps {
  serviceId: string;
}

function TariffTableForm({ serviceId, table }: { serviceId: string; table: TariffTableResponse }) {
  const replace = useReplaceTariffTable();
  const importCsv = useImportTariffCsv();
  const [saved, setSaved] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const [csvProblems, setCsvProblems] = useState<{ message: string; rows: RowProblem[] } | null>(null);
  const zones = table.service.scope === 'domestic' ? DOMESTIC_ZONES : INTERNATIONAL_ZONES;

  const form = useZodForm(replaceTariffTableInputSchema, {
    defaultValues: { rows: formRows(table.rows) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'rows' });
  const { errors, isDirty } = form.formState;

  // A save or an import brings a new table: the form starts again from it (a refetch of the
  // same table leaves unsaved edits alone).
  const serverRows = JSON.stringify(formRows(table.rows));
  useEffect(() => {
    form.reset({ rows: JSON.parse(serverRows) as TariffForm['rows'] });
  }, [serverRows, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    setServerProblems([]);
    try {
      const result = await replace.mutateAsync({ serviceId, data: values });
      setSaved(`Tarifa guardada: ${result.rows.length} filas. Las próximas cotizaciones ya usan estos precios.`);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        setServerProblems(['No pudimos conectar con el servidor. Intenta de nuevo.']);
        return;
      }
      const list = error.body.errors ?? [];
      for (const e of list) {
        const where = parseProblemPath(e.path);
        const field = where.column ? FIELD_BY_COLUMN[where.column] : undefined;
        if (where.kind === 'rows' && where.index !== null && field) {
          form.setError(`rows.${where.index}.${field}`, { type: 'server', message: e.message });
        }
      }
      setServerProblems(list.length > 0 ? list.map((e) => e.message) : [error.body.message]);
    }
  });

  async function importFile(file: File | null) {
    if (!file) return;
    setSaved(null);
    setCsvProblems(null);
    setServerProblems([]);
    try {
      const result = await importCsv.mutateAsync({ serviceId, csv: await readFileText(file) });
      setSaved(`Se importaron ${result.imported} filas de «${file.name}». Las próximas cotizaciones ya usan estos precios.`);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setCsvProblems({
          message: error.body.message,
          rows: (error.body.errors ?? []).map((e) => {
            const where = parseProblemPath(e.path);
            return { row: where.kind === 'fila' ? where.index : null, column: where.column, message: e.message };
          }),
        });
      } else {
        setCsvProblems({ message: 'No pudimos leer o enviar el archivo. Intenta de nuevo.', rows: [] });
      }
    }
  }

  const problems = [...clientProblems(errors), ...serverProblems.filter((p) => !clientProblems(errors).includes(p))];
  const watchedZones = (useWatch({ control: form.control, name: 'rows' }) ?? []).map((r) => r.zone);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={`Tarifa de ${table.service.name}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Text size="sm" c="dimmed" maw={620}>
            Precio por guía = precio base + (kg facturables − kg inicial del rango) × precio por kg adicional. Cada zona empieza en 1 kg, sin huecos ni rangos
            encimados, y el precio nunca baja al subir de peso.
          </Text>
          <Group gap="xs">
            <Button component="a" href={tariffCsvUrl(serviceId)} download variant="default" size="sm">
              Exportar CSV
            </Button>
            <FileButton onChange={(file) => void importFile(file)} accept=".csv,text/csv">
              {(props) => (
                <Button {...props} variant="default" size="sm" loading={importCsv.isPending}>
                  Importar CSV
                </Button>
              )}
            </FileButton>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          El CSV lleva las columnas {TARIFF_CSV_COLUMNS.join(', ')} (coma o punto y coma, importes con punto decimal). Importar reemplaza toda la tabla de este
          servicio, o nada si alguna fila tiene errores.
        </Text>

        {saved && (
          <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setSaved(null)}>
            {saved}
          </Alert>
        )}
        {csvProblems && (
          <Alert color="red" variant="light" role="alert" title="El archivo no se importó" withCloseButton onClose={() => setCsvProblems(null)}>
            <Text size="sm" mb={csvProblems.rows.length > 0 ? 'xs' : 0}>
              {csvProblems.message}
            </Text>
            {csvProblems.rows.length > 0 && (
              <Table withTableBorder={false} verticalSpacing={4} fz="sm" aria-label="Errores del archivo">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Fila</Table.Th>
                    <Table.Th>Columna</Table.Th>
                    <Table.Th>Problema</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {csvProblems.rows.map((p, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{p.row ?? '—'}</Table.Td>
                      <Table.Td>{p.column ? (COLUMN_LABELS[p.column] ?? p.column) : '—'}</Table.Td>
                      <Table.Td>{p.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Alert>
        )}
        {problems.length > 0 && (
          <Alert color="red" variant="light" role="alert" title="La tarifa no se guardó">
            <List size="sm" spacing={2}>
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        <ResponsiveTable stackBelow="md" verticalSpacing={6} aria-label={`Rangos de peso de ${table.service.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>Fila</Table.Th>
              <Table.Th>Zona</Table.Th>
              <Table.Th w={110}>Desde (kg)</Table.Th>
              <Table.Th w={110}>Hasta (kg)</Table.Th>
              <Table.Th w={150}>Precio base (MX$)</Table.Th>
              <Table.Th w={150}>Kg adicional (MX$)</Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>Quitar</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, index) => {
              const rowErrors = errors.rows?.[index];
              const zone = watchedZones[index];
              const newZone = index === 0 || watchedZones[index - 1] !== zone;
              const n = index + 1;
              return (
                <Fragment key={field.id}>
                  {newZone && zone && (
                    <Table.Tr bg="var(--mantine-color-gray-0)">
                      <Table.Td colSpan={7}>
                        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                          {ZONE_LABELS[zone]}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  <Table.Tr>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {n}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <NativeSelect
                        size="xs"
                        aria-label={`Zona de la fila ${n}`}
                        data={zones.map((z) => ({ value: z, label: ZONE_LABELS[z] }))}
                        error={Boolean(rowErrors?.zone)}
                        {...form.register(`rows.${index}.zone`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        type="number"
                        min={1}
                        step={1}
                        aria-label={`Desde (kg) de la fila ${n}`}
                        error={Boolean(rowErrors?.min_kg)}
                        {...form.register(`rows.${index}.min_kg`, asNumber)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        type="number"
                        min={1}
                        step={1}
                        aria-label={`Hasta (kg) de la fila ${n}`}
                        error={Boolean(rowErrors?.max_kg)}
                        {...form.register(`rows.${index}.max_kg`, asNumber)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        type="number"
                        min={0}
                        step={0.01}
                        inputMode="decimal"
                        aria-label={`Precio base de la fila ${n}`}
                        error={Boolean(rowErrors?.base_price)}
                        {...form.register(`rows.${index}.base_price`, asNumber)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        type="number"
                        min={0}
                        step={0.01}
                        inputMode="decimal"
                        aria-label={`Precio por kg adicional de la fila ${n}`}
                        error={Boolean(rowErrors?.extra_kg_price)}
                        {...form.register(`rows.${index}.extra_kg_price`, asNumber)}
                      />
                    </Table.Td>
                    <Table.Td {...cell('actions')}>
                      <ActionIcon variant="subtle" color="red" onClick={() => remove(index)} aria-label={`Quitar la fila ${n}`}>
                        ×
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                </Fragment>
              );
            })}
            {fields.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center" py="md">
                    Este servicio aún no tiene tarifa. Agrega filas o importa un CSV.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </ResponsiveTable>

        <Group justify="space-between">
          <Button
            variant="light"
            onClick={() => {
              const last = form.getValues('rows').at(-1);
              append({
                zone: last?.zone ?? zones[0],
                min_kg: last ? Number(last.max_kg) + 1 : 1,
                max_kg: last ? Number(last.max_kg) + 5 : 5,
                base_price: last ? Number(last.base_price) : 0,
                extra_kg_price: last ? Number(last.extra_kg_price) : 0,
              });
            }}
          >
            Agregar fila
          </Button>
          <Group gap="xs">
            <Button variant="default" disabled={!isDirty || replace.isPending} onClick={() => form.reset({ rows: formRows(table.rows) })}>
              Descartar cambios
            </Button>
            <Button type="submit" loading={replace.isPending} disabled={!isDirty}>
              Guardar tarifa
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** One service's tariff table: edit, export and import it. */
export function TariffEditor({ serviceId }: TariffEditorProps) {
  const table = useTariffTable(serviceId);
  if (table.isPending) {
    return (
      <Text c="dimmed" role="status">
        Cargando la tarifa…
      </Text>
    );
  }
  if (table.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {table.error.message}{' '}
        <Anchor component="button" type="button" onClick={() => void table.refetch()}>
          Intentar de nuevo
        </Anchor>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light" color={table.data.service.scope === 'domestic' ? 'brand' : 'grape'}>
          {table.data.service.scope === 'domestic' ? 'Nacional' : 'Internacional'}
        </Badge>
        <Badge variant="light" color={table.data.service.enabled ? 'green' : 'gray'}>
          {table.data.service.enabled ? 'Activo' : 'Inactivo'}
        </Badge>
        {table.data.service.rate_source === 'api' && (
          <Badge variant="light" color="orange">
            Cotiza con la API de la paquetería
          </Badge>
        )}
      </Group>
      <TariffTableForm serviceId={serviceId} table={table.data} />
    </Stack>
  );
}
