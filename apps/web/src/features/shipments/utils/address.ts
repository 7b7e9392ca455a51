import { type DefaultValues } from 'react-hook-form';
import { DEFAULT_COUNTRY, normalizePostalCode, type PostalSuggestion } from '@envios/contracts/geography';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import {
  shipmentAddressSchema,
  type AddressSide,
  type SavedLocation,
  type ShipmentAddressInput,
  type ShipmentAddressResponse,
} from '@envios/contracts/addresses';

/** The fields of one side as the form holds them (strings only; the contract trims and checks). */
export type AddressDraft = Required<Omit<ShipmentAddressInput, 'state_short'>> & { state_short?: string };

export function emptyAddress(side: AddressSide, country: string = DEFAULT_COUNTRY): AddressDraft {
  return {
    full_name: '',
    email: '',
    phone: '',
    address: '',
    number: '',
    intNumber: '',
    reference_of_origin: '',
    colony: '',
    postal_code: '',
    city: '',
    state_code: '',
    country_code: country,
    ...(side === 'destination' ? { state_short: '' } : {}),
  };
}

/** 'Jalisco, Guadalajara': the city box reads 'Estado, Ciudad'. */
export function stateAndCity(pick: Pick<PostalSuggestion, 'state' | 'city' | 'municipality'>): string {
  return [pick.state, pick.city || pick.municipality]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

/** What a postal-code pick fills in (null clears it): code, 'Estado, Ciudad', state and colony. */
export function addressFromPick(pick: PostalSuggestion | null): Pick<AddressDraft, 'postal_code' | 'city' | 'state_code' | 'colony'> & {
  state_short: string;
} {
  return {
    postal_code: pick?.postal_code ?? '',
    city: pick ? stateAndCity(pick) : '',
    state_code: pick?.state_short ?? '',
    state_short: pick?.state_short ?? '',
    colony: pick?.place_name ?? '',
  };
}

/** A saved address ('Direcciones') as the fields of a shipment side. */
export function addressFromSavedLocation(location: SavedLocation, side: AddressSide): AddressDraft {
  return {
    full_name: location.name,
    email: location.email,
    phone: location.phone,
    address: location.street,
    number: location.number,
    intNumber: location.intNumber,
    reference_of_origin: location.reference_of_origin,
    colony: location.colony,
    postal_code: location.postal_code,
    city: location.city,
    state_code: location.state_code,
    country_code: location.country_code || DEFAULT_COUNTRY,
    ...(side === 'destination' ? { state_short: location.state_code } : {}),
  };
}

/** A stored side (from the API) back into the form's fields, for the edit screens. */
export function addressFromResponse(address: ShipmentAddressResponse, side: AddressSide): AddressDraft {
  const { address_line: _line, state_short, ...rest } = address;
  return side === 'destination' ? { ...rest, state_short: state_short ?? '' } : rest;
}

/** The colonies of one postal code among lookup answers, without repeats, in Spanish order. */
export function coloniesOf(suggestions: readonly PostalSuggestion[], postalCode: string): string[] {
  const code = normalizePostalCode(postalCode);
  const names = suggestions.filter((s) => normalizePostalCode(s.postal_code) === code).map((s) => s.place_name.trim());
  return [...new Set(names.filter(Boolean))].sort((a, b) => a.localeCompare(b, 'es-MX'));
}

/** The first suggestion of exactly this postal code (for its state and city), or null. */
export function cityOfCode(suggestions: readonly PostalSuggestion[], postalCode: string): PostalSuggestion | null {
  const code = normalizePostalCode(postalCode);
  return suggestions.find((s) => normalizePostalCode(s.postal_code) === code && (s.city || s.state)) ?? null;
}

/**
 * A form that is one shipment side (the edit screens), checked with the contract's schema for that
 * side. Render `AddressFieldset` inside `<FormProvider {...form}>` without a `name`.
 */
export function useShipmentAddressForm(side: AddressSide, defaultValues?: DefaultValues<ShipmentAddressInput>) {
  const schema = shipmentAddressSchema(side);
  return useZodForm(schema, {
    mode: 'onTouched',
    defaultValues: defaultValues ?? emptyAddress(side),
  });
}
