import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { User } from '@envios/contracts/accounts';
import { AutomaticInvoiceToggle } from './automatic-invoice-toggle';
import { TaxDataSummary } from './tax-data-summary';

/** «Datos fiscales» on the invoices page: the data the invoices carry, «Editar», automatic invoicing and what the page adds below. */
export function TaxDataCard({ user, onEdit, onSaved, footer }: { user: User; onEdit: () => void; onSaved: () => void; footer?: ReactNode }) {
  const tax = user.taxInformation;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="datos-fiscales">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="datos-fiscales">
          Datos fiscales
        </Title>
        <Button variant="light" size="xs" onClick={onEdit}>
          {tax ? 'Editar' : 'Agregar datos fiscales'}
        </Button>
      </Group>
      <Stack gap="xs">
        {tax ? (
          <TaxDataSummary tax={tax} />
        ) : (
          <Text size="sm">Aún no capturas tus datos fiscales. Agrégalos tal como aparecen en tu Constancia de Situación Fiscal para facturar tus pagos.</Text>
        )}
        <AutomaticInvoiceToggle
          user={user}
          onSaved={onSaved}
          lockedHint={`Completa tus datos fiscales («${tax ? 'Editar' : 'Agregar datos fiscales'}») para activar la facturación automática.`}
        />
        {footer}
      </Stack>
    </Card>
  );
}
