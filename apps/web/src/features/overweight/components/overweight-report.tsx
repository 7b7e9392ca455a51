import { useSearchParams } from 'react-router';
import { Group, Stack, Text, Title } from '@mantine/core';
import { overweightMessages } from '@envios/contracts/overweight';
import { ExportButtons } from '@/components/ui/export-buttons';
import { DateRangeFilter, ListFilters, SearchFilter } from '@/components/ui/list-filters';
import { ListPagination } from '@/components/ui/list-parts';
import { readDay, readPage, writeListParams } from '@/lib/list-params';
import { LoadFailure } from '@/components/ui/query-status';
import { allOverweightExportUrl, useAllOverweight, type AllOverweightQuery } from '../api/get-all-overweight';
import { useOverweightServices } from '../api/get-services';
import { readStatus, ServiceFilter, StatusFilter } from './filters';
import { mxn } from './overweight-detail';
import { OverweightTable } from './overweight-table';

function readQuery(params: URLSearchParams): AllOverweightQuery {
  return {
    date_ini: readDay(params, 'date_ini'),
    date_fin: readDay(params, 'date_fin'),
    service: params.get('service') || undefined,
    status: readStatus(params.get('status')),
    filter: params.get('filter')?.trim() || undefined,
    page: readPage(params),
  };
}

function writeQuery({ page, ...filters }: AllOverweightQuery): URLSearchParams {
  return writeListParams(filters, page);
}

/** The admin overweight report (/overweight_report): every customer's overweight, its disputes to resolve, export overweight.xlsx. */
export function OverweightReport() {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const list = useAllOverweight(query);
  const services = useOverweightServices(null);
  const update = (change: Partial<AllOverweightQuery>) => setParams(writeQuery({ ...query, page: 1, ...change }));
  const data = list.data;
  const { page: _page, ...filters } = query;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{overweightMessages.adminTitle}</Title>
        <ExportButtons urlFor={(format) => allOverweightExportUrl(filters, format)} baseName="overweight" what="sobrepesos" />
      </Group>
      <ListFilters>
        <DateRangeFilter from={query.date_ini} to={query.date_fin} onChange={({ from, to }) => update({ date_ini: from, date_fin: to })} />
        <ServiceFilter value={query.service} services={services.data} onChange={(service) => update({ service })} />
        <StatusFilter value={query.status} onChange={(status) => update({ status })} />
        <SearchFilter value={query.filter} placeholder="Cliente, correo, guía o folio" onChange={(filter) => update({ filter })} />
      </ListFilters>
      {data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {data.count === 1 ? '1 sobrepeso' : `${data.count.toLocaleString('es-MX')} sobrepesos`} · pendiente de cobro {mxn(data.total_pending)}
        </Text>
      )}
      <LoadFailure query={list} title="No pudimos cargar el reporte" />
      <OverweightTable rows={data?.docs} admin busy={list.isPlaceholderData} />
      {data && (
        <ListPagination
          page={data.page}
          pages={data.pages}
          onChange={(page) => setParams(writeQuery({ ...query, page }))}
          label="Páginas del reporte de sobrepesos"
        />
      )}
    </Stack>
  );
}
