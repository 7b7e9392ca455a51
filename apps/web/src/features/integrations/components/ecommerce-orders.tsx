import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { ORDER_FILTER_MAX, ORDER_FILTER_MIN, ORDERS_PER_BATCH_MAX, type StoreOrderRow, autoShipStatusLabels } from '@envios/contracts/integrations';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { IconAlertTriangle, IconSearch, IconStore } from '@/components/ui/icons';
import { ListPagination } from '@/components/ui/list-parts';
import { formatDateTime } from '@/lib/dates';
import { LoadFailure } from '@/components/ui/query-status';
import { useSearchFilter } from '@/components/ui/use-search-filter';
import { useStoreOrders } from '../api/get-store-orders';
import { useStores } from '../api/get-stores';

export interface EcommerceOrdersLinks {
  integrations: string;
  /** 'Generar Guia': the new-shipment wizard pre-filled with this order. */
  generateGuide: (orderId: string) => string;
  /** Several orders at once. */
  generateGuides: (orderIds: string[]) => string;
  shipment: (id: string) => string;
  tracking: (guide: string) => string;
}

export interface EcommerceOrdersProps {
  userId: string;
  links: EcommerceOrdersLinks;
}

/** An order can become a guide in one go when nothing blocks its address and it has none yet. */
function selectable(row: StoreOrderRow): boolean {
  return row.ready && row.shipments.length === 0;
}

function statusColor(row: StoreOrderRow): string {
  const latest = row.shipments[0];
  if (!latest) return 'gray';
  if (!latest.status) return 'orange';
  return 'green';
}

function Problems({ row }: { row: StoreOrderRow }) {
  if (row.problems.length === 0) return null;
  const blocking = row.problems.filter((p) => p.blocking);
  const shown = (blocking.length > 0 ? blocking : row.problems).slice(0, 2);
  return (
    <Stack gap={2} mt={4}>
      <Badge color={blocking.length > 0 ? 'red' : 'yellow'} variant="light" tt="none" leftSection={<IconAlertTriangle size={12} />} w="fit-content">
        {blocking.length > 0 ? 'Dirección por revisar' : 'Revisar'}
      </Badge>
      {shown.map((p) => (
        <Text key={`${p.field}-${p.message}`} size="xs" c={p.blocking ? 'red.8' : 'dimmed'}>
          {p.message}
        </Text>
      ))}
    </Stack>
  );
}

/** What the store's shipping rule did with the order: bought its guide, or why it waits for the seller. */
function AutoShipNote({ row }: { row: StoreOrderRow }) {
  const auto = row.auto_ship;
  if (!auto) return null;
  const color = auto.status === 'waiting' ? 'orange' : auto.status === 'bought' ? 'green' : 'blue';
  return (
    <Stack gap={2} mt={4}>
      <Badge color={color} variant="light" tt="none" w="fit-content">
        {autoShipStatusLabels[auto.status]}
      </Badge>
      {auto.status === 'waiting' && auto.reason && (
        <Text size="xs" c="orange.9">
          {auto.reason}
        </Text>
      )}
    </Stack>
  );
}

function GuideCell({ row, links }: { row: StoreOrderRow; links: EcommerceOrdersLinks }) {
  if (!row.number_guide) {
    return (
      <Text span size="sm" c="dimmed">
        Sin número de guía
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={links.tracking(row.number_guide)} size="sm" aria-label={`Rastrear la guía ${row.number_guide}`}>
      {row.number_guide}
    </Anchor>
  );
}

/** Our service once a shipment exists; before that, what the customer chose in the store. */
function ServiceCell({ row }: { row: StoreOrderRow }) {
  if (row.shipments.length > 0) return <Text size="sm">{row.service}</Text>;
  return (
    <Text size="xs" c="dimmed">
      {row.service ? `En la tienda: ${row.service}` : 'Por elegir'}
    </Text>
  );
}

function ActionButton({ row, links }: { row: StoreOrderRow; links: EcommerceOrdersLinks }) {
  const latest = row.shipments[0];
  if (latest) {
    return (
      <Button component={Link} to={links.shipment(latest._id)} size="xs" variant="light" aria-label={`Ver el envío del pedido ${row.number}`}>
        {latest.status ? 'Ver envío' : 'Pagar envío'}
      </Button>
    );
  }
  return (
    <Button component={Link} to={links.generateGuide(row._id)} size="xs" aria-label={`Generar Guia del pedido ${row.number} de ${row.name}`}>
      Generar Guia
    </Button>
  );
}

function isOwnControl(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest('a, button, input, label, [role="checkbox"]') !== null;
}

/**
 * The E-Commerce tab of Mis Envíos: the store orders, filtered by name
 * above 2 characters, with columns Nombre, Destino, Servicio, N° de guía, Estatus guía and Total.
 * 'Generar Guia' opens the wizard pre-filled; several orders become guides in one go.
 */
export function EcommerceOrders({ userId, links }: EcommerceOrdersProps) {
  const navigate = useNavigate();
  const search = useSearchFilter(300);
  const { page, setPage } = search;
  const typed = search.debounced.trim();
  const filter = typed.length >= ORDER_FILTER_MIN ? typed : '';
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const stores = useStores(userId);
  const orders = useStoreOrders(userId, { page, filter });

  const rows = orders.data?.data;
  const storeList = stores.data?.data ?? [];
  const reconnect = storeList.filter((s) => s.state === 'needs_reconnect');
  const pick = rows?.filter(selectable) ?? [];
  const chosen = [...selected].filter((id) => pick.some((r) => r._id === id));
  const all = pick.length > 0 && pick.every((r) => selected.has(r._id));

  function toggle(id: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  }

  function open(row: StoreOrderRow) {
    const latest = row.shipments[0];
    void navigate(latest ? links.shipment(latest._id) : links.generateGuide(row._id));
  }

  if (stores.isSuccess && storeList.length === 0 && orders.data?.count === 0) {
    return (
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="sm" py="lg">
          <IconStore size={48} aria-hidden />
          <Title order={2} size="h3">
            Conecta tu tienda en línea
          </Title>
          <Text c="dimmed" ta="center" maw={520}>
            Conecta tu tienda WooCommerce y sus pedidos llegarán aquí solos, con la dirección lista para generar la guía. ¿Sin tienda? Prueba la tienda demo
            desde Integraciones.
          </Text>
          <Button component={Link} to={links.integrations}>
            Ir a Integraciones
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="md">
      {reconnect.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Una tienda necesita reconexión">
          <Group gap="sm">
            <Text size="sm">
              {reconnect.map((s) => s.app_name).join(', ')} ya no acepta nuestras llaves: sus nuevos pedidos siguen llegando, pero el rastreo espera.
            </Text>
            <Button component={Link} to={links.integrations} size="compact-sm" color="red" variant="light">
              Reconectar
            </Button>
          </Group>
        </Alert>
      )}

      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Buscar por nombre"
          placeholder="Nombre del cliente"
          description={`Filtra a partir de ${ORDER_FILTER_MIN} letras`}
          leftSection={<IconSearch size={16} />}
          value={search.value}
          maxLength={ORDER_FILTER_MAX}
          onChange={(event) => search.onChange(event.currentTarget.value)}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {chosen.length === 0 ? '' : chosen.length === 1 ? '1 pedido seleccionado' : `${chosen.length} pedidos seleccionados`}
          </Text>
          <Button disabled={chosen.length === 0 || chosen.length > ORDERS_PER_BATCH_MAX} onClick={() => void navigate(links.generateGuides(chosen))}>
            {chosen.length > 1 ? `Generar ${chosen.length} guías` : 'Generar guías'}
          </Button>
        </Group>
      </Group>

      <LoadFailure query={orders} title="No pudimos cargar los pedidos" />

      {rows?.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {filter ? 'Ningún pedido coincide con ese nombre.' : 'Aún no llegan pedidos de tu tienda. Los nuevos aparecen aquí en segundos.'}
        </Text>
      )}

      {/* Wide screens: the spec's table. */}
      <Table.ScrollContainer minWidth={880} visibleFrom="md">
        <Table highlightOnHover verticalSpacing="sm" aria-label="Pedidos de tu tienda" aria-busy={rows === undefined || orders.isPlaceholderData}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Seleccionar todos los pedidos listos"
                  checked={all}
                  indeterminate={chosen.length > 0 && !all}
                  disabled={pick.length === 0}
                  onChange={(event) => setSelected(new Set(event.currentTarget.checked ? pick.map((r) => r._id) : []))}
                />
              </Table.Th>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Destino</Table.Th>
              <Table.Th>Servicio</Table.Th>
              <Table.Th>N° de guía</Table.Th>
              <Table.Th>Estatus guía</Table.Th>
              <Table.Th>Total (MX$)</Table.Th>
              <Table.Th>
                <VisuallyHidden>Acción</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined &&
              Array.from({ length: 4 }, (_, i) => (
                <Table.Tr key={i}>
                  {Array.from({ length: 8 }, (__, j) => (
                    <Table.Td key={j}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {rows?.map((row) => (
              <Table.Tr
                key={row._id}
                style={{ cursor: 'pointer' }}
                bg={selected.has(row._id) ? 'var(--mantine-color-brand-0)' : undefined}
                onClick={(event) => {
                  if (!isOwnControl(event)) open(row);
                }}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={`Seleccionar el pedido ${row.number} de ${row.name}`}
                    checked={selected.has(row._id)}
                    disabled={!selectable(row)}
                    onChange={(event) => toggle(row._id, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td maw={280}>
                  <Text size="sm" fw={600}>
                    {row.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Pedido #{row.number} · {row.store_name}
                    {row.sandbox && !/demo/i.test(row.store_name) ? ' (demo)' : ''} · {formatDateTime(row.created_at)}
                  </Text>
                  <Problems row={row} />
                  <AutoShipNote row={row} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.destination}</Text>
                </Table.Td>
                <Table.Td>
                  <ServiceCell row={row} />
                </Table.Td>
                <Table.Td>
                  <GuideCell row={row} links={links} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge color={statusColor(row)} variant="light" tt="none">
                    {row.guide_status}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMXN(toCentavos(row.total))}</Table.Td>
                <Table.Td>
                  <ActionButton row={row} links={links} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {/* Phones: one card per order, the same facts and actions. */}
      <Stack gap="sm" hiddenFrom="md" aria-label="Pedidos de tu tienda">
        {rows === undefined && <Skeleton height={120} radius="md" />}
        {rows?.map((row) => (
          <Card key={row._id} withBorder radius="md" padding="sm" component="article" aria-label={`Pedido ${row.number} de ${row.name}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Checkbox
                  aria-label={`Seleccionar el pedido ${row.number} de ${row.name}`}
                  checked={selected.has(row._id)}
                  disabled={!selectable(row)}
                  onChange={(event) => toggle(row._id, event.currentTarget.checked)}
                  mt={2}
                />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {row.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Pedido #{row.number} · {row.store_name}
                    {row.sandbox && !/demo/i.test(row.store_name) ? ' (demo)' : ''}
                  </Text>
                </div>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMXN(toCentavos(row.total))}
                </Text>
              </Group>
              <Text size="sm">{row.destination}</Text>
              <Group gap="xs" wrap="wrap">
                <Badge color={statusColor(row)} variant="light" tt="none">
                  {row.guide_status}
                </Badge>
                <ServiceCell row={row} />
              </Group>
              {row.number_guide && (
                <Text size="sm">
                  Guía: <GuideCell row={row} links={links} />
                </Text>
              )}
              <Problems row={row} />
              <AutoShipNote row={row} />
              <Group justify="flex-end">
                <ActionButton row={row} links={links} />
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>

      {orders.data && <ListPagination page={orders.data.page} pages={orders.data.pages} onChange={setPage} label="Páginas de pedidos" />}
    </Stack>
  );
}
