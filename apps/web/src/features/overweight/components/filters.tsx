import { useState } from 'react';
import { NativeSelect, TextInput } from '@mantine/core';
import { OVERWEIGHT_STATUSES, overweightStatusLabels, type OverweightStatus } from '@envios/contracts/overweight';
import type { CarrierServiceOption } from '@envios/contracts/shipments';

export function ServiceFilter({ value, services, onChange }: { value: string | undefined; services: CarrierServiceOption[] | undefined; onChange: (v: string | undefined) => void }) {
  return (
    <NativeSelect
      label="Servicio"
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || undefined)}
      data={[{ value: '', label: 'Servicios' }, ...(services ?? []).map((s) => ({ value: s.service_id, label: s.label || `${s.carrier} - ${s.carrier_service_name}` }))]}
      miw={180}
    />
  );
}

export function StatusFilter({ value, onChange }: { value: OverweightStatus | undefined; onChange: (v: OverweightStatus | undefined) => void }) {
  return (
    <NativeSelect
      label="Estatus del sobrepeso"
      value={value ?? ''}
      onChange={(event) => onChange((event.currentTarget.value || undefined) as OverweightStatus | undefined)}
      data={[{ value: '', label: 'Todos' }, ...OVERWEIGHT_STATUSES.map((s) => ({ value: s, label: overweightStatusLabels[s] }))]}
      miw={160}
    />
  );
}

/** The keyword box: Enter applies it. */
export function KeywordBox({ value, placeholder, onChange }: { value: string | undefined; placeholder: string; onChange: (v: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  return (
    <TextInput
      label="Buscar"
      placeholder={placeholder}
      description="Presiona Enter para buscar."
      value={text}
      maxLength={100}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onChange(text.trim() || undefined);
        }
      }}
      miw={220}
    />
  );
}

export function readStatus(v: string | null): OverweightStatus | undefined {
  return (OVERWEIGHT_STATUSES as readonly string[]).includes(v ?? '') ? (v as OverweightStatus) : undefined;
}
