import { useCallback, useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import { Controller, useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Fieldset, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { DEFAULT_COUNTRY, type PostalSuggestion } from '@envios/contracts/geography';
import { ADDRESS_TEXT_MAX, HOUSE_NUMBER_MAX, PHONE_MAX, STREET_MAX, cityOnly, type AddressSide, type SavedLocation } from '@envios/contracts/addresses';
import { addressFromPick, addressFromSavedLocation, cityOfCode, coloniesOf, stateAndCity, type AddressDraft } from '../utils/address';
import type { CountryField, PostalCodeField } from '@/components/ui/form/geography-fields';
import classes from './address-fieldset.module.css';

/** What the saved-address slot receives (the addresses feature's select plugs in here). */
export interface SavedAddressSlotProps {
  side: AddressSide;
  label: string;
  /** The chosen saved address's `_id`, or null. */
  value: string | null;
  /** A saved address was chosen: its fields replace what was typed. */
  onSelect: (location: SavedLocation) => void;
}

/** Finds the suggestions of one postal code (the route passes geography's `searchPostalCodes`). */
export type ColonyLookup = (query: { postalCode: string; country: string }, opts: { signal?: AbortSignal }) => Promise<PostalSuggestion[]>;

export interface AddressFieldsetProps {
  side: AddressSide;
  /** Where the address sits in the surrounding form ('origin_direction'); omit when the form is one address. */
  name?: string;
  /** Defaults to 'Origen' / 'Destino'. */
  legend?: ReactNode;
  /** The postal-code box with suggestions; without it the code is a plain box. */
  PostalCodeField?: PostalCodeField | undefined;
  /** The country choice; without it the country is shown read-only. */
  CountryField?: CountryField | undefined;
  /** A saved-address dropdown shown above the fields; its choice fills them in. */
  renderSavedAddress?: (slot: SavedAddressSlotProps) => ReactNode;
  /** Lists the colonies of the chosen postal code (the colony box becomes a choice among them). */
  lookupColonies?: ColonyLookup;
  /**
   * The postal code (and country) were fixed earlier, e.g. by the quote: they are shown read-only
   * with this text under them.
   */
  lockedPostalCodeHint?: string;
  /** Extra content at the end of the fieldset (a 'Guardar dirección' checkbox, for instance). */
  children?: ReactNode;
}

const SIDE_WORD: Record<AddressSide, { legend: string; of: string }> = {
  origin: { legend: 'Origen', of: 'de origen' },
  destination: { legend: 'Destino', of: 'de destino' },
};

const countryNames = new Intl.DisplayNames(['es-MX'], { type: 'region' });
function countryName(code: string): string {
  try {
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

type Field = keyof AddressDraft;

/**
 * One side of a shipment: name, e-mail, phone, street, numbers,
 * reference, postal code with suggestions, colony among the code's colonies, and 'Estado, Ciudad'
 * filled read-only from the pick. Lives inside a react-hook-form `FormProvider` whose resolver
 * uses the contract's `originAddressSchema` / `destinationAddressSchema` at `name`.
 */
export function AddressFieldset({
  side,
  name,
  legend,
  PostalCodeField,
  CountryField,
  renderSavedAddress,
  lookupColonies,
  lockedPostalCodeHint,
  children,
}: AddressFieldsetProps) {
  const { control, setValue, getValues } = useFormContext<FieldValues>();
  const baseId = useId();
  const path = useCallback((field: Field) => (name ? `${name}.${field}` : field), [name]);
  const id = (field: Field) => `${baseId}-${field}`;
  const words = SIDE_WORD[side];
  const isDestination = side === 'destination';

  const [postalCode, country, colony] = useWatch({ control, name: [path('postal_code'), path('country_code'), path('colony')] }) as [
    string | undefined,
    string | undefined,
    string | undefined,
  ];
  const countryCode = (country || DEFAULT_COUNTRY).toUpperCase();
  const code = (postalCode ?? '').trim();

  const colonyLookup = useQuery({
    queryKey: ['shipments', 'colonies', countryCode, code],
    queryFn: ({ signal }) => lookupColonies!({ postalCode: code, country: countryCode }, { signal }),
    enabled: Boolean(lookupColonies) && code !== '',
    staleTime: 10 * 60_000,
    retry: 0,
  });
  const found = colonyLookup.data ? coloniesOf(colonyLookup.data, code) : [];
  // A colony typed or saved earlier stays choosable even when the catalogue spells it otherwise.
  const currentColony = (colony ?? '').trim();
  const colonies = currentColony && found.length > 0 && !found.includes(currentColony) ? [currentColony, ...found] : found;

  // A code that came without its state (the home quote keeps only the city) gets 'Estado, Ciudad'.
  useEffect(() => {
    const match = colonyLookup.data ? cityOfCode(colonyLookup.data, code) : null;
    if (!match) return;
    const city = String(getValues(path('city')) ?? '').trim();
    const full = stateAndCity(match);
    if (city.includes(',') || (city !== '' && city !== cityOnly(full))) return;
    setValue(path('city'), full, { shouldDirty: true });
    if (!getValues(path('state_code'))) setValue(path('state_code'), match.state_short);
    if (isDestination && !getValues(path('state_short'))) setValue(path('state_short'), match.state_short);
  }, [colonyLookup.data, code, getValues, setValue, path, isDestination]);

  const set = useCallback(
    (field: Field, value: string, validate = false) =>
      setValue(path(field), value, { shouldDirty: true, shouldValidate: validate || getValues(path(field)) !== value }),
    [setValue, getValues, path],
  );

  const pickPostal = useCallback(
    (pick: PostalSuggestion | null) => {
      const next = addressFromPick(pick);
      set('city', next.city);
      set('state_code', next.state_code);
      if (isDestination) set('state_short', next.state_short);
      // A pick names one colony; typing a code with several leaves the choice to the colony box.
      set('colony', next.colony);
      set('postal_code', next.postal_code, true);
    },
    [set, isDestination],
  );

  function chooseCountry(next: string) {
    set('country_code', next.toUpperCase());
    pickPostal(null);
  }

  const [savedId, setSavedId] = useState<string | null>(null);
  function chooseSaved(location: SavedLocation) {
    setSavedId(location._id);
    const filled = addressFromSavedLocation(location, side);
    for (const [field, value] of Object.entries(filled) as [Field, string][]) set(field, value, true);
  }

  const locked = lockedPostalCodeHint !== undefined;

  function text(field: Field, label: string, opts: Omit<TextFieldProps, 'name' | 'id' | 'label'>) {
    return <TextField name={path(field)} id={id(field)} label={label} {...opts} />;
  }

  const postalLabel = 'Código postal';
  let postalBox: ReactNode;
  if (locked) {
    postalBox = text('postal_code', postalLabel, { max: 12, readOnly: true, description: lockedPostalCodeHint });
  } else if (PostalCodeField) {
    postalBox = (
      <Controller
        control={control}
        name={path('postal_code')}
        render={({ field, fieldState }) => (
          <PostalCodeField
            id={id('postal_code')}
            name={field.name}
            label={postalLabel}
            listLabel={`Código postal ${words.of}`}
            country={countryCode}
            value={(field.value as string | undefined) ?? ''}
            onChange={pickPostal}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            required
            inputRef={field.ref}
          />
        )}
      />
    );
  } else {
    postalBox = text('postal_code', postalLabel, { max: 12, inputMode: countryCode === DEFAULT_COUNTRY ? 'numeric' : 'text', autoComplete: 'postal-code' });
  }

  let countryBox: ReactNode;
  if (CountryField && !locked) {
    countryBox = <CountryField id={id('country_code')} name={path('country_code')} label="País" value={countryCode} onChange={chooseCountry} />;
  } else {
    countryBox = <TextInput id={id('country_code')} label="País" value={countryName(countryCode)} readOnly classNames={{ input: classes.readOnly }} />;
  }

  return (
    <Fieldset legend={legend ?? words.legend} radius="md" className={classes.fieldset}>
      {renderSavedAddress && (
        <div className={classes.saved}>{renderSavedAddress({ side, label: `Dirección guardada ${words.of}`, value: savedId, onSelect: chooseSaved })}</div>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        {text('full_name', 'Nombre completo', { max: ADDRESS_TEXT_MAX, autoComplete: 'name' })}
        {text('email', 'Correo electrónico', {
          max: 254,
          // The origin's e-mail box is e-mail typed, the destination's plain text.
          type: isDestination ? 'text' : 'email',
          inputMode: 'email',
          autoComplete: 'email',
        })}
        {text('phone', 'Teléfono', { max: PHONE_MAX, type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
        {text('address', 'Calle', { max: STREET_MAX, autoComplete: 'address-line1' })}
        <SimpleGrid cols={2} spacing="sm">
          {text('number', 'Número exterior', { max: HOUSE_NUMBER_MAX })}
          {text('intNumber', 'Número interior', { max: HOUSE_NUMBER_MAX, required: false })}
        </SimpleGrid>
        {text('reference_of_origin', 'Referencia', { max: ADDRESS_TEXT_MAX, required: false, description: 'Entre calles, color de fachada…' })}
        {countryBox}
        {postalBox}
        {colonies.length > 0 ? (
          <ColonySelect name={path('colony')} id={id('colony')} colonies={colonies} />
        ) : (
          text('colony', 'Colonia', {
            max: ADDRESS_TEXT_MAX,
            description: colonyLookup.isFetching ? 'Buscando colonias…' : undefined,
          })
        )}
        {/* 'Estado, Ciudad' comes from the postal code; it is typed only abroad, where no catalogue answers. */}
        {countryCode !== DEFAULT_COUNTRY && !locked
          ? text('city', 'Estado, Ciudad', { max: 80 })
          : text('city', 'Estado, Ciudad', { max: 80, readOnly: true, description: 'Se llena al elegir el código postal.' })}
      </SimpleGrid>
      {children}
    </Fieldset>
  );
}

/** What a bound box needs from the form: its name, ref, text value, change, blur and error. */
interface BoundField {
  name: string;
  ref: Ref<HTMLInputElement & HTMLSelectElement>;
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  onBlur: () => void;
  error: string | undefined;
}

/** Binds one text value of the surrounding form to the box `children` renders. */
function Bound({ name, children }: { name: string; children: (bound: BoundField) => ReactNode }) {
  const { control } = useFormContext<FieldValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <>
          {children({
            name: field.name,
            ref: field.ref,
            value: (field.value as string | undefined) ?? '',
            onChange: (event) => field.onChange(event.currentTarget.value),
            onBlur: field.onBlur,
            error: fieldState.error?.message,
          })}
        </>
      )}
    />
  );
}

interface TextFieldProps {
  name: string;
  id: string;
  label: string;
  max: number;
  required?: boolean;
  readOnly?: boolean;
  type?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  autoComplete?: string;
  description?: string | undefined;
}

function TextField({ name, id, label, max, required = true, readOnly = false, type, inputMode, autoComplete, description }: TextFieldProps) {
  return (
    <Bound name={name}>
      {(bound) => (
        <TextInput
          {...bound}
          id={id}
          label={label}
          required={required}
          readOnly={readOnly}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          maxLength={max}
          description={description}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          classNames={readOnly ? { input: classes.readOnly } : undefined}
        />
      )}
    </Bound>
  );
}

function ColonySelect({ name, id, colonies }: { name: string; id: string; colonies: string[] }) {
  return (
    <Bound name={name}>
      {(bound) => (
        <NativeSelect
          {...bound}
          id={id}
          label="Colonia"
          required
          data={[{ value: '', label: 'Elige la colonia', disabled: true }, ...colonies.map((c) => ({ value: c, label: c }))]}
        />
      )}
    </Bound>
  );
}
