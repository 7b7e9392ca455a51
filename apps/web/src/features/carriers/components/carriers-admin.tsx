import { useState, type ComponentType } from 'react';
import { Alert, Loader, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useAdminCarriers } from '../api/get-admin-carriers';
import { AuditLog } from './audit-log';
import { CarrierCatalogue } from './carrier-catalogue';
import { Markups, type CustomerFieldProps } from './markups';
import { RemoteAreas } from './remote-areas';
import { TariffEditor } from './tariff-editor';

export interface CarriersAdminProps {
  /** A customer picker (features/accounts), for per-customer margins. */
  CustomerField: ComponentType<CustomerFieldProps>;
  /** A person's name by id (features/accounts), for margins and the audit log. */
  UserName: ComponentType<{ id: string }>;
}

type Tab = 'catalogo' | 'tarifas' | 'areas' | 'margenes' | 'bitacora';

/**
 * 'Paqueterías y tarifas' (admin): carriers and services on and off, each service's tariff table
 * (with CSV export and import), remote-area lists, margins, and the log of every change.
 */
export function CarriersAdmin({ CustomerField, UserName }: CarriersAdminProps) {
  const catalogue = useAdminCarriers();
  const [tab, setTab] = useState<Tab>('catalogo');
  const [serviceId, setServiceId] = useState<string | null>(null);

  if (catalogue.isPending) {
    return (
      <Stack align="center" py="xl" role="status" aria-label="Cargando paqueterías">
        <Loader />
      </Stack>
    );
  }
  if (catalogue.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {catalogue.error.message}
      </Alert>
    );
  }
  const carriers = catalogue.data.carriers;
  const selected = serviceId ?? carriers[0]?.services[0]?._id ?? null;
  const serviceOptions = carriers.map((c) => ({
    group: c.name,
    items: c.services.map((s) => ({ value: s._id, label: `${c.name} ${s.name}${s.enabled ? '' : ' (inactivo)'}` })),
  }));

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Paqueterías y tarifas</Title>
        <Text c="dimmed" size="sm" mt={4}>
          Lo que cambies aquí se usa en la siguiente cotización y queda en la bitácora.
        </Text>
      </div>
      <Tabs value={tab} onChange={(v) => setTab((v as Tab | null) ?? 'catalogo')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="catalogo">Paqueterías y servicios</Tabs.Tab>
          <Tabs.Tab value="tarifas">Tarifas</Tabs.Tab>
          <Tabs.Tab value="areas">Áreas remotas</Tabs.Tab>
          <Tabs.Tab value="margenes">Márgenes</Tabs.Tab>
          <Tabs.Tab value="bitacora">Bitácora</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="catalogo" pt="lg">
          <CarrierCatalogue
            carriers={carriers}
            onEditTariff={(id) => {
              setServiceId(id);
              setTab('tarifas');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="tarifas" pt="lg">
          <Stack gap="md">
            <Select label="Servicio" data={serviceOptions} value={selected} onChange={(v) => v && setServiceId(v)} searchable allowDeselect={false} maw={420} />
            {selected && <TariffEditor key={selected} serviceId={selected} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="areas" pt="lg">
          <RemoteAreas carriers={carriers} />
        </Tabs.Panel>
        <Tabs.Panel value="margenes" pt="lg">
          <Markups carriers={carriers} CustomerField={CustomerField} UserName={UserName} />
        </Tabs.Panel>
        <Tabs.Panel value="bitacora" pt="lg">
          <AuditLog UserName={UserName} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
