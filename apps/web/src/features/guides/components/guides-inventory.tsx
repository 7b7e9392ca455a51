import { useState } from 'react';
import { Badge, Button, Card, FileButton, List, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { inventoryUploadSchema, type InventoryStock, type InventoryUploadResult } from '@envios/contracts/guides';
import { QueryStatus } from '@/components/ui/query-status';
import { useInventory } from '../api/get-inventory';
import { useUploadInventory } from '../api/upload-inventory';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';

/** How many invalid lines the result lists before summing up the rest. */
const INVALID_SHOWN = 50;

/** Reads a text file in the browser, reporting how much was read (0–1). */
function readFileText(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('No se pudo leer el archivo.'));
    reader.readAsText(file, 'utf-8');
  });
}

type UploadState =
  | { stage: 'reading'; serviceId: string; file: string; fraction: number }
  | { stage: 'uploading'; serviceId: string; file: string }
  | { stage: 'done'; serviceId: string; file: string; result: InventoryUploadResult }
  | { stage: 'failed'; serviceId: string; file: string; message: string };

function serviceLabel(row: InventoryStock): string {
  return `${row.carrier} ${row.service_name}`;
}

function UploadResult({ result, file }: { result: InventoryUploadResult; file: string }) {
  const { invalid } = result;
  return (
    <Stack gap={6}>
      <Text fw={600}>
        {file}: {result.added} {result.added === 1 ? 'guía agregada' : 'guías agregadas'}, {result.duplicates}{' '}
        {result.duplicates === 1 ? 'duplicada' : 'duplicadas'}, {invalid.length} {invalid.length === 1 ? 'línea no válida' : 'líneas no válidas'}.
      </Text>
      <Text size="sm">Disponibles ahora: {result.stock.available}</Text>
      {invalid.length > 0 && (
        <List size="sm" aria-label="Líneas no válidas">
          {invalid.slice(0, INVALID_SHOWN).map((line) => (
            <List.Item key={line.line}>
              Línea {line.line}: «{line.value}» — {line.message}
            </List.Item>
          ))}
          {invalid.length > INVALID_SHOWN && <List.Item>…y {invalid.length - INVALID_SHOWN} más.</List.Item>}
        </List>
      )}
    </Stack>
  );
}

/**
 * Guide inventory (admin, /admin/guias): stock per service and, for the services that take their
 * guides from the inventory, a CSV upload (one guide number per line; a `guia` header is skipped).
 */
export function GuidesInventory() {
  const inventory = useInventory();
  const upload = useUploadInventory();
  const [state, setState] = useState<UploadState | null>(null);
  const busy = state?.stage === 'reading' || state?.stage === 'uploading';

  const send = async (row: InventoryStock, file: File | null) => {
    if (!file) return;
    const base = { serviceId: row.service_id, file: file.name };
    try {
      setState({ ...base, stage: 'reading', fraction: 0 });
      const csv = await readFileText(file, (fraction) => setState({ ...base, stage: 'reading', fraction }));
      const checked = inventoryUploadSchema.safeParse({ csv });
      if (!checked.success) {
        setState({ ...base, stage: 'failed', message: checked.error.issues[0]?.message ?? 'El archivo CSV no es válido.' });
        return;
      }
      setState({ ...base, stage: 'uploading' });
      const result = await upload.mutateAsync({ serviceId: row.service_id, csv: checked.data.csv });
      setState({ ...base, stage: 'done', result });
    } catch (error) {
      setState({ ...base, stage: 'failed', message: error instanceof Error ? error.message : 'No se pudo cargar el archivo.' });
    }
  };

  const stateRow = state ? inventory.data?.find((r) => r.service_id === state.serviceId) : undefined;

  return (
    <Stack gap="lg">
      <Title order={1}>Inventario de guías</Title>
      <Text c="dimmed" maw={720}>
        Los servicios que toman sus guías del inventario necesitan existencias para poder pagarse. Sube un archivo CSV con un número de guía por línea (letras,
        dígitos y guiones, de 6 a 40 caracteres); una primera línea «guia» se ignora.
      </Text>
      <QueryStatus query={inventory} loadingLabel="Cargando inventario" />
      {state && stateRow && (
        <Card component="section" withBorder radius="md" padding="md" aria-live="polite" aria-label={`Carga de ${serviceLabel(stateRow)}`}>
          <Stack gap="xs">
            <Text fw={600}>{serviceLabel(stateRow)}</Text>
            {state.stage === 'reading' && (
              <>
                <Text size="sm">Leyendo {state.file}…</Text>
                <Progress value={Math.round(state.fraction * 50)} aria-label="Progreso de la carga" />
              </>
            )}
            {state.stage === 'uploading' && (
              <>
                <Text size="sm">Cargando las guías de {state.file}…</Text>
                <Progress value={75} animated striped aria-label="Progreso de la carga" />
              </>
            )}
            {state.stage === 'done' && <UploadResult result={state.result} file={state.file} />}
            {state.stage === 'failed' && (
              <Text c="red" role="alert">
                {state.file}: {state.message}
              </Text>
            )}
          </Stack>
        </Card>
      )}
      {inventory.data && inventory.data.length === 0 && <Text c="dimmed">No hay servicios activos.</Text>}
      {inventory.data && inventory.data.length > 0 && (
        <ResponsiveTable stackBelow="md" striped aria-label="Existencias por servicio">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Paquetería</Table.Th>
              <Table.Th>Servicio</Table.Th>
              <Table.Th>Origen de guías</Table.Th>
              <Table.Th ta="right">Disponibles</Table.Th>
              <Table.Th ta="right">Reservadas</Table.Th>
              <Table.Th ta="right">Usadas</Table.Th>
              <Table.Th ta="right">De demostración</Table.Th>
              <Table.Th>Cargar CSV</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inventory.data.map((row) => (
              <Table.Tr key={row.service_id}>
                <Table.Td {...cell('title', 'Paquetería')}>
                  <Text span fw={600} size="sm">
                    {row.carrier}
                  </Text>
                </Table.Td>
                <Table.Td>{row.service_name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={row.guide_source === 'inventory' ? 'blue' : 'gray'}>
                    {row.guide_source === 'inventory' ? 'Inventario' : 'API de la paquetería'}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" c={row.guide_source === 'inventory' && row.available === 0 ? 'red.8' : undefined}>
                  {row.available}
                </Table.Td>
                <Table.Td ta="right">{row.reserved}</Table.Td>
                <Table.Td ta="right">{row.used}</Table.Td>
                <Table.Td ta="right">{row.demo}</Table.Td>
                <Table.Td {...cell('actions')}>
                  {row.guide_source === 'inventory' ? (
                    <FileButton accept=".csv,.txt,text/csv,text/plain" onChange={(file) => void send(row, file)} disabled={busy}>
                      {(props) => (
                        <Button {...props} size="xs" variant="light" disabled={busy} aria-label={`Subir CSV de ${serviceLabel(row)}`}>
                          Subir CSV
                        </Button>
                      )}
                    </FileButton>
                  ) : (
                    <Text size="xs" c="dimmed">
                      No aplica
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
    </Stack>
  );
}
