import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { SavedLocation } from '@envios/contracts/addresses';
import type { ParcelTemplate } from '@envios/contracts/parcels';
import { CARRIER_RULES, carrierRuleLabels, storeRuleInputSchema, type CarrierRule, type StoreConnection, type StoreRule } from '@envios/contracts/integrations';
import { ApiRequestError } from '@/lib/api-client';
import { useRuleChoices } from '../api/get-rule-choices';
import { useSaveStoreRule, useStoreRule } from '../api/store-rule';

const PRODUCTS_WEIGHT = 'products';

interface Draft {
  origin: string | null;
  pack: string;
  carrier: CarrierRule;
  service: string;
  maxPrice: string | number;
  auto: boolean;
  limit: string | number;
}

export interface StoreRuleModalProps {
  store: StoreConnection;
  opened: boolean;
  onClose: () => void;
}

/**
 * «Regla de envío» of one store: the origin (a saved address), the package (a saved package or
 * the weight from the products), the carrier rule with a maximum price and, opted in, automatic
 * purchase from the wallet with a daily limit.
 */
export function StoreRuleModal({ store, opened, onClose }: StoreRuleModalProps) {
  const rule = useStoreRule(store._id, opened);
  const choices = useRuleChoices(opened);
  const failure = rule.error ?? choices.error;
  return (
    <Modal opened={opened} onClose={onClose} title={`Regla de envío · ${store.app_name}`} centered size="lg">
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          No pudimos cargar la regla: {failure.message}
        </Alert>
      ) : rule.data && choices.data ? (
        <RuleForm storeId={store._id} rule={rule.data} addresses={choices.data.addresses} packages={choices.data.packages} onClose={onClose} />
      ) : (
        <Group justify="center" py="md">
          <Loader aria-label="Cargando la regla" />
        </Group>
      )}
    </Modal>
  );
}

function RuleForm({
  storeId,
  rule,
  addresses,
  packages,
  onClose,
}: {
  storeId: string;
  rule: StoreRule;
  addresses: SavedLocation[];
  packages: ParcelTemplate[];
  onClose: () => void;
}) {
  const save = useSaveStoreRule();
  const [draft, setDraft] = useState<Draft>({
    origin: rule.origin_address_id,
    pack: rule.package_template_id ?? PRODUCTS_WEIGHT,
    carrier: rule.carrier_rule,
    service: rule.service_name ?? '',
    maxPrice: rule.max_price ?? '',
    auto: rule.auto_purchase,
    limit: rule.daily_limit,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit() {
    const input = {
      origin_address_id: draft.origin,
      package_template_id: draft.pack === PRODUCTS_WEIGHT ? null : draft.pack,
      carrier_rule: draft.carrier,
      service_name: draft.carrier === 'service' ? draft.service.trim() || null : null,
      max_price: draft.maxPrice === '' ? null : Number(draft.maxPrice),
      auto_purchase: draft.auto,
      daily_limit: draft.limit === '' ? 0 : Number(draft.limit),
    };
    const checked = storeRuleInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { id: storeId, rule: input },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (error instanceof ApiRequestError) setErrors(Object.fromEntries((error.body.errors ?? []).map((i) => [i.path, i.message])));
        },
      },
    );
  }

  return (
    <Stack>
      <Text size="sm">
        Cómo se envían los pedidos de esta tienda. Con la compra automática, cada pedido pagado se vuelve una guía pagada con tu monedero sin que hagas clic; lo
        que la regla no pueda decidir te espera en Mis Envíos › E-Commerce con el motivo.
      </Text>
      <Select
        label="Dirección de origen"
        placeholder={addresses.length === 0 ? 'Guarda una dirección en Direcciones' : 'Elige una dirección guardada'}
        data={addresses.map((a) => ({ value: a._id, label: `${a.name} · C.P. ${a.postal_code}` }))}
        value={draft.origin}
        onChange={(v) => setDraft({ ...draft, origin: v })}
        clearable
        error={errors.origin_address_id}
      />
      <Select
        label="Paquete"
        data={[
          { value: PRODUCTS_WEIGHT, label: 'El peso de los productos del pedido' },
          ...packages.map((p) => ({ value: p._id, label: `${p.name} · ${p.width}×${p.depth}×${p.height} cm, ${p.weight} kg` })),
        ]}
        value={draft.pack}
        onChange={(v) => setDraft({ ...draft, pack: v ?? PRODUCTS_WEIGHT })}
        allowDeselect={false}
        error={errors.package_template_id}
      />
      <Select
        label="Paquetería"
        data={CARRIER_RULES.map((c) => ({ value: c, label: carrierRuleLabels[c] }))}
        value={draft.carrier}
        onChange={(v) => setDraft({ ...draft, carrier: CARRIER_RULES.find((c) => c === v) ?? 'cheapest' })}
        allowDeselect={false}
        error={errors.carrier_rule}
      />
      {draft.carrier === 'service' && (
        <TextInput
          label="Servicio"
          description="Como aparece al cotizar, por ejemplo «DHL EXPRESS DOMESTIC»."
          value={draft.service}
          onChange={(e) => setDraft({ ...draft, service: e.currentTarget.value })}
          maxLength={120}
          error={errors.service_name}
        />
      )}
      <NumberInput
        label="Precio máximo por guía (MX$)"
        description="Vacío: sin máximo. Un pedido sin servicio por debajo espera tu revisión."
        value={draft.maxPrice}
        onChange={(v) => setDraft({ ...draft, maxPrice: v })}
        min={0}
        decimalScale={2}
        thousandSeparator=","
        error={errors.max_price}
      />
      <Switch
        label="Comprar las guías solas con mi monedero"
        description={`Hoy se han comprado ${rule.bought_today} con esta regla.`}
        checked={draft.auto}
        onChange={(e) => setDraft({ ...draft, auto: e.currentTarget.checked })}
        error={errors.auto_purchase}
      />
      <NumberInput
        label="Límite diario de guías automáticas"
        value={draft.limit}
        onChange={(v) => setDraft({ ...draft, limit: v })}
        min={1}
        max={500}
        allowDecimal={false}
        error={errors.daily_limit}
      />
      {save.isError && !(save.error instanceof ApiRequestError && save.error.body.errors?.length) && (
        <Alert color="red" variant="light" role="alert">
          {save.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Guardar regla
        </Button>
      </Group>
    </Stack>
  );
}
