import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { Invoice } from '@envios/contracts/invoices';
import { FormActions } from '@/components/ui/form/form-actions';
import { FailureAlert, failureMessage } from '@/components/ui/form/failure-alert';
import { useSendInvoiceEmail } from '../api/send-invoice-email';
import { downloadInvoice, invoiceFolio } from '../utils/invoice-files';

/** PDF, XML and «Enviar por correo» of a stamped invoice. */
export function InvoiceFileActions({ invoice, onNotice }: { invoice: Invoice; onNotice: (notice: { color: 'green' | 'red'; text: string }) => void }) {
  const [busy, setBusy] = useState<'pdf' | 'xml' | null>(null);
  const [mailing, setMailing] = useState(false);
  const folio = invoiceFolio(invoice);
  const download = async (format: 'pdf' | 'xml') => {
    setBusy(format);
    try {
      await downloadInvoice(invoice, format);
    } catch (error) {
      onNotice({ color: 'red', text: failureMessage(error, 'No pudimos descargar la factura.') });
    } finally {
      setBusy(null);
    }
  };
  if (!invoice.uuid)
    return (
      <Text span size="xs" c="dimmed">
        Sin archivos todavía
      </Text>
    );
  return (
    <>
      <Group gap={6} wrap="wrap">
        <Button size="xs" variant="light" loading={busy === 'pdf'} onClick={() => void download('pdf')} aria-label={`Descargar PDF de la factura ${folio}`}>
          PDF
        </Button>
        <Button size="xs" variant="light" loading={busy === 'xml'} onClick={() => void download('xml')} aria-label={`Descargar XML de la factura ${folio}`}>
          XML
        </Button>
        {invoice.status === 'valid' && (
          <Button size="xs" variant="subtle" onClick={() => setMailing(true)} aria-label={`Enviar por correo la factura ${folio}`}>
            Enviar por correo
          </Button>
        )}
      </Group>
      <Modal opened={mailing} onClose={() => setMailing(false)} title={`Enviar la factura ${folio}`} centered>
        <SendByEmailForm invoice={invoice} onClose={() => setMailing(false)} onSent={(text) => onNotice({ color: 'green', text })} />
      </Modal>
    </>
  );
}

function SendByEmailForm({ invoice, onClose, onSent }: { invoice: Invoice; onClose: () => void; onSent: (text: string) => void }) {
  const send = useSendInvoiceEmail();
  const [email, setEmail] = useState(invoice.receptor.email ?? '');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(
          { id: invoice._id, data: email.trim() ? { email: email.trim() } : {} },
          {
            onSuccess: ({ message }) => {
              onSent(message);
              onClose();
            },
          },
        );
      }}
    >
      <Stack>
        <FailureAlert>{send.error?.message}</FailureAlert>
        <Text size="sm">
          {invoice.sandbox
            ? 'Es una factura de prueba (sin validez fiscal): el correo lleva los enlaces a su PDF y su XML.'
            : 'El correo lleva el PDF y el XML de la factura.'}
        </Text>
        <TextInput
          label="Correo"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          description="El de tus datos fiscales; puedes escribir otro."
        />
        <FormActions submitLabel="Enviar" pending={send.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
