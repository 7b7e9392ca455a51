import { useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, NativeSelect, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ShipmentAddressInput } from '@envios/contracts/addresses';
import type { StoreOrderDetail } from '@envios/contracts/integrations';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { quoteRequestSchema, type QuoteRequest, type ShippingOption } from '@envios/contracts/quotes';
import { ApiRequestError } from '@/lib/api-client';
import { useCreateOrderShipments } from '../api/create-order-shipments';
import { useStoreOrderList } from '../api/get-store-order';
import { quoteOrder } from '../api/quote-order';

/** A saved address picked as the origin of every guide. */
export interface OriginChoice {
  id: string;
  label: string;
  address: ShipmentAddressInput;
}

export interface OrderGuidesProps {
  orderIds: string[];
  /** The origin picker (saved addresses, or a new one), composed by the route from the addresses feature. */
  renderOriginPicker: (slot: { value: string | null; onPick: (origin: OriginChoice) => void }) => ReactNode;
  links: { generateGuide: (orderId: string) => string; orders: string; payMany: (shipmentIds: string[]) => string };
}

interface Parcel {
  width: number;
  depth: number;
  height: number;
  weight: number;
}

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function quoteRequest(origin: ShipmentAddressInput, order: StoreOrderDetail, parcel: Parcel): QuoteRequest | null {
  const d = order.destination_direction;
  const parsed = quoteRequestSchema.safeParse({
    origin_direction: { country_code: origin.country_code ?? 'MX', postal_code: origin.postal_code, city: origin.city, suburb: origin.colony },
    destination_direction: { country_code: d.country_code, postal_code: d.postal_code, city: d.city, suburb: d.colony, state_short: d.state_short },
    parcels: [parcel],
    package_type: 'box',
    cantidadGuias: 1,
  });
  return parsed.success ? parsed.data : null;
}

function optionLabel(o: ShippingOption): string {
  return `${o.carrier} - ${o.carrier_service_name} · ${formatMXN(toCentavos(o.net_total_amount))} · ${o.transit_text}`;
}

const MEASURES = [
  { key: 'width', label: 'Largo (cm)' },
  { key: 'depth', label: 'Ancho (cm)' },
  { key: 'height', label: 'Alto (cm)' },
  { key: 'weight', label: 'Peso (kg)' },
] as const;

/**
 * Several store orders into guides in one go: one origin (a saved address), each order's parcel
 * as the store gave it (editable), each order quoted and its cheapest service chosen (changeable),
 * then one creation of every shipment and the payment of all of them together.
 */
export function OrderGuides({ orderIds, renderOriginPicker, links }: OrderGuidesProps) {
  const navigate = useNavigate();
  const details = useStoreOrderList(orderIds);
  const create = useCreateOrderShipments();
  const [origin, setOrigin] = useState<OriginChoice | null>(null);
  const [parcels, setParcels] = useState<Record<string, Parcel>>({});
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const loaded = details.map((d) => d.data).filter((d): d is StoreOrderDetail => d !== undefined);
  const loading = details.some((d) => d.isPending);
  const loadError = details.find((d) => d.isError)?.error;
  const ready = loaded.filter((o) => o.ready && o.shipments.length === 0);
  const skipped = loaded.filter((o) => !(o.ready && o.shipments.length === 0));
  const parcelOf = (o: StoreOrderDetail): Parcel => parcels[o._id] ?? (o.parcels[0] as Parcel);

  const requests = ready.map((o) => (origin ? quoteRequest(origin.address, o, parcelOf(o)) : null));
  const quotes = useQueries({
    queries: ready.map((o, i) => ({
      queryKey: ['integrations', 'order-quote', o._id, requests[i]],
      queryFn: ({ signal }: { signal: AbortSignal }) => quoteOrder(requests[i]!, { signal }),
      enabled: requests[i] !== null && requests[i] !== undefined,
      staleTime: Infinity,
      gcTime: 0,
      retry: 0,
    })),
  });

  const choice = (o: StoreOrderDetail, i: number): ShippingOption | undefined => {
    const options = quotes[i]?.data?.options ?? [];
    return options.find((x) => x.service_id === chosen[o._id]) ?? options[0];
  };
  const picks = ready.map((o, i) => choice(o, i));
  const allPriced = ready.length > 0 && picks.every(Boolean);
  const total = picks.reduce((sum, p) => sum + (p ? toCentavos(p.net_total_amount) : 0), 0);

  async function buy() {
    if (!origin || !allPriced) return;
    setFailure(null);
    const bodies = ready.map((o, i) => ({
      selected_service: { service_id: picks[i]!.service_id, net_total_amount: picks[i]!.net_total_amount },
      shipment_type: 'box' as const,
      parcels: [parcelOf(o)],
      cantidadGuias: 1,
      origin_direction: origin.address,
      destination_direction: o.destination_direction,
      description_of_the_content: o.description_of_the_content,
      shipment_ecommerce: { order_id: o._id, ecommerce_type: o.platform },
    }));
    const body = JSON.stringify(bodies);
    // One key per purchase until it succeeds: a retry is recognised instead of buying twice.
    if (!attempt.current || attempt.current.body !== body) attempt.current = { key: randomKey(), body };
    try {
      const answer = await create.mutateAsync({ bodies, idempotencyKey: attempt.current.key });
      void navigate(links.payMany(answer.shipments.map((s) => s._id)));
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        attempt.current = null;
        setFailure(`${error.body.message} Volvimos a cotizar: revisa los precios y presiona de nuevo.`);
        quotes.forEach((q) => void q.refetch());
        return;
      }
      setFailure(error instanceof Error ? error.message : 'No pudimos crear los envíos. Intenta de nuevo.');
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Generar guías de pedidos</Title>
        <Text c="dimmed">Elige el origen; cotizamos cada pedido con su paquete y proponemos el servicio más barato.</Text>
      </div>
      {loadError && (
        <Alert color="red" variant="light" role="alert">
          {loadError.message}
        </Alert>
      )}
      {loading && <Loader aria-label="Cargando los pedidos" />}

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="origen-title">
        <Stack gap="xs">
          <Title order={2} size="h4" id="origen-title">
            1. Origen de los envíos
          </Title>
          {renderOriginPicker({ value: origin?.id ?? null, onPick: setOrigin })}
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="pedidos-title">
        <Title order={2} size="h4" id="pedidos-title">
          2. Paquete y servicio de cada pedido
        </Title>
        {ready.length === 0 && !loading && <Text c="dimmed">Ninguno de estos pedidos puede generarse en grupo.</Text>}
        {ready.map((o, i) => {
          const q = quotes[i];
          const parcel = parcelOf(o);
          const pick = picks[i];
          return (
            <Card key={o._id} withBorder radius="md" padding="md" component="article" aria-label={`Pedido ${o.number} de ${o.name}`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div>
                    <Text fw={600}>
                      Pedido #{o.number} · {o.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {o.destination} · {o.description_of_the_content}
                    </Text>
                  </div>
                  {!o.weight_from_products && (
                    <Badge color="yellow" variant="light" tt="none">
                      Peso estimado
                    </Badge>
                  )}
                </Group>
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                  {MEASURES.map((m) => (
                    <NumberInput
                      key={m.key}
                      label={m.label}
                      size="xs"
                      min={m.key === 'weight' ? 0.1 : 1}
                      max={m.key === 'weight' ? 2000 : 300}
                      decimalScale={m.key === 'weight' ? 1 : 0}
                      value={parcel[m.key]}
                      onChange={(v) => {
                        if (typeof v === 'number' && v > 0) setParcels({ ...parcels, [o._id]: { ...parcel, [m.key]: v } });
                      }}
                    />
                  ))}
                </SimpleGrid>
                {!origin && (
                  <Text size="sm" c="dimmed">
                    Elige el origen para cotizar.
                  </Text>
                )}
                {origin && requests[i] === null && (
                  <Text size="sm" c="red.8">
                    Revisa las medidas del paquete.
                  </Text>
                )}
                {q?.isFetching && <Loader size="sm" aria-label={`Cotizando el pedido ${o.number}`} />}
                {q?.isError && (
                  <Text size="sm" c="red.8" role="alert">
                    {q.error.message}
                  </Text>
                )}
                {q?.data && q.data.options.length === 0 && (
                  <Text size="sm" c="red.8">
                    Ninguna paquetería ofrece este envío.
                  </Text>
                )}
                {q?.data && q.data.options.length > 0 && (
                  <NativeSelect
                    label="Servicio"
                    value={pick?.service_id ?? ''}
                    onChange={(event) => setChosen({ ...chosen, [o._id]: event.currentTarget.value })}
                    data={q.data.options.map((x) => ({ value: x.service_id, label: optionLabel(x) }))}
                  />
                )}
              </Stack>
            </Card>
          );
        })}
      </Stack>

      {skipped.length > 0 && (
        <Alert color="yellow" variant="light" title="Estos pedidos van por separado">
          <Stack gap={4}>
            {skipped.map((o) => (
              <Text key={o._id} size="sm">
                Pedido #{o.number} · {o.name}: {o.shipments.length > 0 ? 'ya tiene envío.' : 'su dirección necesita revisión.'}{' '}
                {o.shipments.length === 0 && (
                  <Anchor component={Link} to={links.generateGuide(o._id)} size="sm">
                    Generar Guia
                  </Anchor>
                )}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}

      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text size="sm" c="dimmed">
              {ready.length === 1 ? '1 guía' : `${ready.length} guías`}
            </Text>
            <Text fw={700} size="lg">
              {allPriced ? formatMXN(total) : '—'}
            </Text>
          </div>
          <Group gap="xs">
            <Button component={Link} to={links.orders} variant="default">
              Volver a los pedidos
            </Button>
            <Button onClick={() => void buy()} disabled={!origin || !allPriced} loading={create.isPending}>
              {ready.length > 1 ? `Crear ${ready.length} envíos y pagar` : 'Crear envío y pagar'}
            </Button>
          </Group>
        </Group>
      </Card>
    </Stack>
  );
}
