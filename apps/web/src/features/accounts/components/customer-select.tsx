import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useUsers } from '../api/get-users';
import { useAccount } from '../api/get-user';

export interface CustomerSelectProps {
  label: string;
  /** The chosen account's id; null means every customer. */
  value: string | null;
  onChange: (userId: string | null) => void;
  error?: string | undefined;
}

const EVERYONE = '__todos__';

/** Picks one customer by name, e-mail or phone (searched on the server), or 'Todos los clientes'. */
export function CustomerSelect({ label, value, onChange, error }: CustomerSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const users = useUsers({ filter: debounced, page: 1 });
  const current = useAccount(value ?? undefined).data;
  const options = new Map<string, string>([[EVERYONE, 'Todos los clientes']]);
  if (current) options.set(current._id, `${current.firstName} ${current.lastName} · ${current.email}`);
  for (const u of users.data?.docs ?? []) options.set(u._id, `${u.firstName} ${u.lastName} · ${u.email}`);
  return (
    <Select
      label={label}
      data={[...options].map(([v, l]) => ({ value: v, label: l }))}
      value={value ?? EVERYONE}
      onChange={(v) => onChange(!v || v === EVERYONE ? null : v)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: list }) => list}
      allowDeselect={false}
      nothingFoundMessage="Ningún cliente coincide"
      error={error}
    />
  );
}
