import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { accountMessages, taxInformationSchema, type User } from '@envios/contracts/accounts';
import { useUpdateUser } from '../api/update-user';
import { AccountModal } from './account-modal';
import { PasswordModal } from './password-modal';
import { TaxModal } from './tax-modal';

/** Alerts close by themselves after 5 seconds. */
export const SAVED_ALERT_MS = 5_000;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" miw={150}>
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function Section({ title, onEdit, editLabel, children }: { title: string; onEdit: () => void; editLabel: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button variant="light" size="xs" onClick={onEdit} aria-label={editLabel}>
          Editar
        </Button>
      </Group>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

/** Account, security and tax sections, and the automatic invoice. */
export function AccountSettings({ user }: { user: User }) {
  const [open, setOpen] = useState<'account' | 'password' | 'tax' | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [invoiceError, setInvoiceError] = useState<string | null>(null);
  const [savingInvoice, setSavingInvoice] = useState<boolean | null>(null);
  const update = useUpdateUser();

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_ALERT_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const saved = () => {
    setOpen(null);
    setSavedAt(Date.now());
  };
  const tax = user.taxInformation;
  // Automatic invoices need complete tax data; switching them off never does.
  const taxComplete = taxInformationSchema.safeParse(tax).success;
  const invoiceLocked = !user.invoice && !taxComplete;

  return (
    <Stack gap="lg">
      {savedAt !== null && (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setSavedAt(null)}>
          {accountMessages.settingsSaved}
        </Alert>
      )}

      <Section title="Cuenta" editLabel="Editar cuenta" onEdit={() => setOpen('account')}>
        <Row label="Nombre completo">{`${user.firstName} ${user.lastName}`}</Row>
        <Row label="Correo electrónico">{user.email}</Row>
        <Row label="Teléfono">{user.phone}</Row>
        <Row label="Sitio web">{user.website ?? 'Sin sitio web'}</Row>
      </Section>

      <Section title="Seguridad" editLabel="Cambiar contraseña" onEdit={() => setOpen('password')}>
        <Row label="Contraseña">
          <span aria-label="Contraseña oculta">••••••••</span>
        </Row>
      </Section>

      <Section title="Información fiscal" editLabel="Editar información fiscal" onEdit={() => setOpen('tax')}>
        {tax ? (
          <>
            <Row label="Titular">{tax.name}</Row>
            <Row label="RFC">{tax.rfc}</Row>
            <Row label="Teléfono">{tax.phone}</Row>
            <Row label="Calle y número">{tax.address}</Row>
            <Row label="Colonia">{tax.colony}</Row>
            <Row label="Código postal">{tax.postal_code}</Row>
            <Row label="Estado y ciudad">{tax.state_city}</Row>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Aún no registras tu información fiscal.
          </Text>
        )}
        <Checkbox
          mt="sm"
          label="Facturación automática"
          description={
            invoiceLocked
              ? 'Completa tu información fiscal (botón «Editar» de esta sección) para activar la facturación automática.'
              : 'Emitir la factura de cada compra con esta información fiscal.'
          }
          // While saving, the box shows the value being saved and cannot be clicked again.
          checked={savingInvoice ?? user.invoice}
          disabled={savingInvoice !== null || invoiceLocked}
          onChange={(event) => {
            const invoice = event.currentTarget.checked;
            setInvoiceError(null);
            setSavingInvoice(invoice);
            update.mutate(
              { id: user._id, data: { invoice } },
              {
                onSuccess: () => setSavedAt(Date.now()),
                onError: (error) => setInvoiceError(error.message),
                onSettled: () => setSavingInvoice(null),
              },
            );
          }}
        />
        {invoiceError && (
          <Text size="sm" c="red" role="alert">
            {invoiceError}
          </Text>
        )}
      </Section>

      <AccountModal user={user} opened={open === 'account'} onClose={() => setOpen(null)} onSaved={saved} />
      <PasswordModal userId={user._id} opened={open === 'password'} onClose={() => setOpen(null)} onSaved={saved} />
      <TaxModal user={user} opened={open === 'tax'} onClose={() => setOpen(null)} onSaved={saved} />
    </Stack>
  );
}
