import { Select } from '@mantine/core';
import type { ParcelTemplate } from '@envios/contracts/parcels';
import { useParcelTemplates } from '../api/get-parcel-templates';

/** 'Paquete guardado': picks one of the account's packages (nothing shows when there are none). */
export function ParcelTemplateSelect({ label = 'Paquete guardado', onPick }: { label?: string; onPick: (template: ParcelTemplate) => void }) {
  const templates = useParcelTemplates();
  const list = templates.data ?? [];
  if (list.length === 0) return null;
  return (
    <Select
      label={label}
      description="Llena el tipo, las medidas, el peso, el contenido y el seguro con uno de tus paquetes."
      placeholder="Elige un paquete"
      data={list.map((t) => ({ value: t._id, label: `${t.name} · ${t.width} × ${t.depth} × ${t.height} cm, ${t.weight} kg` }))}
      searchable
      clearable
      maw={460}
      onChange={(id) => {
        const picked = list.find((t) => t._id === id);
        if (picked) onPick(picked);
      }}
    />
  );
}
