import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Modal, NativeSelect, Radio, Stack, Text, Title } from '@mantine/core';
import {
  CANCELLATION_MOTIVES,
  cancellationMotiveLabels,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  invoiceStatusLabels,
  type CancellationMotive,
  type Invoice,
  type InvoiceKind,
  type InvoiceStatus,
} from '@envios/contracts/invoices';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { FormActions } from '@/components/ui/form/form-actions';
import { FailureAlert } from '@/components/ui/form/failure-alert';
import { ListFilters, SelectFilter } from '@/components/ui/list-filters';
import { ListPagination } from '@/components/ui/list-parts';
import { QueryStatus } from '@/components/ui/query-status';
import { dayjs, MX_TIMEZONE } from '@/lib/dates';
import { useCancelInvoice } from '../api/cancel-invoice';
import { useGlobalSummary } from '../api/get-global-summary';
import { useInvoices } from '../api/get-invoices';
import { useInvoicingInfo } from '../api/get-invoicing-info';
import { useIssueGlobal } from '../api/issue-global';
import { useRetryInvoice } from '../api/retry-invoice';
import { invoiceFolio } from '../utils/invoice-files';
import { InvoiceFileActions } from './invoice-files';
import { InvoiceTable } from './invoice-list';
import { InvoicingNotice } from './invoicing-notice';

type Notice = { color: 'green' | 'red'; text: string };
const mxn = (pesos: number) => formatMXN(toCentavos(pesos));

const MOTIVE_HELP: Record<CancellationMotive, string> = {
  '01': 'Primero se emite la factura que la sustituye, con los datos fiscales actuales del cliente, y se cancela esta relacionada con ella.',
  '02': 'Se cancela sin sustituta: el pago queda sin factura y el cliente puede pedirla de nuevo este mes (o irá a la factura global).',
  '03': 'La operación no se llevó a cabo: el pago no se vuelve a facturar.',
};

function CancelForm({ invoice, onClose, onNotice }: { invoice: Invoice; onClose: () => void; onNotice: (n: Notice) => void }) {
  const cancel = useCancelInvoice();
  const [motive, setMotive] = useState<CancellationMotive>('02');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        cancel.mutate(
          { id: invoice._id, data: { motive } },
          {
            onSuccess: (done) => {
              onNotice({
                color: 'green',
                text:
                  done.status === 'cancelled'
                    ? `La factura ${invoiceFolio(invoice)} quedó cancelada.`
                    : `Se pidió cancelar la factura ${invoiceFolio(invoice)}: falta que el receptor la acepte; la revisamos cada hora.`,
              });
              onClose();
            },
          },
        );
      }}
    >
      <Stack>
        <FailureAlert>{cancel.error?.message}</FailureAlert>
        <Radio.Group label="Motivo de cancelación (SAT)" value={motive} onChange={(v) => setMotive(CANCELLATION_MOTIVES.find((m) => m === v) ?? '02')}>
          <Stack gap="xs" mt="xs">
            {CANCELLATION_MOTIVES.map((m) => (
              <Radio key={m} value={m} label={cancellationMotiveLabels[m]} description={MOTIVE_HELP[m]} />
            ))}
          </Stack>
        </Radio.Group>
        <FormActions submitLabel="Cancelar factura" pending={cancel.isPending} onCancel={onClose} cancelLabel="Volver" />
      </Stack>
    </form>
  );
}

function AdminActions({ invoice, onNotice }: { invoice: Invoice; onNotice: (n: Notice) => void }) {
  const retry = useRetryInvoice();
  const [cancelling, setCancelling] = useState(false);
  return (
    <Stack gap={6} align="flex-start">
      {(invoice.status === 'failed' || invoice.status === 'pending') && invoice.kind === 'payment' && (
        <Button
          size="xs"
          loading={retry.isPending}
          onClick={() =>
            retry.mutate(invoice._id, {
              onSuccess: (done) => onNotice({ color: 'green', text: `La factura ${invoiceFolio(done)} quedó timbrada.` }),
              onError: (error) => onNotice({ color: 'red', text: error.message }),
            })
          }
          aria-label={`Reintentar la factura de ${invoice.user?.name ?? 'este cliente'} (pago ${invoice.payment_folio ?? ''})`}
        >
          Reintentar
        </Button>
      )}
      <InvoiceFileActions invoice={invoice} onNotice={onNotice} />
      {invoice.status === 'valid' && (
        <Button size="xs" color="red" variant="light" onClick={() => setCancelling(true)} aria-label={`Cancelar la factura ${invoiceFolio(invoice)}`}>
          Cancelar
        </Button>
      )}
      <Modal opened={cancelling} onClose={() => setCancelling(false)} title={`Cancelar la factura ${invoiceFolio(invoice)}`} centered>
        <CancelForm invoice={invoice} onClose={() => setCancelling(false)} onNotice={onNotice} />
      </Modal>
    </Stack>
  );
}

function FailedInvoices({ onNotice }: { onNotice: (n: Notice) => void }) {
  const [page, setPage] = useState(1);
  const failed = useInvoices({ page, status: 'failed' });
  const data = failed.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="facturas-rechazadas">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="facturas-rechazadas">
            Rechazadas por el servicio de facturación
          </Title>
          <Text size="sm" c="dimmed">
            Con el motivo del servicio. Cuando el cliente corrige sus datos fiscales, «Reintentar» la pide de nuevo con los datos actuales.
          </Text>
        </div>
        <QueryStatus query={failed} loadingLabel="Cargando facturas rechazadas" />
        {data && (
          <InvoiceTable
            data={data}
            busy={failed.isPlaceholderData}
            label="Facturas rechazadas"
            showUser
            empty="No hay facturas rechazadas."
            actions={(invoice) => <AdminActions invoice={invoice} onNotice={onNotice} />}
          />
        )}
        {data && <ListPagination page={page} pages={data.pages} onChange={setPage} label="Páginas de facturas rechazadas" />}
      </Stack>
    </Card>
  );
}

function AllInvoices({ onNotice }: { onNotice: (n: Notice) => void }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<InvoiceStatus | undefined>();
  const [kind, setKind] = useState<InvoiceKind | undefined>();
  const invoices = useInvoices({ page, status, kind });
  const data = invoices.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="todas-las-facturas">
      <Stack gap="sm">
        <Title order={2} size="h4" id="todas-las-facturas">
          Todas las facturas
        </Title>
        <ListFilters>
          <SelectFilter
            label="Estatus"
            allLabel="Todos"
            options={INVOICE_STATUSES.map((s) => ({ value: s, label: invoiceStatusLabels[s] }))}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
          />
          <SelectFilter
            label="Tipo"
            allLabel="Todas"
            options={INVOICE_KINDS.map((k) => ({ value: k, label: k === 'global' ? 'Globales' : 'De un pago' }))}
            value={kind}
            onChange={(v) => {
              setKind(v);
              setPage(1);
            }}
          />
        </ListFilters>
        <QueryStatus query={invoices} loadingLabel="Cargando facturas" />
        {data && (
          <InvoiceTable
            data={data}
            busy={invoices.isPlaceholderData}
            label="Todas las facturas"
            showUser
            empty="No hay facturas que coincidan."
            actions={(invoice) => <AdminActions invoice={invoice} onNotice={onNotice} />}
          />
        )}
        {data && <ListPagination page={page} pages={data.pages} onChange={setPage} label="Páginas de facturas" />}
      </Stack>
    </Card>
  );
}

/** The last 12 months, newest first, as `YYYY-MM` with their Spanish name. */
function recentMonths(current: string): { value: string; label: string }[] {
  const start = dayjs.tz(`${current}-01`, MX_TIMEZONE);
  return Array.from({ length: 12 }, (_, i) => {
    const m = start.subtract(i, 'month');
    const label = m.format('MMMM [de] YYYY');
    return { value: m.format('YYYY-MM'), label: `${label.charAt(0).toUpperCase()}${label.slice(1)}${i === 0 ? ' (en curso)' : ''}` };
  });
}

function GlobalInvoice({ currentMonth, onNotice }: { currentMonth: string; onNotice: (n: Notice) => void }) {
  const months = useMemo(() => recentMonths(currentMonth), [currentMonth]);
  const [month, setMonth] = useState(months[1]?.value ?? currentMonth);
  const summary = useGlobalSummary(month);
  const issue = useIssueGlobal();
  const data = summary.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="factura-global">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="factura-global">
            Factura global del mes
          </Title>
          <Text size="sm" c="dimmed">
            A público en general (XAXX010101000): los pagos del mes que quedaron sin factura propia, una factura por forma de pago. Se emite sola el día 1 a la
            1:00; aquí puedes emitirla de nuevo para pagos que llegaron después.
          </Text>
        </div>
        <NativeSelect label="Mes" data={months} value={month} onChange={(e) => setMonth(e.currentTarget.value)} maw={260} />
        <QueryStatus query={summary} loadingLabel="Cargando la factura global" />
        {data && (
          <>
            <Text size="sm">
              {data.pending_payments === 0
                ? 'No quedan pagos del mes sin factura.'
                : `${data.pending_payments} ${data.pending_payments === 1 ? 'pago' : 'pagos'} sin factura por ${mxn(data.pending_total)}${data.closed ? '.' : ': el mes no ha terminado.'}`}
            </Text>
            <FailureAlert>{issue.error?.message}</FailureAlert>
            <Group>
              <Button
                disabled={!data.closed || data.pending_payments === 0}
                loading={issue.isPending}
                onClick={() => issue.mutate(month, { onSuccess: () => onNotice({ color: 'green', text: 'La factura global quedó emitida.' }) })}
              >
                Emitir factura global
              </Button>
            </Group>
            {data.invoices.length > 0 && (
              <InvoiceTable
                data={{ docs: data.invoices, count: data.invoices.length, page: 1, pages: 1, next: null, previous: null }}
                busy={false}
                label="Facturas globales del mes"
                showUser
                empty=""
                actions={(invoice) => <AdminActions invoice={invoice} onNotice={onNotice} />}
              />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The admin's invoices (/admin/facturas): refused ones to retry, every invoice (cancel), the month's global invoice. */
export function InvoicesAdmin() {
  const info = useInvoicingInfo().data;
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 8_000);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <Stack gap="lg">
      <Title order={1}>Facturas</Title>
      <InvoicingNotice />
      {info && !info.issuer_configured && (
        <Alert color="yellow" variant="light" title="Faltan los datos fiscales de la empresa">
          Define COMPANY_RFC, COMPANY_LEGAL_NAME, COMPANY_TAX_SYSTEM y COMPANY_TAX_ZIP (el código postal de expedición, que la factura global necesita).
        </Alert>
      )}
      {notice && (
        <Alert color={notice.color} variant="light" role={notice.color === 'red' ? 'alert' : 'status'} withCloseButton onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <FailedInvoices onNotice={setNotice} />
      {info && <GlobalInvoice currentMonth={info.current_month} onNotice={setNotice} />}
      <AllInvoices onNotice={setNotice} />
    </Stack>
  );
}
