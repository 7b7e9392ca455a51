import { useSearchParams } from 'react-router';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { overweightMessages } from '@envios/contracts/overweight';
import { ExportButtons } from '@/components/ui/export-buttons';
import { ListFilters, SearchFilter } from '@/components/ui/list-filters';
import { ListPagination } from '@/components/ui/list-parts';
import { readPage, writeListParams } from '@/lib/list-params';
import { LoadFailure } from '@/components/ui/query-status';
import { useOverweightServices } from '../api/get-services';
import { userOverweightExportUrl, useUserOverweight, type UserOverweightQuery } from '../api/get-user-overweight';
import { readStatus, ServiceFilter, StatusFilter } from './filters';
import { mxn } from './overweight-detail';
import { OverweightTable } from './overweight-table';

function readQuery(params: URLSearchParams): UserOverweightQuery {
  return {
    service: params.get('service') || undefined,
    status: readStatus(params.get('status')),
    filter: params.get('filter')?.trim() || undefined,
    page: readPage(params),
  };
}

/** The shipment whose overweight opened this page (`?shipment=`) stays while the filters change. */
function writeQuery({ page, ...filters }: UserOverweightQuery, keep: URLSearchParams): URLSearchParams {
  const params = writeListParams(filters, page);
  const shipment = keep.get('shipment');
  if (shipment) params.set('shipment', shipment);
  return params;
}

/**
 * The customer's overweight page (/overweight): the caller's overweight only, filtered by service,
 * status and keyword; each one opens with why and how much, the evidence, paying it from the
 * wallet and the one clarification; export with the spec's fields.
 */
export function OverweightPage({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const list = useUserOverweight(userId, query);
  const services = useOverweightServices(userId);
  const update = (change: Partial<UserOverweightQuery>) => setParams(writeQuery({ ...query, page: 1, ...change }, params));
  const data = list.data;
  const { page: _page, ...filters } = query;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{overweightMessages.pageTitle}</Title>
        <ExportButtons urlFor={(format) => userOverweightExportUrl(userId, filters, format)} baseName="overweight" what="sobrepesos" />
      </Group>
      <Text c="dimmed" maw={760}>
        Cuando la paquetería mide tu paquete y pesa o mide más de lo que declaraste, cobra la diferencia por kilo adicional. En cuanto la registramos, se cobra
        de tu Monedero; si no alcanza, queda pendiente para tu siguiente compra. Aquí ves cada sobrepeso con lo declarado y lo medido, cómo se calculó y la
        evidencia. Si no estás de acuerdo, pide una aclaración y, si la aceptamos, te lo devolvemos.
      </Text>
      {data && data.total_pending > 0 && (
        <Paper withBorder p="md" radius="md" bg="orange.0">
          <Text fw={700}>Pendiente por pagar: {mxn(data.total_pending)}</Text>
          <Text size="sm">Queda pendiente para tu siguiente compra, o ábrelo y págalo ahora con tu Monedero.</Text>
        </Paper>
      )}
      <ListFilters>
        <ServiceFilter value={query.service} services={services.data} onChange={(service) => update({ service })} />
        <StatusFilter value={query.status} onChange={(status) => update({ status })} />
        <SearchFilter value={query.filter} placeholder="Guía, folio o servicio" onChange={(filter) => update({ filter })} />
      </ListFilters>
      <LoadFailure query={list} title="No pudimos cargar tus sobrepesos" />
      <OverweightTable rows={data?.docs} admin={false} busy={list.isPlaceholderData} initialShipment={params.get('shipment')} />
      {data && (
        <ListPagination
          page={data.page}
          pages={data.pages}
          onChange={(page) => setParams(writeQuery({ ...query, page }, params))}
          label="Páginas de sobrepesos"
        />
      )}
    </Stack>
  );
}
