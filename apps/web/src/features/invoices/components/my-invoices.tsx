import { useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { ListPagination } from '@/components/ui/list-parts';
import { QueryStatus } from '@/components/ui/query-status';
import { useInvoices } from '../api/get-invoices';
import { InvoiceFileActions } from './invoice-files';
import { InvoiceTable } from './invoice-list';

/** «Mis facturas»: every invoice of the account, with its files and «Enviar por correo». */
export function MyInvoices({ onNotice }: { onNotice: (notice: { color: 'green' | 'red'; text: string }) => void }) {
  const [page, setPage] = useState(1);
  const invoices = useInvoices({ page });
  const data = invoices.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mis-facturas">
      <Stack gap="sm">
        <Title order={2} size="h4" id="mis-facturas">
          Mis facturas
        </Title>
        <QueryStatus query={invoices} loadingLabel="Cargando tus facturas" />
        {data && (
          <InvoiceTable
            data={data}
            busy={invoices.isPlaceholderData}
            label="Mis facturas"
            empty="Aún no tienes facturas."
            actions={(invoice) =>
              invoice.status === 'failed' ? (
                <Text span size="xs">
                  Corrige tus datos y vuelve a pedirla en «Pagos de este mes».
                </Text>
              ) : (
                <InvoiceFileActions invoice={invoice} onNotice={onNotice} />
              )
            }
          />
        )}
        {data && <ListPagination page={page} pages={data.pages} onChange={setPage} label="Páginas de facturas" />}
      </Stack>
    </Card>
  );
}
