import { memo, useEffect, useId, useState } from 'react';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert, Button, Checkbox, Fieldset, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { DEFAULT_COUNTRY, type PostalSuggestion } from '@envios/contracts/geography';
import type { AddressSide, SavedLocation } from '@envios/contracts/addresses';
import {
  DOCUMENT_PRESET,
  MAX_GUIDES_PER_QUOTE,
  quoteRequestSchema,
  type PackageType,
  type QuoteRequest,
  type QuoteRequestInput,
} from '@envios/contracts/quotes';
import { NumberField } from '@/components/ui/form/number-field';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ParcelFields, useDocumentSwitch } from '@/components/ui/form/parcel-fields';
import { IconArrowLeft } from '@/components/ui/icons';
import { addressFromSavedLocation, stateAndCity } from '../../utils/address';
import type { SideExtras } from '../../utils/wizard-state';
import type { NewShipmentSlots, PickedParcel } from './wizard-slots';
import classes from './wizard.module.css';

export interface QuoteStepProps {
  /** What was typed before; read when the step opens (later changes to it are ignored). */
  draft: QuoteRequestInput;
  sides: Record<AddressSide, SideExtras>;
  slots: Pick<NewShipmentSlots, 'PostalCodeField' | 'CountryField' | 'renderSavedAddress' | 'renderParcelTemplate'>;
  /** A saved package's content, for the addresses step's description (when it is still empty). */
  onTemplateContent?: (description: string) => void;
  /** 'Anterior' leaves the wizard (to /dashboard). */
  exitHref: string;
  /** Every change, so a reload keeps what was typed. */
  onDraft: (draft: QuoteRequestInput, sides: Record<AddressSide, SideExtras>) => void;
  onQuote: (quote: QuoteRequest, draft: QuoteRequestInput, sides: Record<AddressSide, SideExtras>) => void;
}

const PLACE = { origin: 'origin_direction', destination: 'destination_direction' } as const;
const PACKAGE_TYPES: { value: PackageType; label: string }[] = [
  { value: 'document', label: 'Sobre' },
  { value: 'box', label: 'Paquete' },
  { value: 'pallet', label: 'Tarima' },
];

function errorAt(errors: unknown, path: string): string | undefined {
  let node = errors;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** The quote as typed, plus what each side knows beyond it (kept in the form so a reload has it). */
type QuoteStepValues = QuoteRequestInput & { sides: Record<AddressSide, SideExtras> };

function split({ sides, ...draft }: QuoteStepValues): [QuoteRequestInput, Record<AddressSide, SideExtras>] {
  return [draft, sides];
}

/** The wizard asks the measures in this order: Largo, Alto, Ancho. */
const WIZARD_MEASURE_ORDER = ['width', 'height', 'depth'] as const;

/**
 * Step 1 of the dashboard wizard: origin and destination (saved address or postal code),
 * destination country, number of guides, package type, measures, insurance.
 */
function QuoteStepForm({ draft, sides: initialSides, slots, exitHref, onDraft, onQuote, onTemplateContent }: QuoteStepProps) {
  const formId = useId();
  const form = useZodForm<typeof quoteRequestSchema, QuoteStepValues>(quoteRequestSchema, {
    // The contract checks the quote; `sides` is not part of it and is left out of the result.
    mode: 'onTouched',
    defaultValues: { ...draft, sides: initialSides },
  });
  const { control, setValue, getValues, formState } = form;
  const sides = useWatch({ control, name: 'sides' });
  // Remounts a postal box whose code was set from outside (a saved address), so it shows it.
  const [postalKeys, setPostalKeys] = useState({ origin: 0, destination: 0 });
  const [parcelKey, setParcelKey] = useState(0);
  const [packageType, destinationCountry, insuredCurrency] = useWatch({
    control,
    name: ['package_type', 'destination_direction.country_code', 'insured_value_currency'],
  });
  const isDocument = packageType === 'document';
  const insured = insuredCurrency === 'MXN';
  const switchParcel = useDocumentSwitch(DOCUMENT_PRESET);

  useEffect(() => {
    return form.subscribe({ formState: { values: true }, callback: () => onDraft(...split(getValues())) });
  }, [form, getValues, onDraft]);

  function updateSide(side: AddressSide, extras: SideExtras) {
    setValue(`sides.${side}`, extras);
  }

  function pickPostal(side: AddressSide, pick: PostalSuggestion | null) {
    const place = PLACE[side];
    setValue(`${place}.city`, pick ? stateAndCity(pick) : '');
    setValue(`${place}.suburb`, pick?.place_name ?? '');
    if (side === 'destination') setValue('destination_direction.state_short', pick?.state_short ?? '');
    setValue(`${place}.postal_code`, pick?.postal_code ?? '', { shouldValidate: true, shouldDirty: true });
    const saved = getValues(`sides.${side}.saved`);
    // Another postal code than the saved address's: that address no longer applies.
    updateSide(side, { state_code: pick?.state_short ?? '', saved: saved && pick?.postal_code === saved.address.postal_code ? saved : null });
  }

  function pickSaved(side: AddressSide, location: SavedLocation) {
    const place = PLACE[side];
    const address = addressFromSavedLocation(location, side);
    setValue(`${place}.country_code`, address.country_code);
    setValue(`${place}.city`, address.city);
    setValue(`${place}.suburb`, address.colony);
    if (side === 'destination') setValue('destination_direction.state_short', address.state_code);
    setValue(`${place}.postal_code`, address.postal_code, { shouldValidate: true, shouldDirty: true });
    setPostalKeys((k) => ({ ...k, [side]: k[side] + 1 }));
    updateSide(side, { state_code: address.state_code, saved: { id: location._id, address } });
  }

  function chooseCountry(code: string) {
    setValue('destination_direction.country_code', code);
    pickPostal('destination', null);
    setPostalKeys((k) => ({ ...k, destination: k.destination + 1 }));
  }

  function choosePackageType(next: PackageType) {
    const previous = getValues('package_type');
    if (next === previous) return;
    if (next === 'document' || previous === 'document') setValue('parcels', [switchParcel(getValues('parcels.0'), next === 'document')]);
    setValue('package_type', next, { shouldDirty: true });
    if (formState.isSubmitted) void form.trigger('parcels');
  }

  function setInsured(checked: boolean) {
    setValue('insured_value_currency', checked ? 'MXN' : undefined);
    if (!checked) setValue('insured_value', undefined);
    if (formState.isSubmitted) void form.trigger(['insured_value', 'insured_value_currency']);
  }

  function pickTemplate(t: PickedParcel) {
    setValue('package_type', t.shipment_type, { shouldDirty: true });
    setValue(
      'parcels',
      [t.shipment_type === 'document' ? { weight: t.weight, ...DOCUMENT_PRESET } : { width: t.width, depth: t.depth, height: t.height, weight: t.weight }],
      { shouldDirty: true },
    );
    setValue('insured_value_currency', t.insured_value === null ? undefined : 'MXN');
    setValue('insured_value', t.insured_value ?? undefined);
    // The boxes are uncontrolled: they show the new numbers once remounted.
    setParcelKey((k) => k + 1);
    onTemplateContent?.(t.description);
    if (formState.isSubmitted) void form.trigger();
  }

  const submit = form.handleSubmit((quote) => onQuote(quote, ...split(getValues())));
  const err = (path: FieldPath<QuoteRequestInput>) => errorAt(formState.errors, path);

  function place(side: AddressSide) {
    const name = PLACE[side];
    const word = side === 'origin' ? 'origen' : 'destino';
    const country = side === 'destination' ? (destinationCountry || DEFAULT_COUNTRY).toUpperCase() : DEFAULT_COUNTRY;
    return (
      <Fieldset legend={side === 'origin' ? 'Origen' : 'Destino'} radius="md" className={classes.place}>
        <Stack gap="sm">
          {slots.renderSavedAddress?.({
            side,
            label: `Dirección guardada de ${word}`,
            value: sides[side].saved?.id ?? null,
            onSelect: (location) => pickSaved(side, location),
          })}
          {side === 'destination' && (
            <slots.CountryField
              id={`${formId}-pais-destino`}
              name="destination_direction.country_code"
              label="País de destino"
              value={country}
              onChange={chooseCountry}
            />
          )}
          <Controller
            control={control}
            name={`${name}.postal_code`}
            render={({ field, fieldState }) => (
              <div key={`${country}-${postalKeys[side]}`}>
                <slots.PostalCodeField
                  id={`${formId}-cp-${word}`}
                  name={field.name}
                  label={`Código postal de ${word}`}
                  listLabel={`Código postal de ${word}`}
                  country={country}
                  value={field.value ?? ''}
                  onChange={(pick) => pickPostal(side, pick)}
                  onBlur={field.onBlur}
                  error={fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined}
                  required
                  inputRef={field.ref}
                />
              </div>
            )}
          />
        </Stack>
      </Fieldset>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Cotiza tu envío">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {place('origin')}
          {place('destination')}
        </SimpleGrid>

        <Fieldset legend="Paquete" radius="md">
          <Stack gap="md">
            <NumberField
              form={form}
              name="cantidadGuias"
              label="Número de guías"
              description="Una guía por paquete; todas con las mismas medidas."
              inputMode="numeric"
              min={1}
              max={MAX_GUIDES_PER_QUOTE}
              step={1}
              required
              maw={220}
            />
            {slots.renderParcelTemplate?.({ onPick: pickTemplate })}
            <Controller
              control={control}
              name="package_type"
              render={({ field }) => (
                <Radio.Group label="Tipo de envío" name={field.name} value={field.value} onChange={(v) => choosePackageType(v)}>
                  <Group gap="lg" mt={6}>
                    {PACKAGE_TYPES.map((t) => (
                      <Radio key={t.value} value={t.value} label={t.label} />
                    ))}
                  </Group>
                </Radio.Group>
              )}
            />
            <ParcelFields
              key={parcelKey}
              form={form}
              path="parcels.0"
              isDocument={isDocument}
              order={WIZARD_MEASURE_ORDER}
              hint={
                isDocument &&
                `El sobre viaja con medidas fijas de ${DOCUMENT_PRESET.width} × ${DOCUMENT_PRESET.depth} × ${DOCUMENT_PRESET.height} cm: solo indica su peso.`
              }
            />
            <Alert variant="light" color="yellow" className={classes.advice}>
              Ingresa el peso y las medidas reales de tu paquete: si la paquetería mide más, te cobrará la diferencia como sobrepeso.
            </Alert>
            {err('parcels') && (
              <Text size="sm" c="red.7" role="alert">
                {err('parcels')}
              </Text>
            )}
            <Checkbox label="Asegurar mi envío" checked={insured} onChange={(e) => setInsured(e.currentTarget.checked)} />
            {insured && (
              <NumberField
                key={parcelKey}
                form={form}
                name="insured_value"
                label="Valor a asegurar (MXN)"
                min={1}
                step={0.01}
                required
                leftSection="$"
                maw={260}
              />
            )}
          </Stack>
        </Fieldset>

        <Group justify="space-between">
          <Button component={Link} to={exitHref} variant="default" leftSection={<IconArrowLeft size={16} />}>
            Anterior
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Cotizar!
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Like the addresses step: the draft the wizard keeps is only read when the step opens. */
export const QuoteStep = memo(QuoteStepForm, (before, after) =>
  (Object.keys(after) as (keyof QuoteStepProps)[]).every((key) => key === 'draft' || key === 'sides' || Object.is(before[key], after[key])),
);
