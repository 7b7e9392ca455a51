import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@envios/contracts/accounts';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { useUpdateUser } from '../api/update-user';
import { getUsersQueryKeyRoot, useUsers } from '../api/get-users';
import { NewUserModal } from './new-user-modal';

function StatusAction({ user }: { user: User }) {
  const update = useUpdateUser();
  const next = !user.active;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        variant={next ? 'filled' : 'light'}
        color={next ? 'green' : 'red'}
        loading={update.isPending}
        onClick={() => update.mutate({ id: user._id, data: { active: next } })}
        aria-label={`${next ? 'Activar' : 'Desactivar'} a ${name}`}
      >
        {next ? 'Activar' : 'Desactivar'}
      </Button>
      {/* 'Bloqueado para comprar': the account may sign in and look, never buy (issue 4 item 5). */}
      <Button
        size="xs"
        variant="default"
        loading={update.isPending}
        onClick={() => update.mutate({ id: user._id, data: { locked: !user.locked } })}
        aria-label={`${user.locked ? 'Permitir compras' : 'Bloquear compras'} a ${name}`}
      >
        {user.locked ? 'Permitir compras' : 'Bloquear compras'}
      </Button>
      </Group>
      {update.error && (
        <Text size="xs" c="red" role="alert">
          {update.error.message}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Spec 02 "Users admin": search, 'Nuevo usuario', the table, Activar / Desactivar ('Bloqueado' is
 * the spec's word for an inactive account), plus 'Bloquear compras' for an account that may look
 * but not buy.
 */
export interface UsersAdminProps {
  /**
   * More actions per row (the wallet's 'Abonar'); `done(notice)` refreshes the list and shows the
   * notice.
   */
  rowActions?: (user: User, done: (notice: string) => void) => ReactNode;
}

/** The wallet balance the users list carries per row (MXN), when the API sends it. */
function balanceText(user: User): string {
  const value = (user as User & { balance?: unknown }).balance;
  return typeof value === 'number' ? formatMXN(toCentavos(value)) : '—';
}

export function UsersAdmin({ rowActions }: UsersAdminProps = {}) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState(false);
  const [debounced] = useDebouncedValue(filter, 250);
  const users = useUsers({ filter: debounced, page });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Usuarios</Title>
        <Button onClick={() => setCreating(true)}>Nuevo usuario</Button>
      </Group>
      {created && (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setCreated(false)}>
          Usuario creado.
        </Alert>
      )}
      {notice && (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <TextInput
        label="Buscar"
        placeholder="Nombre, apellidos, correo o teléfono"
        value={filter}
        onChange={(event) => {
          setFilter(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {users.isError && (
        <Alert color="red" variant="light" role="alert">
          {users.error.message}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={860}>
        <Table striped highlightOnHover aria-label="Usuarios">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Apellidos</Table.Th>
              <Table.Th>Correo</Table.Th>
              <Table.Th>Teléfono</Table.Th>
              <Table.Th ta="right">Saldo</Table.Th>
              <Table.Th>Estatus</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data?.docs.map((u) => (
              <Table.Tr key={u._id}>
                <Table.Td>{u.firstName}</Table.Td>
                <Table.Td>{u.lastName}</Table.Td>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>{u.phone}</Table.Td>
                <Table.Td ta="right">{balanceText(u)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={u.active ? 'green' : 'gray'} variant="light">
                      {u.active ? 'Activo' : 'Bloqueado'}
                    </Badge>
                    {u.locked && (
                      <Badge color="orange" variant="light">
                        Compras bloqueadas
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} align="flex-start" wrap="nowrap">
                    {rowActions?.(u, (text) => {
                      setNotice(text);
                      void queryClient.invalidateQueries({ queryKey: getUsersQueryKeyRoot });
                    })}
                    {u.rol === 'admin' ? <Text size="xs" c="dimmed">Administrador</Text> : <StatusAction user={u} />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {users.data && users.data.docs.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center" py="md">
                    No hay usuarios que coincidan con la búsqueda.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {users.data && users.data.pages > 1 && (
        <Pagination total={users.data.pages} value={page} onChange={setPage} siblings={1} aria-label="Páginas de usuarios" />
      )}
      <NewUserModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          setCreated(true);
        }}
      />
    </Stack>
  );
}
