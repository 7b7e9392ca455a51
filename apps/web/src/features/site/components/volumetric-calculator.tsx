import { useId, useState } from 'react';
import { TextInput, Title } from '@mantine/core';
import { billableWeightKg, VOLUMETRIC_DIVISOR, volumetricWeightKg } from '@envios/contracts/parcel-rules';
import classes from './content.module.css';
import { toNumber } from '@/components/ui/form/to-number';

const kg = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });

type Field = 'width' | 'depth' | 'height' | 'weight';

/**
 * A live calculator with the rule the quote applies (shared from the contracts): the larger of
 * the real and the volumetric weight (L × A × H / 5000), rounded up to whole kilos.
 */
export function VolumetricCalculator({ headingLevel = 2 }: { headingLevel?: 2 | 3 | 4 }) {
  const titleId = useId();
  const [values, setValues] = useState<Record<Field, string>>({ width: '40', depth: '30', height: '20', weight: '2' });
  const n = { width: toNumber(values.width), depth: toNumber(values.depth), height: toNumber(values.height), weight: toNumber(values.weight) };
  const valid = Object.values(n).every((v) => v !== undefined && v > 0);
  const parcel = { width: Math.ceil(n.width ?? 0), depth: Math.ceil(n.depth ?? 0), height: Math.ceil(n.height ?? 0), weight: n.weight ?? 0 };
  const volumetric = volumetricWeightKg(parcel);
  const field = (name: Field, label: string, step: number) => (
    <TextInput
      label={label}
      type="number"
      min={step}
      step={step}
      inputMode="decimal"
      value={values[name]}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setValues((v) => ({ ...v, [name]: next }));
      }}
    />
  );
  return (
    <section className={classes.calculator} aria-labelledby={titleId}>
      <Title order={headingLevel} id={titleId} className={classes.calculatorTitle}>
        Calcula el peso que se cobra
      </Title>
      <p style={{ margin: 0, fontSize: '0.95rem' }}>Medidas en centímetros (se redondean hacia arriba) y peso en kilos, con todo y empaque.</p>
      <div className={classes.calculatorGrid}>
        {field('width', 'Largo (cm)', 1)}
        {field('depth', 'Ancho (cm)', 1)}
        {field('height', 'Alto (cm)', 1)}
        {field('weight', 'Peso real (kg)', 0.1)}
      </div>
      <p className={classes.calculatorResult} aria-live="polite" data-testid="resultado-volumetrico">
        {valid ? (
          <>
            Peso volumétrico: {parcel.width} × {parcel.depth} × {parcel.height} / {VOLUMETRIC_DIVISOR} = <strong>{kg.format(volumetric)} kg</strong>. Peso real:{' '}
            <strong>{kg.format(parcel.weight)} kg</strong>. Se cobra como <strong>{billableWeightKg(parcel)} kg</strong>
            {volumetric > parcel.weight ? ' (manda el volumétrico).' : ' (manda el peso real).'}
          </>
        ) : (
          'Escribe medidas y peso mayores que cero para ver el resultado.'
        )}
      </p>
    </section>
  );
}
