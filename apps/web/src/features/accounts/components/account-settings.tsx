import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { accountMessages, type User } from '@envios/contracts/accounts';
import { AccountModal } from './account-modal';
import { AutomaticInvoiceToggle } from './automatic-invoice-toggle';
import { PasswordModal } from './password-modal';
import { TaxDataSummary } from './tax-data-summary';
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
          <TaxDataSummary tax={tax} />
        ) : (
          <Text size="sm" c="dimmed">
            Aún no registras tu información fiscal.
          </Text>
        )}
        <AutomaticInvoiceToggle
          user={user}
          onSaved={() => setSavedAt(Date.now())}
          lockedHint="Completa tu información fiscal (botón «Editar» de esta sección) para activar la facturación automática."
        />
      </Section>

      <AccountModal user={user} opened={open === 'account'} onClose={() => setOpen(null)} onSaved={saved} />
      <PasswordModal userId={user._id} opened={open === 'password'} onClose={() => setOpen(null)} onSaved={saved} />
      <TaxModal user={user} opened={open === 'tax'} onClose={() => setOpen(null)} onSaved={saved} />
    </Stack>
  );
}
