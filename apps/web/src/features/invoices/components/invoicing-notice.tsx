import { Alert } from '@mantine/core';
import { SANDBOX_INVOICE_TEXT } from '@envios/contracts/invoices';
import { useInvoicingInfo } from '../api/get-invoicing-info';

/** On the invoices pages: whether these are real invoices or the test environment's. */
export function InvoicingNotice() {
  const info = useInvoicingInfo().data;
  if (!info?.sandbox) return null;
  return (
    <Alert color="orange" variant="light" title={`Facturas de prueba: ${SANDBOX_INVOICE_TEXT.toLowerCase()}`}>
      El servicio de facturación está en modo de pruebas: las facturas se emiten como ensayo, no se envían al SAT y no sirven para deducir. Cada PDF y XML lo
      dice.
    </Alert>
  );
}
