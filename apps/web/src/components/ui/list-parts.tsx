import type { ReactNode } from 'react';
import { Group, Pagination, Table, Text } from '@mantine/core';

/** The one row a table shows when it has nothing to list. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" py="md">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Page buttons under a list (the current page ± 1); nothing when there is one page. */
export function ListPagination({ page, pages, onChange, label }: { page: number; pages: number; onChange: (page: number) => void; label: string }) {
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        siblings={1}
        aria-label={label}
        getControlProps={(c) => ({ 'aria-label': c === 'previous' ? 'Anterior' : c === 'next' ? 'Siguiente' : c })}
      />
    </Group>
  );
}
