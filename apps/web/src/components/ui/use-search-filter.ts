import { useCallback, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

export interface SearchFilterState {
  /** The text as typed: the search box's value. */
  value: string;
  /** Takes the typed text and goes back to the first page (a new search starts at its first rows). */
  onChange: (text: string | undefined) => void;
  /** The text once typing has paused: what the list is asked with, so a word is not asked letter by letter. */
  debounced: string;
  page: number;
  setPage: (page: number) => void;
}

/**
 * A list searched while typing and read page by page: the box's text, the same text once typing
 * pauses for `delayMs`, and the page, back to the first whenever the text changes.
 * `onChange` fits `SearchFilter` as is; a plain text box passes it `event.currentTarget.value`.
 */
export function useSearchFilter(delayMs = 250): SearchFilterState {
  const [value, setValue] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(value, delayMs);
  const onChange = useCallback((text: string | undefined) => {
    setValue(text ?? '');
    setPage(1);
  }, []);
  return { value, onChange, debounced, page, setPage };
}
