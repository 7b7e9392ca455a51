import { OVERWEIGHT_STATUSES, overweightStatusLabels, type OverweightStatus } from '@envios/contracts/overweight';
import type { CarrierServiceOption } from '@envios/contracts/shipments';
import { SelectFilter, serviceOptions } from '@/components/ui/list-filters';

const statusOptions = OVERWEIGHT_STATUSES.map((s) => ({ value: s, label: overweightStatusLabels[s] }));

export function ServiceFilter({
  value,
  services,
  onChange,
}: {
  value: string | undefined;
  services: CarrierServiceOption[] | undefined;
  onChange: (v: string | undefined) => void;
}) {
  return <SelectFilter label="Servicio" allLabel="Servicios" options={serviceOptions(services)} value={value} onChange={onChange} miw={180} />;
}

export function StatusFilter({ value, onChange }: { value: OverweightStatus | undefined; onChange: (v: OverweightStatus | undefined) => void }) {
  return <SelectFilter label="Estatus del sobrepeso" allLabel="Todos" options={statusOptions} value={value} onChange={onChange} />;
}

export function readStatus(v: string | null): OverweightStatus | undefined {
  return (OVERWEIGHT_STATUSES as readonly string[]).includes(v ?? '') ? (v as OverweightStatus) : undefined;
}
