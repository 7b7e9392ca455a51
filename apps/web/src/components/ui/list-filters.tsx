import '@mantine/dates/styles.css';
import { useId, useState, type ReactNode } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconFilter } from './icons';
import classes from './list-filters.module.css';
import { DatePickerInput } from '@mantine/dates';
import { paymentStatusLabels } from '@envios/contracts/shipments';
import { dayjs, MX_TIMEZONE } from '@/lib/dates';

/**
 * The filter bar above a list: its boxes side by side on a laptop, wrapping one under another on
 * a phone. Each box says what it filters in its label; a list applies a change at once and goes
 * back to its first page. Boxes with something under them (keyword badges) align at the top.
 */
export function ListFilters({ children, align = 'flex-end' }: { children: ReactNode; align?: 'flex-end' | 'flex-start' }) {
  return (
    <Group align={align} gap="md" grow preventGrowOverflow={false} wrap="wrap" role="group" aria-label="Filtros">
      {children}
    </Group>
  );
}

/**
 * The same bar, folded on a phone behind one «Filtros» button that says how many are on
 * («Filtros (2)»), so the list comes first; from 768 px up it is the plain bar.
 */
export function FoldingFilters({ active, children, align }: { active: number; children: ReactNode; align?: 'flex-end' | 'flex-start' }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        hiddenFrom="sm"
        variant="default"
        leftSection={<IconFilter size={16} />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        style={{ alignSelf: 'flex-start' }}
      >
        {active > 0 ? `Filtros (${active})` : 'Filtros'}
      </Button>
      <div id={id} className={classes.folding} data-open={open || undefined}>
        <ListFilters {...(align ? { align } : {})}>{children}</ListFilters>
      </div>
    </>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A selector whose first choice (`allLabel`) means "no filter": choosing it answers `undefined`.
 * `T` is the set of values the list accepts (a status, a method, a service id).
 */
export function SelectFilter<T extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
  miw = 160,
}: {
  label: string;
  allLabel: string;
  options: readonly { value: T; label: string }[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  miw?: number;
}) {
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange((event.currentTarget.value || undefined) as T | undefined)}
      data={[{ value: '', label: allLabel }, ...options]}
      miw={miw}
    />
  );
}

/** A carrier service as the lists offer it: its own label, or carrier and service name. */
export function serviceOptions(
  services: readonly { service_id: string; label?: string | null; carrier: string; carrier_service_name: string }[] | undefined,
): FilterOption[] {
  return (services ?? []).map((s) => ({ value: s.service_id, label: s.label || `${s.carrier} - ${s.carrier_service_name}` }));
}

/** 'Estatus de pago': a shipment paid or still to pay. */
export const paymentStatusOptions: readonly { value: 'paid' | 'unpaid'; label: string }[] = [
  { value: 'unpaid', label: paymentStatusLabels.unpaid },
  { value: 'paid', label: paymentStatusLabels.paid },
];

export interface SearchFilterProps {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder?: string;
  description?: string;
  maxLength?: number;
  /**
   * 'enter' (the default): the typed text applies when Enter is pressed, so a long list is not
   * asked again at every letter. 'typing': every change applies (the page debounces it).
   */
  applyOn?: 'enter' | 'typing';
  miw?: number;
  w?: number;
  maw?: number;
}

/** The 'Buscar' box of a list. */
export function SearchFilter({ value, onChange, placeholder, description, maxLength = 100, applyOn = 'enter', miw = 220, w, maw }: SearchFilterProps) {
  const [text, setText] = useState(value ?? '');
  const live = applyOn === 'typing';
  return (
    <TextInput
      label="Buscar"
      placeholder={placeholder}
      description={description ?? (live ? undefined : 'Presiona Enter para buscar.')}
      value={live ? (value ?? '') : text}
      maxLength={maxLength}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        if (live) onChange(typed);
        else setText(typed);
      }}
      onKeyDown={(event) => {
        if (!live && event.key === 'Enter') {
          event.preventDefault();
          onChange(text.trim() || undefined);
        }
      }}
      miw={miw}
      w={w}
      maw={maw}
    />
  );
}

export interface DateRange {
  /** The first day, `YYYY-MM-DD`, inclusive. */
  from: string | undefined;
  /** The last day, `YYYY-MM-DD`, inclusive. */
  to: string | undefined;
}

/**
 * 'Desde' and 'Hasta': days typed or picked as DD/MM/AAAA, never in the future (Mexico City's
 * today) and never a 'Hasta' before the 'Desde'. Each one clears on its own, with a named button.
 */
export function DateRangeFilter({ from, to, onChange }: DateRange & { onChange: (range: DateRange) => void }) {
  const today = dayjs().tz(MX_TIMEZONE).format('YYYY-MM-DD');
  const common = { placeholder: 'DD/MM/AAAA', valueFormat: 'DD/MM/YYYY', locale: 'es-mx', clearable: true, miw: 150 } as const;
  return (
    <>
      <DatePickerInput
        {...common}
        label="Desde"
        clearButtonProps={{ 'aria-label': 'Borrar la fecha Desde' }}
        maxDate={to ?? today}
        value={from ?? null}
        onChange={(value) => onChange({ from: value ?? undefined, to })}
      />
      <DatePickerInput
        {...common}
        label="Hasta"
        clearButtonProps={{ 'aria-label': 'Borrar la fecha Hasta' }}
        minDate={from}
        maxDate={today}
        value={to ?? null}
        onChange={(value) => onChange({ from, to: value ?? undefined })}
      />
    </>
  );
}
