import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { User } from '@envios/contracts/accounts';
import { paths } from '@/config/paths';

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

/**
 * 'Facturación': the account's tax data and its automatic-invoice choice. The platform does not
 * issue electronic invoices (CFDI) yet, and the page says so instead of showing an empty list.
 */
export function BillingOverview({ user, onEditTax, notice }: { user: User; onEditTax: () => void; notice?: ReactNode }) {
  const tax = user.taxInformation;
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>Facturación</Title>
        <Text c="dimmed" mt={4}>
          Tus datos fiscales y cómo obtener la factura de tus envíos.
        </Text>
      </div>
      {notice}
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="datos-fiscales">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="datos-fiscales">
            Datos fiscales
          </Title>
          <Button variant="light" size="xs" onClick={onEditTax}>
            {tax ? 'Editar' : 'Agregar datos fiscales'}
          </Button>
        </Group>
        {tax ? (
          <Stack gap="xs">
            <Row label="Titular">{tax.name}</Row>
            <Row label="RFC">{tax.rfc}</Row>
            <Row label="Teléfono">{tax.phone}</Row>
            <Row label="Calle y número">{tax.address}</Row>
            <Row label="Colonia">{tax.colony}</Row>
            <Row label="Código postal">{tax.postal_code}</Row>
            <Row label="Estado y ciudad">{tax.state_city}</Row>
          </Stack>
        ) : (
          <Text size="sm">Aún no capturas tus datos fiscales. Agrégalos para poder pedir factura.</Text>
        )}
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="facturas">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h4" id="facturas">
            Facturas
          </Title>
          <Badge variant="light" color={user.invoice ? 'green' : 'gray'}>
            Factura automática: {user.invoice ? 'activada' : 'desactivada'}
          </Badge>
        </Group>
        <Alert variant="light" color="blue">
          La plataforma todavía no emite facturas electrónicas (CFDI) por sí misma, así que aquí no hay facturas que descargar. Para
          facturar tus envíos, <Link to={paths.contact}>escríbenos</Link> con los números de guía o los folios; te enviamos la factura
          por correo con los datos fiscales de esta página.
        </Alert>
        <Text size="sm" mt="sm">
          La preferencia de factura automática se cambia en <Link to={paths.settings}>Configuración</Link>.
        </Text>
      </Card>
    </Stack>
  );
}
