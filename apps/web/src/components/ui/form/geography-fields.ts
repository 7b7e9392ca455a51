import type { ComponentType, ReactNode, Ref } from 'react';
import type { PostalSuggestion } from '@envios/contracts/geography';

/**
 * Forms that ask for a postal code or a country receive the boxes as components through their
 * props: the geography feature draws them (suggestions, the country list), the route plugs them in,
 * and a test passes a plain stand-in. These are the props those boxes take.
 */
export interface PostalCodeFieldProps {
  label: ReactNode;
  /** The suggestions list's accessible name. */
  listLabel?: string;
  country: string;
  /** The confirmed postal code ('' while none is). */
  value: string;
  /** A suggestion was picked, or the text no longer matches one (null). */
  onChange: (pick: PostalSuggestion | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  id?: string;
  name?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export interface CountryFieldProps {
  label: ReactNode;
  value: string;
  onChange: (countryCode: string) => void;
  id?: string;
  name?: string;
}

export type PostalCodeField = ComponentType<PostalCodeFieldProps>;
export type CountryField = ComponentType<CountryFieldProps>;
