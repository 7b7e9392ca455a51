import { useRef, type ReactNode } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { roundUpCentimetres, roundUpWeightKg, type ParcelMeasures } from '@envios/contracts/parcel-rules';
import { NumberField } from './number-field';

type Measure = keyof ParcelMeasures;
type Box = Measure | 'weight';

/** Largo is width and Ancho is depth, as the wizard labels them. */
const MEASURE_LABELS: Record<Measure, string> = { width: 'Largo', depth: 'Ancho', height: 'Alto' };
/** The order the home form and the edit screens ask in; the wizard asks Largo, Alto, Ancho. */
export const MEASURE_ORDER: readonly Measure[] = ['width', 'depth', 'height'];

/** A parcel as typed: any box may still be empty. */
export type ParcelDraft = Partial<Record<Box, number>>;

/** A sobre (document) travels with fixed measures; only its weight is asked. */
export function documentParcel(preset: ParcelMeasures, weight: number | undefined): ParcelDraft {
  return { ...preset, weight };
}

/**
 * Switching to and from a sobre: the sobre takes the fixed measures and keeps the weight; back to
 * a box or pallet, the measures typed before the sobre come back.
 */
export function useDocumentSwitch(preset: ParcelMeasures) {
  const boxMeasures = useRef<ParcelDraft>({});
  return <P extends ParcelDraft>(current: P | undefined, toDocument: boolean): P => {
    const weight = current?.weight;
    if (toDocument) {
      boxMeasures.current = current ?? {};
      return documentParcel(preset, weight) as P;
    }
    return { ...boxMeasures.current, weight } as P;
  };
}

export interface ParcelFieldsProps<T extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any submitted shape: the boxes only read their own values
  form: UseFormReturn<T, any, any>;
  /** Where the parcel sits in the form: `parcels.0`, `parcels.3`. */
  path: `parcels.${number}`;
  isDocument: boolean;
  /** A sobre's measures: hidden (only the weight is asked) or shown read-only. */
  documentMeasures?: 'hidden' | 'read-only';
  order?: readonly Measure[];
  /** The short visible label with its unit inside the box (the home form), or 'Largo (cm)'. */
  unitInside?: boolean;
  /** Columns from the `sm` width up (two on a phone). */
  columns?: number;
  /** Under the boxes: the sobre's fixed measures, the volumetric weight or advice. */
  hint?: ReactNode;
}

function label(text: string, unit: string, unitInside: boolean): ReactNode {
  if (!unitInside) return `${text} (${unit})`;
  return (
    <>
      {text} <VisuallyHidden component="span">({unit})</VisuallyHidden>
    </>
  );
}

function Unit({ children }: { children: string }) {
  return (
    <Text span size="xs" fw={600} c="gray.7" aria-hidden="true">
      {children}
    </Text>
  );
}

/**
 * One parcel's measures (cm) and weight (kg), the same in the home quote, the wizard and the
 * shipment edit. What is typed is rounded up as the quote rounds it, as soon as the box is left:
 * whole centimetres and tenths of a kilo, so the person sees the numbers that are quoted.
 */
export function ParcelFields<T extends FieldValues>({
  form,
  path,
  isDocument,
  documentMeasures = 'hidden',
  order = MEASURE_ORDER,
  unitInside = false,
  columns = 4,
  hint,
}: ParcelFieldsProps<T>) {
  const showMeasures = !isDocument || documentMeasures === 'read-only';

  function roundUp(box: Box) {
    const name = `${path}.${box}` as Path<T>;
    const value: unknown = form.getValues(name);
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return;
    const rounded = box === 'weight' ? roundUpWeightKg(value) : roundUpCentimetres(value);
    if (rounded !== value) form.setValue(name, rounded as PathValue<T, Path<T>>, { shouldValidate: true });
  }

  return (
    <div>
      <SimpleGrid cols={{ base: 2, sm: showMeasures ? columns : 1 }} spacing="sm" verticalSpacing="sm" maw={showMeasures ? undefined : 220}>
        {showMeasures &&
          order.map((m) => (
            <NumberField
              key={m}
              form={form}
              name={`${path}.${m}` as Path<T>}
              label={label(MEASURE_LABELS[m], 'cm', unitInside)}
              rightSection={unitInside ? <Unit>cm</Unit> : undefined}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              required
              readOnly={isDocument}
              onBlur={() => roundUp(m)}
            />
          ))}
        {/* Text, not number: a browser's number box empties '1,500' (how Mexico writes 1500). */}
        <NumberField
          form={form}
          name={`${path}.weight` as Path<T>}
          label={label('Peso', 'kg', unitInside)}
          rightSection={unitInside ? <Unit>kg</Unit> : undefined}
          required
          onBlur={() => roundUp('weight')}
        />
      </SimpleGrid>
      {hint && (
        <Text size="sm" c="dimmed" mt={6} aria-live="polite">
          {hint}
        </Text>
      )}
    </div>
  );
}
