import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_COUNTRY, formatPostalSuggestion, normalizePostalCode, postalSearchMinLength, type PostalSuggestion } from '@envios/contracts/geography';
import type { PostalCodeFieldProps } from '@/components/ui/form/geography-fields';
import { isPostalSearchAllowed, useSearchPostalCodes } from '../api/search-postal-codes';
import classes from './postal-code-autocomplete.module.css';

/** How long typing must pause before a lookup is sent. */
export const POSTAL_SEARCH_DEBOUNCE_MS = 150;
/** Matches .list max-width in the stylesheet (26rem). */
const LIST_MAX_WIDTH_PX = 416;

/** The box any form takes as its postal-code field, plus what only the route tunes. */
export interface PostalCodeAutocompleteProps extends PostalCodeFieldProps {
  placeholder?: string;
  /** Fewest typed characters before a lookup runs (5 in the edit forms); the country's minimum otherwise. */
  minChars?: number;
}

function describe(s: PostalSuggestion): string {
  return [s.place_name, s.city, s.state_short || s.state].filter(Boolean).join(', ');
}

/**
 * Postal-code box with suggestions: lookups run for 3–7 characters in MX and 5–7
 * elsewhere; the list opens when there are suggestions, closes on Escape or an outside click, and
 * up, down and enter choose. A code counts as chosen once picked or typed exactly as suggested.
 */
export function PostalCodeAutocomplete({
  label,
  listLabel,
  country,
  value,
  onChange,
  onBlur,
  error,
  id,
  name,
  placeholder,
  required,
  inputRef,
  minChars = 0,
}: PostalCodeAutocompleteProps) {
  const [text, setText] = useState(value);
  const [picked, setPicked] = useState<PostalSuggestion | null>(null);
  const [wantsOpen, setWantsOpen] = useState(false);
  const [blurred, setBlurred] = useState(false);
  const [search] = useDebouncedValue(text.trim(), POSTAL_SEARCH_DEBOUNCE_MS);

  const typed = text.trim();
  const isMexico = country.toUpperCase() === DEFAULT_COUNTRY;
  const lookup = useSearchPostalCodes({ search: search.length >= minChars ? search : '', country });
  const searchable = typed.length >= minChars && isPostalSearchAllowed({ search: typed, country });
  const current = searchable && search === typed && !lookup.isPlaceholderData;
  const suggestions = useMemo(
    () => (searchable && search.length >= minChars && isPostalSearchAllowed({ search, country }) ? (lookup.data ?? []) : []),
    [searchable, search, minChars, country, lookup.data],
  );
  const exact = useMemo(
    () => (current && lookup.isSuccess ? suggestions.filter((s) => normalizePostalCode(s.postal_code) === normalizePostalCode(typed)) : []),
    [current, lookup.isSuccess, suggestions, typed],
  );

  // Asked for on purpose (focus, click, arrow keys), as opposed to opened by typing.
  const [asked, setAsked] = useState(false);
  // The only suggestion is exactly the code typed: nothing is left to choose, so while typing the
  // list stays out of the way of the next fields (coming back to the box shows it again).
  const nothingToChoose = suggestions.length === 1 && exact.length === 1;
  const open = wantsOpen && suggestions.length > 0 && (asked || !nothingToChoose);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  // A box near the right edge of a phone opens its list leftwards, so it never leaves the screen.
  const [alignEnd, setAlignEnd] = useState(false);
  function measureRoom() {
    const box = rootRef.current?.getBoundingClientRect();
    if (!box) return;
    const widest = Math.min(LIST_MAX_WIDTH_PX, window.innerWidth - 32);
    setAlignEnd(box.left + widest > window.innerWidth - 16);
  }
  // The keyboard's place in the list, remembered with the list it belongs to: a new list starts
  // without one.
  const [activeFor, setActiveFor] = useState<{ list: PostalSuggestion[]; index: number }>({ list: [], index: -1 });
  const active = open && activeFor.list === suggestions ? activeFor.index : -1;
  const optionId = (index: number) => `${listId}-opcion-${index}`;

  // Typing a code exactly as suggested confirms it; with several colonias the suburb stays open.
  const exactPick = useMemo(() => (exact[0] ? (exact.length === 1 ? exact[0] : { ...exact[0], place_name: '' }) : null), [exact]);
  useEffect(() => {
    if (exactPick && value === '') onChange(exactPick);
  }, [exactPick, value, onChange]);

  useEffect(() => {
    if (active >= 0) listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function move(step: 1 | -1) {
    if (suggestions.length === 0) return;
    const from = open ? active : -1;
    const next = from === -1 ? (step === 1 ? 0 : suggestions.length - 1) : (from + step + suggestions.length) % suggestions.length;
    if (!open) measureRoom();
    setWantsOpen(true);
    setAsked(true);
    setActiveFor({ list: suggestions, index: next });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && active >= 0) {
      // Picking a suggestion must not submit the form.
      event.preventDefault();
      handlePick(active);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setWantsOpen(false);
    }
  }

  function handleType(raw: string) {
    // Mexican postal codes are five digits: anything else typed there is dropped.
    const next = isMexico ? raw.replace(/\D/g, '').slice(0, 5) : raw;
    setText(next);
    if (!wantsOpen) measureRoom();
    setWantsOpen(true);
    setAsked(false);
    setBlurred(false);
    const nextTrimmed = next.trim();
    if (picked && picked.postal_code !== nextTrimmed) setPicked(null);
    if (value !== '' && value !== nextTrimmed) onChange(null);
  }

  function handlePick(index: number) {
    const suggestion = suggestions[index];
    if (!suggestion) return;
    setText(suggestion.postal_code);
    setPicked(suggestion);
    setWantsOpen(false);
    onChange(suggestion);
  }

  const confirmed = value !== '' && value === typed ? (picked?.postal_code === value ? picked : exactPick) : null;
  const searchedNothing = current && lookup.isSuccess && suggestions.length === 0;
  const minimum = postalSearchMinLength(country);

  // A code typed but still being looked up is not missing: leaving the box quickly (Tab, or a tap
  // on the next field) must not flash the form's 'obligatorio' and shift the page under the tap.
  const pending = typed !== '' && value === '' && searchable && (search !== typed || lookup.isFetching);
  let shownError = pending ? undefined : error;
  if (lookup.isError && current) shownError = 'No pudimos buscar el código postal. Intenta de nuevo.';
  else if (searchedNothing) shownError = `No encontramos códigos postales que empiecen con ${typed}.`;
  else if (!pending && typed !== '' && value === '' && (blurred || error)) {
    // Something is typed, so the useful word is what to do with it, not that it is missing.
    shownError = 'Elige un código postal de la lista de sugerencias.';
  }

  const description = confirmed ? (
    <span className={classes.picked}>
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {describe(confirmed)}
    </span>
  ) : typed.length > 0 && typed.length < minimum ? (
    `Escribe al menos ${minimum} caracteres para ver sugerencias.`
  ) : undefined;

  return (
    <div className={classes.root} ref={rootRef}>
      <TextInput
        id={id}
        name={name}
        ref={inputRef}
        label={label}
        required={required}
        placeholder={placeholder}
        value={text}
        maxLength={isMexico ? 5 : 12}
        inputMode={isMexico ? 'numeric' : 'text'}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        description={description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={shownError}
        rightSection={lookup.isFetching && searchable ? <Loader size={16} aria-hidden /> : null}
        onChange={(event) => handleType(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          // Leaving the box (by Tab or by clicking anywhere outside) closes the list.
          setWantsOpen(false);
          setBlurred(true);
          onBlur?.();
        }}
        onFocus={() => {
          setBlurred(false);
          // Coming back to the box shows its suggestions again (another colonia, another code).
          if (suggestions.length > 0) {
            measureRoom();
            setWantsOpen(true);
            setAsked(true);
          }
        }}
        // A click inside the box that already has the focus opens a list closed with Escape or a pick.
        onClick={() => {
          if (!open && suggestions.length > 0) {
            measureRoom();
            setWantsOpen(true);
            setAsked(true);
          }
        }}
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={listLabel ? `Sugerencias de ${listLabel.toLowerCase()}` : 'Sugerencias de códigos postales'}
        className={classes.list}
        data-align={alignEnd ? 'end' : 'start'}
        hidden={!open}
      >
        {open &&
          suggestions.map((s, index) => (
            <li
              key={`${s.postal_code}|${s.place_name}|${s.city}`}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-selected={index === active}
              className={classes.option}
              // Keep the focus in the input, so choosing with the mouse does not count as leaving.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && setActiveFor({ list: suggestions, index })}
              onClick={() => handlePick(index)}
            >
              {formatPostalSuggestion(s)}
            </li>
          ))}
      </ul>
    </div>
  );
}
