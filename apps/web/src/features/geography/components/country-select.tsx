import { useDeferredValue, useMemo } from 'react';
import { NativeSelect } from '@mantine/core';
import { DEFAULT_COUNTRY, type Country } from '@envios/contracts/geography';
import type { CountryFieldProps } from '@/components/ui/form/geography-fields';
import { useCountries } from '../api/get-countries';

export type CountrySelectProps = CountryFieldProps;

/** Mexico is always available, so the form works before (or without) the country list. */
const MEXICO: Country = { name: 'México', flag: '🇲🇽', calling_code: '52', country_code: DEFAULT_COUNTRY };

const collator = new Intl.Collator('es-MX');

/** Countries with Mexico first, then alphabetical in Spanish (the destination defaults to MX). */
export function sortCountries(list: readonly Country[]): Country[] {
  const others = list.filter((c) => c.country_code.toUpperCase() !== DEFAULT_COUNTRY);
  const mexico = list.find((c) => c.country_code.toUpperCase() === DEFAULT_COUNTRY) ?? MEXICO;
  return [mexico, ...others.sort((a, b) => collator.compare(a.name, b.name))];
}

export function CountrySelect({ label, value, onChange, id, name }: CountrySelectProps) {
  // The ~240 options arrive as a low-priority render (the list answer would otherwise re-render
  // both selects in one blocking task, right while the home page starts).
  const countryList = useDeferredValue(useCountries().data);
  const options = useMemo(() => {
    const list = sortCountries(countryList ?? []);
    // Keep the chosen country listed even if the list has not arrived yet.
    if (!list.some((c) => c.country_code.toUpperCase() === value.toUpperCase())) {
      list.push({ name: value.toUpperCase(), flag: '', calling_code: '', country_code: value.toUpperCase() });
    }
    return list.map((c) => ({ value: c.country_code.toUpperCase(), label: c.name }));
  }, [countryList, value]);

  return (
    <NativeSelect id={id} name={name} label={label} value={value.toUpperCase()} data={options} onChange={(event) => onChange(event.currentTarget.value)} />
  );
}
