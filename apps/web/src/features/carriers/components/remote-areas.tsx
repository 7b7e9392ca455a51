import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Pagination, SegmentedControl, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { CARRIER_CODES, CARRIER_NAMES, remoteAreaInputSchema, type CarrierAdmin, type CarrierCode } from '@envios/contracts/carriers';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { useAddRemoteAreas } from '../api/add-remote-areas';
import { useRemoteAreas } from '../api/get-remote-areas';
import { useRemoveRemoteArea } from '../api/remove-remote-area';
import { useUpdateCarrier } from '../api/update-carrier';
import { toNumber } from '@/components/ui/form/to-number';

const PAGE = 30;

function SurchargeForm({ carrier }: { carrier: CarrierAdmin }) {
  const update = useUpdateCarrier();
  const [value, setValue] = useState(String(carrier.remote_area_surcharge));
  const amount = toNumber(value);
  const valid = amount !== undefined && Number.isFinite(amount) && amount >= 0 && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        label="Recargo por guía (MX$)"
        type="number"
        min={0}
        step={0.01}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={!valid ? 'Escribe un importe en pesos con hasta dos decimales.' : update.error?.message}
        w={200}
      />
      <Button
        variant="default"
        disabled={!valid || amount === carrier.remote_area_surcharge}
        loading={update.isPending}
        onClick={() => update.mutate({ code: carrier.code, data: { remote_area_surcharge: amount } })}
      >
        Guardar recargo
      </Button>
    </Group>
  );
}

function CarrierRemoteAreas({ carrier }: { carrier: CarrierAdmin }) {
  const list = useRemoteAreas(carrier.code);
  const add = useAddRemoteAreas();
  const remove = useRemoveRemoteArea();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const codes = (list.data?.postal_codes ?? []).filter((c) => c.startsWith(search.trim()));
  const pages = Math.max(1, Math.ceil(codes.length / PAGE));
  const shown = codes.slice((page - 1) * PAGE, page * PAGE);

  function submit() {
    const postal = draft.split(/[\s,;]+/).filter(Boolean);
    const parsed = remoteAreaInputSchema.safeParse({ postal_codes: postal });
    if (postal.length === 0 || !parsed.success) {
      setDraftError(parsed.success ? 'Escribe al menos un código postal.' : (parsed.error.issues[0]?.message ?? 'Revisa los códigos postales.'));
      return;
    }
    setDraftError(null);
    add.mutate({ code: carrier.code, postalCodes: parsed.data.postal_codes }, { onSuccess: () => setDraft('') });
  }

  return (
    <Stack gap="md">
      <SurchargeForm key={`${carrier.code}-${carrier.remote_area_surcharge}`} carrier={carrier} />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          label="Agregar códigos postales"
          description="Cinco dígitos cada uno, separados por comas, espacios o saltos de línea."
          placeholder="77000, 23880"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          error={draftError ?? add.error?.message}
          autosize
          minRows={1}
          maxRows={4}
          style={{ flex: 1 }}
        />
        <Button onClick={submit} loading={add.isPending}>
          Agregar
        </Button>
      </Group>
      {remove.error && (
        <Alert color="red" variant="light" role="alert">
          {remove.error.message}
        </Alert>
      )}
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          {list.data
            ? `${list.data.postal_codes.length} códigos postales de destino pagan ${formatMXN(toCentavos(list.data.surcharge))} por guía con ${carrier.name}.`
            : 'Cargando la lista…'}
        </Text>
        <TextInput
          label="Buscar código postal"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={200}
        />
      </Group>
      <Table verticalSpacing={4} striped maw={520} aria-label={`Áreas remotas de ${carrier.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Código postal</Table.Th>
            <Table.Th w={60}>Quitar</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((code) => (
            <Table.Tr key={code}>
              <Table.Td>{code}</Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Quitar ${code}`}
                  loading={remove.isPending && remove.variables?.postalCode === code}
                  onClick={() => remove.mutate({ code: carrier.code, postalCode: code })}
                >
                  ×
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
          {list.data && shown.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text c="dimmed" ta="center" py="sm">
                  {search ? 'Ningún código postal coincide.' : 'Esta paquetería no tiene áreas remotas.'}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Páginas de códigos postales" />}
    </Stack>
  );
}

/** Per carrier, the destination postal codes that pay its remote-area surcharge ('Entrega en un área Remota'). */
export function RemoteAreas({ carriers }: { carriers: CarrierAdmin[] }) {
  const [code, setCode] = useState<CarrierCode>('dhl');
  const carrier = carriers.find((c) => c.code === code);
  return (
    <Stack gap="md">
      <SegmentedControl
        value={code}
        onChange={(v) => setCode(v)}
        data={CARRIER_CODES.map((c) => ({ value: c, label: CARRIER_NAMES[c] }))}
        aria-label="Paquetería"
        style={{ alignSelf: 'flex-start' }}
      />
      {carrier && <CarrierRemoteAreas key={carrier.code} carrier={carrier} />}
    </Stack>
  );
}
