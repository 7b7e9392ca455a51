import { memo, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Alert, Button, Checkbox, Fieldset, Group, NumberInput, Radio, SimpleGrid, Stack, Text, type NumberInputProps } from '@mantine/core';
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
import { IconArrowLeft } from '@/components/ui/icons';
import { addressFromSavedLocation, stateAndCity } from '../../utils/address';
import type { SideExtras } from '../../utils/wizard-state';
import type { NewShipmentSlots } from './wizard-slots';
import classes from './wizard.module.css';

export interface QuoteStepProps {
  /** What was typed before; read when the step opens (later changes to it are ignored). */
  draft: QuoteRequestInput;
  sides: Record<AddressSide, SideExtras>;
  slots: Pick<NewShipmentSlots, 'renderPostalCode' | 'renderCountry' | 'renderSavedAddress'>;
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
/** Spec 01 §3: in the wizard, width is labelled Largo and depth Ancho. */
const MEASURES = [
  { key: 'width', label: 'Largo (cm)' },
  { key: 'height', label: 'Alto (cm)' },
  { key: 'depth', label: 'Ancho (cm)' },
] as const;

function errorAt(errors: unknown, path: string): string | undefined {
  let node = errors;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** NumberInput gives '' for an empty box: keep it undefined so the contract says "obligatorio". */
function numberOrUndefined(value: string | number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

type NumberFieldProps = Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'required'> & {
  control: Control<QuoteStepValues, unknown, QuoteRequest>;
  name: FieldPath<QuoteStepValues>;
  /** Rounds up to a whole number when the box is left. */
  wholeOnBlur?: boolean;
};

/** A required number box of the quote; an empty box stays undefined so the contract says "obligatorio". */
function NumberField({ control, name, wholeOnBlur = false, ...input }: NumberFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...input}
          name={field.name}
          required
          allowNegative={false}
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(v) => field.onChange(numberOrUndefined(v))}
          onBlur={() => {
            if (wholeOnBlur && typeof field.value === 'number' && !Number.isInteger(field.value)) field.onChange(Math.ceil(field.value));
            field.onBlur();
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * Step 1 of the dashboard wizard (spec 01 §2 "Quote"): origin and destination (saved address or
 * postal code), destination country, number of guides, package type, measures, insurance.
 */
/** The quote as typed, plus what each side knows beyond it (kept in the form so a reload has it). */
type QuoteStepValues = QuoteRequestInput & { sides: Record<AddressSide, SideExtras> };

function split({ sides, ...draft }: QuoteStepValues): [QuoteRequestInput, Record<AddressSide, SideExtras>] {
  return [draft, sides];
}

function QuoteStepForm({ draft, sides: initialSides, slots, exitHref, onDraft, onQuote }: QuoteStepProps) {
  const formId = useId();
  const form = useForm<QuoteStepValues, unknown, QuoteRequest>({
    // The contract checks the quote; `sides` is not part of it and is left out of the result.
    resolver: zodResolver(quoteRequestSchema) as unknown as Resolver<QuoteStepValues, unknown, QuoteRequest>,
    mode: 'onTouched',
    defaultValues: { ...draft, sides: initialSides },
  });
  const { control, setValue, getValues, formState } = form;
  const sides = useWatch({ control, name: 'sides' });
  // Remounts a postal box whose code was set from outside (a saved address), so it shows it.
  const [postalKeys, setPostalKeys] = useState({ origin: 0, destination: 0 });
  const [packageType, destinationCountry, insuredCurrency] = useWatch({
    control,
    name: ['package_type', 'destination_direction.country_code', 'insured_value_currency'],
  });
  const isDocument = packageType === 'document';
  const insured = insuredCurrency === 'MXN';
  const boxParcel = useRef(draft.package_type === 'document' ? {} : (draft.parcels[0] ?? {}));

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
    const weight = getValues('parcels.0.weight');
    if (next === 'document') {
      boxParcel.current = getValues('parcels.0') ?? {};
      // A sobre travels as one parcel of fixed measures; only its weight is asked (spec 01 §4).
      setValue('parcels', [{ ...DOCUMENT_PRESET, weight }]);
    } else if (previous === 'document') {
      setValue('parcels', [{ ...boxParcel.current, weight }]);
    }
    setValue('package_type', next, { shouldDirty: true });
    if (formState.isSubmitted) void form.trigger('parcels');
  }

  function setInsured(checked: boolean) {
    setValue('insured_value_currency', checked ? 'MXN' : undefined);
    if (!checked) setValue('insured_value', undefined);
    if (formState.isSubmitted) void form.trigger(['insured_value', 'insured_value_currency']);
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
          {side === 'destination' &&
            slots.renderCountry({ id: `${formId}-pais-destino`, name: 'destination_direction.country_code', label: 'País de destino', value: country, onChange: chooseCountry })}
          <Controller
            control={control}
            name={`${name}.postal_code`}
            render={({ field, fieldState }) => (
              <div key={`${country}-${postalKeys[side]}`}>
                {slots.renderPostalCode({
                  id: `${formId}-cp-${word}`,
                  name: field.name,
                  label: `Código postal de ${word}`,
                  listLabel: `Código postal de ${word}`,
                  country,
                  value: field.value ?? '',
                  onChange: (pick) => pickPostal(side, pick),
                  onBlur: field.onBlur,
                  error: fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined,
                  required: true,
                  inputRef: field.ref,
                })}
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
              control={control}
              name="cantidadGuias"
              label="Número de guías"
              description="Una guía por paquete; todas con las mismas medidas."
              min={1}
              max={MAX_GUIDES_PER_QUOTE}
              allowDecimal={false}
              maw={220}
            />
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
            <SimpleGrid cols={{ base: 2, sm: isDocument ? 1 : 4 }} spacing="sm" maw={isDocument ? 220 : undefined}>
              {!isDocument &&
                MEASURES.map((m) => (
                  // Whole centimetres: 10.2 becomes 11 when the box is left (spec 01 §5).
                  <NumberField key={m.key} control={control} name={`parcels.0.${m.key}`} label={m.label} min={1} wholeOnBlur />
                ))}
              {/* '1,500' is 1500 kg, as Mexico writes it. */}
              <NumberField control={control} name="parcels.0.weight" label="Peso (kg)" min={0.1} step={0.1} decimalScale={1} thousandSeparator="," />
            </SimpleGrid>
            {isDocument && (
              <Text size="sm" c="dimmed">
                El sobre viaja con medidas fijas de {DOCUMENT_PRESET.width} × {DOCUMENT_PRESET.depth} × {DOCUMENT_PRESET.height} cm: solo indica su peso.
              </Text>
            )}
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
              <NumberField control={control} name="insured_value" label="Valor a asegurar (MXN)" min={1} decimalScale={2} prefix="$" thousandSeparator="," maw={260} />
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
