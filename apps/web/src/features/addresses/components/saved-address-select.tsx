import { Select, Text } from '@mantine/core';
import type { SavedLocation } from '@envios/contracts/addresses';
import { useSavedLocations } from '../api/get-saved-locations';

export interface SavedAddressSelectProps {
  label: string;
  /** The picked saved address's `_id`, or null when none is picked. */
  value: string | null;
  onPick: (location: SavedLocation) => void;
}

/** 'Nombre · Calle, Número · Colonia, CP': everything a person searches a saved address by. */
export function savedLocationOptionLabel(l: SavedLocation): string {
  return `${l.name} · ${l.address_line} · ${l.colony}, ${l.postal_code}`;
}

/** A searchable pick among the caller's saved addresses ('Direcciones guardadas'). */
export function SavedAddressSelect({ label, value, onPick }: SavedAddressSelectProps) {
  const locations = useSavedLocations();
  const list = locations.data ?? [];

  if (locations.isSuccess && list.length === 0) {
    return (
      <div>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          Aún no tienes direcciones guardadas. Puedes guardarlas en Direcciones o con 'Guardar dirección'.
        </Text>
      </div>
    );
  }

  return (
    <Select
      label={label}
      placeholder={locations.isPending ? 'Cargando direcciones…' : 'Direcciones guardadas'}
      data={list.map((l) => ({ value: l._id, label: savedLocationOptionLabel(l) }))}
      value={value}
      onChange={(id) => {
        const picked = list.find((l) => l._id === id);
        if (picked) onPick(picked);
      }}
      searchable
      clearable={false}
      allowDeselect={false}
      disabled={locations.isPending}
      nothingFoundMessage="Ninguna dirección guardada coincide"
      error={locations.isError ? 'No pudimos cargar tus direcciones guardadas.' : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
