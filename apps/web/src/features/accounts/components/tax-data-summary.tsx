import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import type { User } from '@envios/contracts/accounts';
import { regimenLabel, usoLabel } from '@envios/contracts/sat/catalogs';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
      <Text size="sm" c="dimmed" miw={140}>
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The account's tax data as the invoices will carry them; a missing CFDI 4.0 field says so. */
export function TaxDataSummary({ tax }: { tax: NonNullable<User['taxInformation']> }) {
  const missing = (
    <Text span c="red.8">
      Falta: complétalo con «Editar»
    </Text>
  );
  return (
    <>
      <Row label="Nombre o razón social">{tax.name}</Row>
      <Row label="RFC">{tax.rfc}</Row>
      <Row label="Régimen fiscal">{tax.tax_system ? regimenLabel(tax.tax_system) : missing}</Row>
      <Row label="Uso CFDI">{tax.cfdi_use ? usoLabel(tax.cfdi_use) : missing}</Row>
      <Row label="Correo para facturas">{tax.email ?? missing}</Row>
      <Row label="Código postal fiscal">{tax.postal_code}</Row>
      <Row label="Calle y número">{tax.address}</Row>
      <Row label="Colonia">{tax.colony}</Row>
      <Row label="Estado y ciudad">{tax.state_city}</Row>
      <Row label="Teléfono">{tax.phone}</Row>
    </>
  );
}
