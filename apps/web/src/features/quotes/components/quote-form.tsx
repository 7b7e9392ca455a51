import { useCallback, useId, useState, type ReactNode } from 'react';
import { Controller, useWatch, type DefaultValues } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Button, Checkbox, Radio, Stack, Text } from '@mantine/core';
import { DEFAULT_COUNTRY, type PostalSuggestion } from '@envios/contracts/geography';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import {
  DEFAULT_PACKAGE_TYPE,
  DOCUMENT_PRESET,
  billableWeightKg,
  parcelSchema,
  quoteRequestSchema,
  volumetricWeightKg,
  type PackageType,
  type ParcelInput,
  type QuoteRequest,
  type QuoteRequestInput,
} from '@envios/contracts/quotes';
import { IconBox, IconEnvelope, IconPallet } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { loadQuoteRequest, saveQuoteRequest, wantsQuoteRestored } from '../utils/quote-request-storage';
import classes from './quote-form.module.css';
import type { CountryField, PostalCodeField } from '@/components/ui/form/geography-fields';
import { NumberField } from '@/components/ui/form/number-field';
import { ParcelFields, useDocumentSwitch } from '@/components/ui/form/parcel-fields';

export interface QuoteFormProps {
  /** The geography feature's boxes, plugged in by the route. */
  PostalCodeField: PostalCodeField;
  CountryField: CountryField;
  /** Called with the validated request after it is stored; defaults to going to the providers. */
  onQuoted?: (request: QuoteRequest) => void;
}

type Side = 'origin_direction' | 'destination_direction';

const PACKAGE_OPTIONS: { value: PackageType; label: string; hint: string; icon: ReactNode }[] = [
  { value: 'document', label: 'Sobre', hint: 'Documentos', icon: <IconEnvelope size={26} /> },
  { value: 'box', label: 'Paquete', hint: 'Caja', icon: <IconBox size={26} /> },
  { value: 'pallet', label: 'Tarima', hint: 'Carga consolidada', icon: <IconPallet size={26} /> },
];

/** A short visible label whose accessible name also carries the rest ("Largo (cm)"). */
function labelWithHidden(visible: string, hidden: string) {
  return (
    <>
      {visible} <span className={classes.srOnly}>{hidden}</span>
    </>
  );
}

/** Measures start empty, so each box asks for its number. */
const EMPTY_PARCEL: Partial<ParcelInput> = {};

export const quoteFormDefaults: DefaultValues<QuoteRequestInput> = {
  origin_direction: { country_code: DEFAULT_COUNTRY, postal_code: '', city: '', suburb: '' },
  destination_direction: { country_code: DEFAULT_COUNTRY, postal_code: '', city: '', suburb: '', state_short: '' },
  parcels: [EMPTY_PARCEL],
  package_type: DEFAULT_PACKAGE_TYPE,
  cantidadGuias: 1,
};

const kg = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

/** What each field is called in the hint under 'Cotizar!'. */
const FIELD_NAMES: [prefix: string, name: string][] = [
  ['origin_direction', 'el código postal de origen'],
  ['destination_direction', 'el código postal de destino'],
  ['parcels.0.width', 'el largo'],
  ['parcels.0.depth', 'el ancho'],
  ['parcels.0.height', 'el alto'],
  ['parcels.0.weight', 'el peso'],
  ['insured_value', 'el valor a asegurar'],
];

/** The fields the contract still refuses, named as the person reads them, in the form's order. */
export function missingFields(values: unknown): string[] {
  const result = quoteRequestSchema.safeParse(values);
  if (result.success) return [];
  const paths = result.error.issues.map((i) => i.path.join('.'));
  let names = FIELD_NAMES.filter(([prefix]) => paths.some((p) => p === prefix || p.startsWith(`${prefix}.`))).map(([, name]) => name);
  const fold = (parts: string[], together: string) => {
    if (parts.every((p) => names.includes(p))) names = [together, ...names.filter((n) => !parts.includes(n))];
  };
  fold(['el largo', 'el ancho', 'el alto'], 'las medidas');
  fold(['el código postal de origen', 'el código postal de destino'], 'los códigos postales de origen y destino');
  return names;
}

/** «Para cotizar falta el peso.» / «Para cotizar faltan el alto y el peso.» */
export function missingHint(missing: string[]): string {
  if (missing.length === 0) return 'Revisa los datos marcados para cotizar.';
  if (missing.length === 1) return `Para cotizar ${/^l[ao]s /.test(missing[0]!) ? 'faltan' : 'falta'} ${missing[0]}.`;
  return `Para cotizar faltan ${missing.slice(0, -1).join(', ')} y ${missing.at(-1)}.`;
}

/**
 * The home quote: origin and destination, package type, measures and insurance.
 * 'Cotizar!' stays disabled until the shared quote contract accepts the whole request.
 */
export function QuoteForm({ PostalCodeField, CountryField, onQuoted }: QuoteFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const formId = useId();
  // 'Regresar' from the provider selector comes back with the last request filled in.
  const [restored] = useState(() => (wantsQuoteRestored(location.state) ? loadQuoteRequest() : null));
  const form = useZodForm(quoteRequestSchema, {
    mode: 'onTouched',
    defaultValues: restored ?? quoteFormDefaults,
  });
  const { control, setValue, getValues, formState } = form;
  const [packageType, originCountry, destinationCountry, insuredCurrency, parcel] = useWatch({
    control,
    name: ['package_type', 'origin_direction.country_code', 'destination_direction.country_code', 'insured_value_currency', 'parcels.0'],
  });
  const isDocument = packageType === 'document';
  const insured = insuredCurrency === 'MXN';
  const switchParcel = useDocumentSwitch(DOCUMENT_PRESET);

  const pickPostal = useCallback(
    (side: Side, pick: PostalSuggestion | null) => {
      setValue(`${side}.city`, pick?.city ?? '');
      setValue(`${side}.suburb`, pick?.place_name ?? '');
      if (side === 'destination_direction') setValue('destination_direction.state_short', pick?.state_short ?? '');
      setValue(`${side}.postal_code`, pick?.postal_code ?? '', { shouldValidate: true, shouldDirty: true });
    },
    [setValue],
  );
  const pickOrigin = useCallback((pick: PostalSuggestion | null) => pickPostal('origin_direction', pick), [pickPostal]);
  const pickDestination = useCallback((pick: PostalSuggestion | null) => pickPostal('destination_direction', pick), [pickPostal]);

  function chooseCountry(side: Side, code: string) {
    setValue(`${side}.country_code`, code);
    pickPostal(side, null);
  }

  function choosePackageType(next: PackageType) {
    const previous = getValues('package_type');
    if (next === previous) return;
    if (next === 'document' || previous === 'document') setValue('parcels', [switchParcel(getValues('parcels.0'), next === 'document')]);
    setValue('package_type', next, { shouldValidate: true, shouldDirty: true });
    // Only what the person already typed is checked again: a new Sobre or Tarima starts without
    // messages under boxes nobody has filled yet.
    const typed = (['width', 'depth', 'height', 'weight'] as const).filter((k) => getValues(`parcels.0.${k}`) !== undefined);
    form.clearErrors('parcels');
    if (typed.length > 0) void form.trigger(typed.map((k) => `parcels.0.${k}` as const));
  }

  function setInsured(checked: boolean) {
    if (checked) {
      // The value box opens empty and quiet: it speaks once the seller types or leaves it.
      setValue('insured_value_currency', 'MXN', { shouldValidate: false });
      return;
    }
    setValue('insured_value', undefined);
    setValue('insured_value_currency', undefined);
    form.clearErrors(['insured_value', 'insured_value_currency']);
    void form.trigger(['insured_value', 'insured_value_currency']);
  }

  const everything = useWatch({ control });
  const missing = formState.isValid ? [] : missingFields(everything);
  const measured = parcelSchema.safeParse(parcel);
  const volumetricHint =
    measured.success && !isDocument
      ? `Peso volumétrico: ${kg.format(volumetricWeightKg(measured.data))} kg · Se cotiza como ${kg.format(billableWeightKg(measured.data))} kg`
      : undefined;

  const onSubmit = form.handleSubmit((request) => {
    saveQuoteRequest(request);
    if (onQuoted) onQuoted(request);
    else void navigate(paths.serviceProviders);
  });

  const disabledHintId = `${formId}-hint`;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Cotiza tu envío">
      <Stack gap="md">
        {(['origin_direction', 'destination_direction'] as const).map((side) => {
          const isOrigin = side === 'origin_direction';
          const word = isOrigin ? 'origen' : 'destino';
          const country = (isOrigin ? originCountry : destinationCountry) || DEFAULT_COUNTRY;
          return (
            <div key={side} role="group" aria-labelledby={`${formId}-${word}`}>
              <p id={`${formId}-${word}`} className={classes.placeTitle}>
                <span className={isOrigin ? classes.dotOrigin : classes.dotDestination} aria-hidden="true" />
                {isOrigin ? 'Origen' : 'Destino'}
              </p>
              <div className={classes.place}>
                <CountryField
                  id={`${formId}-${word}-pais`}
                  name={`${side}.country_code`}
                  label={labelWithHidden('País', `de ${word}`)}
                  value={country}
                  onChange={(code) => chooseCountry(side, code)}
                />
                <Controller
                  control={control}
                  name={`${side}.postal_code`}
                  render={({ field, fieldState }) => (
                    <PostalCodeField
                      key={country}
                      id={`${formId}-${word}-cp`}
                      name={field.name}
                      label={labelWithHidden('Código postal', `de ${word}`)}
                      listLabel={`Código postal de ${word}`}
                      required
                      country={country}
                      value={field.value}
                      inputRef={field.ref}
                      onBlur={field.onBlur}
                      onChange={isOrigin ? pickOrigin : pickDestination}
                      error={fieldState.isTouched ? fieldState.error?.message : undefined}
                    />
                  )}
                />
              </div>
            </div>
          );
        })}

        <Controller
          control={control}
          name="package_type"
          render={({ field }) => (
            <Radio.Group label="Tipo de envío" value={field.value} onChange={(value) => choosePackageType(value)} name={field.name}>
              <div className={classes.packageTypes}>
                {PACKAGE_OPTIONS.map((option) => (
                  <Radio
                    key={option.value}
                    value={option.value}
                    classNames={{ root: classes.packageType, body: classes.packageTypeBody, labelWrapper: classes.packageTypeLabel }}
                    label={
                      <span className={classes.packageTypeText}>
                        <span className={classes.packageTypeIcon}>{option.icon}</span>
                        <span>
                          <strong>{option.label}</strong>
                          <small>{option.hint}</small>
                        </span>
                      </span>
                    }
                  />
                ))}
              </div>
            </Radio.Group>
          )}
        />

        <ParcelFields
          form={form}
          path="parcels.0"
          isDocument={isDocument}
          unitInside
          hint={
            isDocument
              ? `Sobre de ${DOCUMENT_PRESET.width} × ${DOCUMENT_PRESET.depth} × ${DOCUMENT_PRESET.height} cm: solo indica el peso.`
              : (volumetricHint ?? 'Usa el peso y las medidas reales para evitar cargos por sobrepeso.')
          }
        />

        <Stack gap="xs">
          <Checkbox
            label="Asegurar mi envío"
            description="Protege el valor de tu paquete contra pérdida o daño."
            checked={insured}
            onChange={(event) => setInsured(event.currentTarget.checked)}
          />
          {insured && (
            <NumberField
              form={form}
              name="insured_value"
              label="Valor a asegurar (MXN)"
              type="number"
              inputMode="decimal"
              min={1}
              step={0.01}
              required
              leftSection="$"
              maw={260}
            />
          )}
        </Stack>

        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={!formState.isValid || formState.isSubmitting}
          aria-describedby={formState.isValid ? undefined : disabledHintId}
        >
          Cotizar!
        </Button>
        {!formState.isValid && (
          <Text id={disabledHintId} size="xs" c="dimmed" ta="center" mt={-8}>
            {missingHint(missing)}
          </Text>
        )}
      </Stack>
    </form>
  );
}
