import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Group, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { printedFilterLabels, shipmentListQuerySchema, shipmentMessages, splitKeywords, type ShipmentRow } from '@envios/contracts/shipments';
import { IconBox, IconStore } from '@/components/ui/icons';
import { FoldingFilters, paymentStatusOptions, SelectFilter, serviceOptions } from '@/components/ui/list-filters';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import { paths } from '@/config/paths';
import { readPage, writeListParams } from '@/lib/list-params';
import { LoadFailure } from '@/components/ui/query-status';
import { useCarrierServices } from '../../api/get-carrier-services';
import { useDeleteShipments } from '../../api/delete-shipments';
import { useDuplicateShipments } from '../../api/duplicate-shipments';
import { useShipments, type ShipmentsQuery } from '../../api/get-shipments';
import { KeywordFilter } from './keyword-filter';
import { PageLinks } from './page-links';
import { ShipmentsTable } from './shipments-table';

/** Success messages stay 5 seconds. */
export const NOTICE_MS = 5_000;

/** Page and filters live in the address, so a reload, a shared link or 'back' keeps them. */
function readQuery(params: URLSearchParams): ShipmentsQuery {
  const page = readPage(params);
  const keywords = splitKeywords(params.get('keywords') ?? '');
  const service = params.get('service') ?? '';
  const status = params.get('status');
  const printed = params.get('printed');
  return {
    page,
    keywords,
    service: shipmentListQuerySchema.shape.service.safeParse(service).data,
    status: status === 'paid' || status === 'unpaid' ? status : undefined,
    printed: printed === 'yes' || printed === 'no' ? printed : undefined,
  };
}

function writeQuery({ keywords, service, status, printed, page }: ShipmentsQuery): URLSearchParams {
  return writeListParams({ keywords: keywords.join(','), service, status, printed }, page);
}

const printedOptions: readonly { value: 'yes' | 'no'; label: string }[] = [
  { value: 'no', label: printedFilterLabels.no },
  { value: 'yes', label: printedFilterLabels.yes },
];

function EmptyCard({ icon, title, action, children }: { icon: ReactNode; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" py="lg">
        {icon}
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed" ta="center" maw={500}>
          {children}
        </Text>
        {action}
      </Stack>
    </Card>
  );
}

interface Notice {
  color: 'green' | 'red';
  text: string;
}

export interface ShipmentsListProps {
  userId: string;
  /** The E-Commerce tab's content (the integrations feature's store orders, composed by the route). */
  ecommerce: ReactNode;
  /** The tab shown first (`?tab=ecommerce` opens the store orders). */
  initialTab?: 'envios' | 'ecommerce';
  /** «Descargar etiquetas» (the guides feature's button, composed by the route) for these shipments or today's. */
  renderLabels?: ((slot: { selection: { ids: string[] } | { today: true }; label: string; disabled: boolean }) => ReactNode) | undefined;
  /** Under a row's status: the payment still open for it (the payments feature's, composed by the route). */
  paymentNote?: (row: ShipmentRow) => ReactNode;
  /** A confirmation the page arrived with (a message sent from Contáctanos), shown above the list. */
  arrivalNotice?: string | undefined;
}

/** Tabs, filters, the table, bulk Pagar / Duplicar / Eliminar and paging. */
export function ShipmentsList({ userId, ecommerce, initialTab = 'envios', renderLabels, paymentNote, arrivalNotice }: ShipmentsListProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const queryKey = writeQuery(query).toString();
  const shipments = useShipments(userId, query);
  const services = useCarrierServices(userId);
  const duplicate = useDuplicateShipments();
  const remove = useDeleteShipments();

  // The selection belongs to one page and set of filters; changing them starts afresh.
  const [selection, setSelection] = useState<{ key: string; paid: Map<string, boolean> }>({ key: queryKey, paid: new Map() });
  const selected = selection.key === queryKey ? selection.paid : new Map<string, boolean>();
  const selectedIds = [...selected.keys()];
  const [notice, setNotice] = useState<Notice | null>(() => (arrivalNotice ? { color: 'green', text: arrivalNotice } : null));
  const [warnPaid, setWarnPaid] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    if (notice?.color !== 'green') return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function update(change: Partial<ShipmentsQuery>) {
    setParams(writeQuery({ ...query, page: 1, ...change }));
  }

  function setSelected(next: Map<string, boolean>) {
    setSelection({ key: queryKey, paid: next });
  }

  function toggle(row: ShipmentRow, checked: boolean) {
    const next = new Map(selected);
    if (checked) next.set(row._id, row.status);
    else next.delete(row._id);
    setSelected(next);
  }

  function toggleAll(checked: boolean) {
    setSelected(new Map(checked ? (shipments.data?.docs ?? []).map((r) => [r._id, r.status] as const) : []));
  }

  const anyPaid = [...selected.values()].some(Boolean);

  function pay() {
    if (anyPaid) {
      setWarnPaid(true);
      return;
    }
    void navigate(`${paths.paymentMany}?shipments=${selectedIds.join(',')}`, { state: { shipments: selectedIds } });
  }

  async function runDuplicate() {
    setNotice(null);
    try {
      await duplicate.mutateAsync(selectedIds);
      setSelected(new Map());
      setNotice({ color: 'green', text: shipmentMessages.duplicated });
    } catch (error) {
      setNotice({ color: 'red', text: error instanceof Error ? error.message : 'No pudimos duplicar los envíos.' });
    }
  }

  function askDelete() {
    setNotice(null);
    if (anyPaid) {
      setNotice({ color: 'red', text: shipmentMessages.paidCannotDelete });
      return;
    }
    setConfirmDelete(true);
  }

  async function runDelete() {
    try {
      await remove.mutateAsync(selectedIds);
      setSelected(new Map());
      setNotice({ color: 'green', text: shipmentMessages.deleted });
    } catch (error) {
      setNotice({ color: 'red', text: error instanceof Error ? error.message : 'No pudimos eliminar los envíos.' });
    } finally {
      setConfirmDelete(false);
    }
  }

  const data = shipments.data;
  const filtering = query.keywords.length > 0 || query.service !== undefined || query.status !== undefined || query.printed !== undefined;
  // After deleting the last rows of a late page, go to the last page that still has rows.
  if (data && data.docs.length === 0 && query.page > 1 && !shipments.isFetching) {
    return <Navigate to={{ search: writeQuery({ ...query, page: Math.max(1, data.pages) }).toString() }} replace />;
  }
  const empty = data !== undefined && data.docs.length === 0;
  const nothing = selectedIds.length === 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Mis Envíos</Title>
        <Button component={Link} to={paths.newShipment}>
          Nuevo envío
        </Button>
      </Group>
      <Tabs defaultValue={initialTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="envios" leftSection={<IconBox size={16} />}>
            Envíos
          </Tabs.Tab>
          <Tabs.Tab value="ecommerce" leftSection={<IconStore size={16} />}>
            E-Commerce
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="envios" pt="lg">
          <Stack gap="md">
            <FoldingFilters align="flex-start" active={query.keywords.length + (query.service ? 1 : 0) + (query.status ? 1 : 0) + (query.printed ? 1 : 0)}>
              <KeywordFilter keywords={query.keywords} onChange={(keywords) => update({ keywords })} />
              <SelectFilter
                label="Servicio"
                allLabel="Servicios"
                options={serviceOptions(services.data)}
                value={query.service}
                onChange={(service) => update({ service })}
              />
              <SelectFilter
                label="Estatus de pago"
                allLabel="Todos"
                options={paymentStatusOptions}
                value={query.status}
                onChange={(status) => update({ status })}
              />
              <SelectFilter label="Etiqueta" allLabel="Todas" options={printedOptions} value={query.printed} onChange={(printed) => update({ printed })} />
            </FoldingFilters>

            <Group justify="space-between" align="center">
              <Group gap="xs" role="group" aria-label="Acciones con los envíos seleccionados">
                <Button onClick={pay} disabled={nothing}>
                  Pagar
                </Button>
                <Button variant="light" onClick={() => void runDuplicate()} disabled={nothing} loading={duplicate.isPending}>
                  Duplicar
                </Button>
                <Button variant="light" color="red" onClick={askDelete} disabled={nothing}>
                  Eliminar
                </Button>
                {renderLabels?.({
                  selection: { ids: selectedIds },
                  label: nothing ? 'Etiquetas' : `Etiquetas (${selectedIds.length})`,
                  disabled: nothing,
                })}
                {renderLabels?.({ selection: { today: true }, label: 'Todas las de hoy', disabled: false })}
              </Group>
              <Text size="sm" c="dimmed" aria-live="polite">
                {nothing ? '' : selectedIds.length === 1 ? '1 envío seleccionado' : `${selectedIds.length} envíos seleccionados`}
              </Text>
            </Group>

            {notice && (
              <Alert
                color={notice.color}
                variant="light"
                role={notice.color === 'red' ? 'alert' : 'status'}
                withCloseButton
                closeButtonLabel="Cerrar aviso"
                onClose={() => setNotice(null)}
              >
                {notice.text}
              </Alert>
            )}
            <LoadFailure query={shipments} title="No pudimos cargar tus envíos" />

            {empty && !filtering ? (
              <EmptyCard
                icon={<IconBox size={48} />}
                title="Aún no tienes envíos"
                action={
                  <Button component={Link} to={paths.newShipment}>
                    Nuevo envío
                  </Button>
                }
              >
                Crea tu primer envío: elige la paquetería, escribe el origen y el destino, y paga cuando estés listo.
              </EmptyCard>
            ) : (
              <>
                {!shipments.isError && (
                  <ShipmentsTable
                    rows={data?.docs}
                    selected={new Set(selectedIds)}
                    onToggle={toggle}
                    onToggleAll={toggleAll}
                    busy={shipments.isPlaceholderData}
                    paymentNote={paymentNote}
                  />
                )}
                {empty && (
                  <Stack align="center" gap="xs" py="md">
                    <Text c="dimmed">Ningún envío coincide con tus filtros.</Text>
                    <Button variant="subtle" onClick={() => setParams(new URLSearchParams())}>
                      Quitar filtros
                    </Button>
                  </Stack>
                )}
                {data && <PageLinks page={data.page} pages={data.pages} hrefFor={(page) => `?${writeQuery({ ...query, page }).toString()}`} />}
              </>
            )}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="ecommerce" pt="lg">
          {ecommerce}
        </Tabs.Panel>
      </Tabs>

      <Modal opened={warnPaid} onClose={() => setWarnPaid(false)} title={shipmentMessages.paidSelectedTitle} centered>
        <Stack>
          <Text>{shipmentMessages.paidSelected}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWarnPaid(false)}>
              Cancelar
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmDeleteModal opened={confirmDelete} onCancel={() => setConfirmDelete(false)} onConfirm={() => void runDelete()} busy={remove.isPending} />
    </Stack>
  );
}
