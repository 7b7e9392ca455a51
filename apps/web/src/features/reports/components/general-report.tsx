import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { overweightStatusLabels } from '@envios/contracts/overweight';
import { REPORT_KEYWORD_MAX, reportMessages, type ReportRow } from '@envios/contracts/reports';
import { paymentStatusLabels, shipmentMessages } from '@envios/contracts/shipments';
import { ExportButtons } from '@/components/ui/export-buttons';
import { DateRangeFilter, ListFilters, SearchFilter, SelectFilter, serviceOptions, paymentStatusOptions } from '@/components/ui/list-filters';
import { EmptyRow, ListPagination } from '@/components/ui/list-parts';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { readDay, readPage, writeListParams } from '@/lib/list-params';
import { LoadFailure } from '@/components/ui/query-status';
import { shipmentsExportUrl } from '../api/export-shipments';
import { usePeriodReport, type ReportQuery } from '../api/get-period-report';
import { useReportServices } from '../api/get-report-services';

/** Notices stay 5 seconds. */
const NOTICE_MS = 5_000;
function readQuery(params: URLSearchParams): ReportQuery {
  const status = params.get('status');
  return {
    date_ini: readDay(params, 'date_ini'),
    date_fin: readDay(params, 'date_fin'),
    service: params.get('service') || undefined,
    status: status === 'paid' || status === 'unpaid' ? status : undefined,
    filter: params.get('filter')?.trim() || undefined,
    page: readPage(params),
  };
}

function writeQuery({ page, ...filters }: ReportQuery): URLSearchParams {
  return writeListParams(filters, page);
}

const mxn = (amount: number) => formatMXN(toCentavos(amount));
const measures = (r: ReportRow) => r.parcels.map((p) => `${p.height} × ${p.width} × ${p.depth}`).join(' · ');
const customer = (r: ReportRow) => `${r.customer_info.first_names} ${r.customer_info.last_names}`.trim();

export interface OverweightEditorProps {
  row: ReportRow;
  onClose: () => void;
  /** After a save: the page says what happened and reloads. */
  onSaved: (notice: string) => void;
}

function OverweightCell({ row }: { row: ReportRow }) {
  if (!row.overweight_status) return null;
  const color =
    row.overweight_status === 'paid' ? 'green' : row.overweight_status === 'pending' ? 'orange' : row.overweight_status === 'disputed' ? 'violet' : 'gray';
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={color} variant="light" tt="none">
        {overweightStatusLabels[row.overweight_status]}
      </Badge>
      {row.cost_overweight !== null && row.overweight_status !== 'cancelled' && (
        <Text size="xs" c="dimmed">
          {row.overweight} kg · {mxn(row.cost_overweight)}
        </Text>
      )}
    </Stack>
  );
}

function GuideCell({ row }: { row: ReportRow }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {row.number_guide ?? shipmentMessages.noGuideStats}
      </Text>
      <Anchor component={Link} to={paths.shipment(row._id)} size="xs" aria-label={`Ver el envío ${row.numberOfOrder}`}>
        Folio {row.numberOfOrder}
      </Anchor>
      {row.reference && (
        <Text size="xs" c="dimmed">
          Ref. {row.reference}
        </Text>
      )}
    </Stack>
  );
}

function PdfCell({ row }: { row: ReportRow }) {
  if (!row.guide) return null;
  return (
    <Anchor href={row.guide} target="_blank" rel="noopener" size="xs" fw={600} aria-label={`Guía en PDF del envío ${row.numberOfOrder}`}>
      Guía PDF
    </Anchor>
  );
}

/**
 * 'Reporte General' (admin): every customer's shipments in a period, filtered by service,
 * payment status and keyword, ten to a page; a double click opens the shipment; 'Sobrepeso' opens
 * the overweight editor (given by the page); 'Exportar' writes the whole selection.
 */
export function GeneralReport({ overweightEditor }: { overweightEditor: (props: OverweightEditorProps) => ReactNode }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const report = usePeriodReport(query);
  const services = useReportServices();
  const phone = useMediaQuery('(max-width: 48em)');
  const [editing, setEditing] = useState<ReportRow | null>(null);
  const [warnUnpaid, setWarnUnpaid] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function update(change: Partial<ReportQuery>) {
    setParams(writeQuery({ ...query, page: 1, ...change }));
  }

  function openOverweight(row: ReportRow) {
    if (!row.status) setWarnUnpaid(true);
    else setEditing(row);
  }

  const data = report.data;
  const rows = data?.docs;
  const { page: _page, ...filters } = query;

  const overweightButton = (row: ReportRow) => (
    <Button size="compact-sm" variant="light" onClick={() => openOverweight(row)} aria-label={`Sobrepeso del envío ${row.numberOfOrder}`}>
      Sobrepeso
    </Button>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{reportMessages.title}</Title>
        <ExportButtons urlFor={(format) => shipmentsExportUrl(filters, format)} baseName="shipments" what="envíos" />
      </Group>

      <ListFilters>
        <DateRangeFilter from={query.date_ini} to={query.date_fin} onChange={({ from, to }) => update({ date_ini: from, date_fin: to })} />
        <SelectFilter
          label="Servicio"
          allLabel="Servicios"
          options={serviceOptions(services.data)}
          value={query.service}
          onChange={(service) => update({ service })}
          miw={180}
        />
        <SelectFilter
          label="Estatus de pago"
          allLabel="Estatus de pago"
          options={paymentStatusOptions}
          value={query.status}
          onChange={(status) => update({ status })}
          miw={150}
        />
        <SearchFilter
          value={query.filter}
          placeholder="Cliente, correo, guía, folio o referencia"
          maxLength={REPORT_KEYWORD_MAX}
          onChange={(filter) => update({ filter })}
        />
      </ListFilters>

      {notice && (
        <Alert color="green" variant="light" role="status" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <LoadFailure query={report} title="No pudimos cargar el reporte" />

      {data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {data.count === 1 ? '1 envío' : `${data.count.toLocaleString('es-MX')} envíos`}
          {query.filter ? ` que ${data.count === 1 ? 'coincide' : 'coinciden'} con «${query.filter}»` : ''}
        </Text>
      )}

      {phone ? (
        <Stack gap="sm" aria-busy={report.isFetching} style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          {rows === undefined && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={120} radius="md" />)}
          {rows?.length === 0 && (
            <Text c="dimmed" ta="center" py="md">
              Ningún envío coincide con los filtros.
            </Text>
          )}
          {rows?.map((row) => (
            <Card key={row._id} withBorder radius="md" padding="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {customer(row)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {row.customer_info.email}
                    </Text>
                  </div>
                  <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {mxn(row.total_amount)}
                  </Text>
                </Group>
                <Text size="sm">
                  {row.carrier} - {row.carrier_service_name} · {formatDateTime(row.created_at)}
                </Text>
                <Text size="xs" c="dimmed">
                  Origen: {row.origin_name} · {measures(row)} cm · {row.weight} kg
                </Text>
                <Group justify="space-between" align="flex-end">
                  <GuideCell row={row} />
                  <Stack gap={4} align="flex-end">
                    <Badge color={row.status ? 'green' : 'orange'} variant="light" tt="none">
                      {row.status ? paymentStatusLabels.paid : paymentStatusLabels.unpaid}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {row.guide_status}
                    </Text>
                  </Stack>
                </Group>
                <Group justify="space-between">
                  <OverweightCell row={row} />
                  <Group gap="xs">
                    <PdfCell row={row} />
                    {overweightButton(row)}
                  </Group>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={1020}>
          <Table
            highlightOnHover
            verticalSpacing="sm"
            aria-label="Reporte general de envíos"
            aria-busy={report.isFetching}
            style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                {['Fecha', 'Cliente', 'Origen', 'Servicio', 'Medidas y peso', 'N° de guía', 'Estatus guía', 'Total', 'Sobrepeso'].map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows === undefined &&
                Array.from({ length: 5 }, (_, i) => (
                  <Table.Tr key={i}>
                    {Array.from({ length: 9 }, (__, j) => (
                      <Table.Td key={j}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {rows?.length === 0 && <EmptyRow colSpan={9}>Ningún envío coincide con los filtros.</EmptyRow>}
              {rows?.map((row) => (
                <Table.Tr
                  key={row._id}
                  onDoubleClick={() => void navigate(paths.shipment(row._id))}
                  style={{ cursor: 'default' }}
                  title="Doble clic para ver el envío"
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDateTime(row.created_at).slice(0, 10)}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(row.created_at).slice(11)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {customer(row)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {row.customer_info.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.origin_name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.carrier}</Text>
                    <Text size="xs" c="dimmed">
                      {row.carrier_service_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {measures(row)} cm
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.weight} kg
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <GuideCell row={row} />
                    <PdfCell row={row} />
                  </Table.Td>
                  <Table.Td>
                    <Badge color={row.status ? 'green' : 'orange'} variant="light" tt="none">
                      {row.status ? paymentStatusLabels.paid : paymentStatusLabels.unpaid}
                    </Badge>
                    <Text size="xs" c="dimmed" mt={2}>
                      {row.guide_status}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{mxn(row.total_amount)}</Table.Td>
                  <Table.Td>
                    <Stack gap={6} align="flex-start">
                      <OverweightCell row={row} />
                      {overweightButton(row)}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {data && (
        <ListPagination page={data.page} pages={data.pages} onChange={(page) => setParams(writeQuery({ ...query, page }))} label="Páginas del reporte" />
      )}

      <Modal opened={warnUnpaid} onClose={() => setWarnUnpaid(false)} title={shipmentMessages.paidSelectedTitle} centered>
        <Stack>
          <Text>Este envío aún no se paga: el sobrepeso se registra cuando la guía ya fue comprada y la paquetería la midió.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWarnUnpaid(false)}>
              Cancelar
            </Button>
          </Group>
        </Stack>
      </Modal>

      {editing &&
        overweightEditor({
          row: editing,
          onClose: () => setEditing(null),
          onSaved: (text) => {
            setEditing(null);
            setNotice(text);
            void report.refetch();
          },
        })}
    </Stack>
  );
}
