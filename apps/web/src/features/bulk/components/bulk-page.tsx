import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Loader,
  Pagination,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { BULK_ROWS_MAX, bulkRowStatusLabels, type BulkRow, type BulkRowStatus, type BulkUpload } from '@envios/contracts/bulk';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { LoadFailure } from '@/components/ui/query-status';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDateTime } from '@/lib/dates';
import { useCreateBulkShipments } from '../api/create-bulk-shipments';
import { BULK_ROWS_PAGE, useBulkRows } from '../api/get-bulk-rows';
import { useBulkUpload } from '../api/get-bulk-upload';
import { useBulkUploads } from '../api/get-bulk-uploads';
import { useUpdateBulkRow } from '../api/update-bulk-row';
import { useUploadBulkFile } from '../api/upload-bulk-file';
import { BulkRowModal } from './bulk-row-modal';

const STATUS_COLORS: Record<BulkRowStatus, string> = { pending: 'gray', valid: 'green', invalid: 'red', duplicate: 'yellow', created: 'blue' };
const FILTERS: { value: BulkRowStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'invalid', label: 'Con errores' },
  { value: 'valid', label: 'Listas' },
  { value: 'duplicate', label: 'Ya creadas' },
  { value: 'created', label: 'Creadas' },
];
const number = new Intl.NumberFormat('es-MX');

export interface BulkPageProps {
  /** The upload shown (`?carga=`), or null for a new one. */
  uploadId: string | null;
  onOpen: (id: string | null) => void;
  templateHref: (format: 'xlsx' | 'csv') => string;
  payHref: (uploadId: string) => string;
  /** «Descargar etiquetas» of the upload (the guides feature's button, composed by the route). */
  renderLabels?: ((slot: { uploadId: string; label: string }) => ReactNode) | undefined;
}

function UploadCard({ onUploaded }: { onUploaded: (id: string) => void }) {
  const upload = useUploadBulkFile();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          2. Sube tu archivo
        </Title>
        <Text size="sm" c="dimmed">
          Excel (.xlsx) o CSV, hasta {number.format(BULK_ROWS_MAX)} filas. Revisamos cada fila con las mismas reglas del asistente y la cotizamos; las filas con
          errores se explican y las corriges aquí mismo.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label="Archivo de envíos"
            placeholder="Elige tu archivo"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={setFile}
            clearable
            miw={260}
            style={{ flex: 1 }}
          />
          <Button
            disabled={!file}
            loading={upload.isPending}
            onClick={() => {
              if (!file) return;
              setSent(0);
              upload.mutate({ file, onProgress: setSent }, { onSuccess: (report) => onUploaded(report._id) });
            }}
          >
            Subir y revisar
          </Button>
        </Group>
        {upload.isPending && (
          <Stack gap={4} role="status" aria-live="polite">
            <Text size="sm">{sent < 1 ? `Subiendo el archivo… ${Math.round(sent * 100)} %` : 'Leyendo el archivo…'}</Text>
            <Progress value={sent * 100} animated aria-label="Avance de la subida" />
          </Stack>
        )}
        {upload.isError && (
          <Alert color="red" variant="light" role="alert" title="No pudimos leer el archivo">
            {upload.error.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function ErrorList({ row }: { row: BulkRow }) {
  if (row.status === 'duplicate' && row.duplicate_of) {
    const d = row.duplicate_of;
    return (
      <Text size="sm">
        {d.same_file_row !== null
          ? `Igual a la fila ${d.same_file_row} de este archivo.`
          : `Ya la creaste el ${formatDateTime(d.created_at)}${d.number_of_order ? ` (folio ${d.number_of_order})` : ''}.`}
      </Text>
    );
  }
  if (row.errors.length === 0) return null;
  return (
    <List size="sm" spacing={2}>
      {row.errors.map((e) => (
        <List.Item key={`${e.field}-${e.message}`}>
          <Text span size="sm" fw={600}>
            {e.column}:
          </Text>{' '}
          {e.message}
        </List.Item>
      ))}
    </List>
  );
}

function RowsTable({ upload, onFix }: { upload: BulkUpload; onFix: (row: BulkRow) => void }) {
  const [chosen, setFilter] = useState<BulkRowStatus | 'all'>(upload.counts.invalid > 0 ? 'invalid' : 'all');
  // A status left without rows (the last bad row fixed, every row created) shows them all again.
  const filter = chosen !== 'all' && upload.counts[chosen] === 0 ? 'all' : chosen;
  const [page, setPage] = useState(1);
  const rows = useBulkRows(upload._id, { status: filter === 'all' ? undefined : filter, page }, upload.status === 'ready');
  const recreate = useUpdateBulkRow();
  const data = rows.data;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Filtrar filas"
        value={filter}
        onChange={(v) => {
          setFilter(v);
          setPage(1);
        }}
        data={FILTERS.map((f) => ({
          value: f.value,
          label: f.value === 'all' ? `${f.label} (${number.format(upload.total_rows)})` : `${f.label} (${number.format(upload.counts[f.value])})`,
        }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <LoadFailure query={rows} title="No pudimos cargar las filas" />
      {recreate.isError && (
        <Alert color="red" variant="light" role="alert">
          {recreate.error.message}
        </Alert>
      )}
      {data && data.docs.length === 0 && <Text c="dimmed">No hay filas con este estatus.</Text>}
      {data && data.docs.length > 0 && (
        <ResponsiveTable stackBelow="md" striped aria-label="Filas del archivo">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fila</Table.Th>
              <Table.Th>Destino</Table.Th>
              <Table.Th>Paquete</Table.Th>
              <Table.Th>Servicio y precio</Table.Th>
              <Table.Th>Estatus</Table.Th>
              <Table.Th>Detalle</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.docs.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td {...cell('title')}>
                  <Text span fw={600} size="sm">
                    Fila {r.row}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.values.destino_nombre || '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {[r.values.destino_cp, r.values.destino_colonia].filter(Boolean).join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.values.paquete || [r.values.largo_cm, r.values.ancho_cm, r.values.alto_cm].filter(Boolean).join(' × ') || '—'}</Text>
                  {r.values.peso_kg && (
                    <Text size="xs" c="dimmed">
                      {r.values.peso_kg} kg
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {r.quote ? (
                    <>
                      <Text size="sm">
                        {r.quote.carrier} {r.quote.carrier_service_name}
                      </Text>
                      <Text size="xs" fw={600}>
                        {formatMXN(toCentavos(r.quote.net_total_amount))}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {r.values.servicio || 'más barato'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[r.status]} variant="light" tt="none">
                    {bulkRowStatusLabels[r.status]}
                  </Badge>
                  {r.number_of_order && (
                    <Text size="xs" c="dimmed">
                      Folio {r.number_of_order}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <ErrorList row={r} />
                </Table.Td>
                <Table.Td {...cell('actions')}>
                  <Group gap="xs" wrap="nowrap">
                    {(r.status === 'invalid' || r.status === 'valid') && (
                      <Button size="xs" variant={r.status === 'invalid' ? 'filled' : 'light'} onClick={() => onFix(r)} aria-label={`Corregir la fila ${r.row}`}>
                        Corregir
                      </Button>
                    )}
                    {r.status === 'duplicate' && (
                      <Button
                        size="xs"
                        variant="light"
                        color="yellow"
                        loading={recreate.isPending && recreate.variables?.row === r.row}
                        onClick={() => recreate.mutate({ id: upload._id, row: r.row, data: { recreate: true } })}
                      >
                        Crear de nuevo
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {data && data.pages > 1 && (
        <Pagination
          total={data.pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Página siguiente' : 'Página anterior' })}
        />
      )}
      {data && <Text size="xs" c="dimmed">{`Mostrando hasta ${BULK_ROWS_PAGE} filas por página.`}</Text>}
    </Stack>
  );
}

function UploadResult({ uploadId, payHref, renderLabels }: { uploadId: string; payHref: (id: string) => string; renderLabels: BulkPageProps['renderLabels'] }) {
  const upload = useBulkUpload(uploadId);
  const create = useCreateBulkShipments();
  const [fixing, setFixing] = useState<BulkRow | null>(null);
  const [fixed, setFixed] = useState<number | null>(null);
  const u = upload.data;
  if (upload.isPending) return <Loader aria-label="Cargando la carga masiva" />;
  if (!u) return <LoadFailure query={upload} title="No pudimos abrir la carga" />;
  const processing = u.status === 'processing';
  const percent = u.total_rows === 0 ? 100 : (u.processed_rows / u.total_rows) * 100;
  const result = create.data;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3">
              {u.file_name}
            </Title>
            <Text size="sm" c="dimmed">
              Subido el {formatDateTime(u.created_at)} · {number.format(u.total_rows)} {u.total_rows === 1 ? 'fila' : 'filas'}
            </Text>
          </div>
          {!processing && (
            <Group gap="xs">
              <Badge color="green" variant="light" tt="none">{`Listas: ${number.format(u.counts.valid)}`}</Badge>
              <Badge color="red" variant="light" tt="none">{`Con errores: ${number.format(u.counts.invalid)}`}</Badge>
              <Badge color="yellow" variant="light" tt="none">{`Ya creadas: ${number.format(u.counts.duplicate)}`}</Badge>
              <Badge color="blue" variant="light" tt="none">{`Creadas: ${number.format(u.counts.created)}`}</Badge>
            </Group>
          )}
        </Group>
        {u.ignored_columns.length > 0 && (
          <Alert color="yellow" variant="light" role="note">
            Ignoramos {u.ignored_columns.length === 1 ? 'la columna' : 'las columnas'} «{u.ignored_columns.join('», «')}»: no{' '}
            {u.ignored_columns.length === 1 ? 'está' : 'están'} en la plantilla.
          </Alert>
        )}
        {processing && (
          <Stack gap={4} role="status" aria-live="polite">
            <Text size="sm">{`Revisando y cotizando: ${number.format(u.processed_rows)} de ${number.format(u.total_rows)} filas`}</Text>
            <Progress value={percent} animated aria-label="Avance de la revisión" />
          </Stack>
        )}
        {fixed !== null && (
          <Alert color="green" variant="light" role="status" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setFixed(null)}>
            La fila {fixed} quedó lista.
          </Alert>
        )}
        {!processing && (
          <Group gap="sm" align="flex-start">
            {u.counts.valid > 0 && (
              <Button loading={create.isPending} onClick={() => create.mutate(u._id)}>
                {`Crear ${number.format(u.counts.valid)} ${u.counts.valid === 1 ? 'envío' : 'envíos'} (${formatMXN(toCentavos(u.valid_amount))})`}
              </Button>
            )}
            {u.unpaid_shipments > 0 && (
              <Button component={Link} to={payHref(u._id)} color="green">
                {`Pagar ${number.format(u.unpaid_shipments)} ${u.unpaid_shipments === 1 ? 'envío' : 'envíos'}`}
              </Button>
            )}
            {u.counts.created > 0 &&
              u.unpaid_shipments === 0 &&
              renderLabels?.({ uploadId: u._id, label: `Descargar ${number.format(u.counts.created)} etiquetas` })}
          </Group>
        )}
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {create.error.message}
          </Alert>
        )}
        {result && (
          <Alert
            color={result.skipped.length > 0 ? 'yellow' : 'green'}
            variant="light"
            role="status"
            title={`Creamos ${number.format(result.created)} ${result.created === 1 ? 'envío' : 'envíos'}`}
          >
            {result.skipped.length > 0 ? (
              <List size="sm">
                {result.skipped.map((s) => (
                  <List.Item key={s.row}>{`Fila ${s.row}: ${s.message}`}</List.Item>
                ))}
              </List>
            ) : (
              'Págalos en un solo pago con tu Monedero, PayPal, tarjeta u OXXO.'
            )}
          </Alert>
        )}
        {!processing && <RowsTable key={u._id} upload={u} onFix={setFixing} />}
      </Stack>
      <BulkRowModal
        uploadId={u._id}
        row={fixing}
        onClose={() => setFixing(null)}
        onFixed={(row) => {
          setFixing(null);
          setFixed(row.row);
        }}
      />
    </Card>
  );
}

/** Envíos masivos (/envios-masivos): the template, the upload, its per-row report, creation, payment and labels. */
export function BulkPage({ uploadId, onOpen, templateHref, payHref, renderLabels }: BulkPageProps) {
  const uploads = useBulkUploads();
  const recent = (uploads.data ?? []).filter((u) => u._id !== uploadId).slice(0, 5);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Envíos masivos</Title>
        {uploadId && (
          <Button variant="default" onClick={() => onOpen(null)}>
            Subir otro archivo
          </Button>
        )}
      </Group>
      {!uploadId && (
        <>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Title order={2} size="h3">
                1. Descarga la plantilla
              </Title>
              <Text size="sm" c="dimmed">
                Una fila por envío con el origen (o el nombre de una dirección guardada), el destino, el paquete (o el nombre de un paquete guardado), el
                contenido, el seguro y el servicio («más barato», «más rápido» o su nombre). La hoja «Valores aceptados» explica cada columna.
              </Text>
              <Group gap="sm">
                <Button component="a" href={templateHref('xlsx')} download variant="light">
                  Plantilla de Excel (.xlsx)
                </Button>
                <Button component="a" href={templateHref('csv')} download variant="default">
                  Plantilla CSV
                </Button>
              </Group>
            </Stack>
          </Card>
          <UploadCard onUploaded={(id) => onOpen(id)} />
        </>
      )}
      {uploadId && <UploadResult key={uploadId} uploadId={uploadId} payHref={payHref} renderLabels={renderLabels} />}
      {recent.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Cargas recientes
          </Title>
          {recent.map((u) => (
            <Group key={u._id} gap="xs" wrap="wrap">
              <Anchor component="button" type="button" onClick={() => onOpen(u._id)} fw={600} size="sm">
                {u.file_name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {formatDateTime(u.created_at)} · {`${number.format(u.total_rows)} filas, ${number.format(u.counts.created)} creadas`}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
