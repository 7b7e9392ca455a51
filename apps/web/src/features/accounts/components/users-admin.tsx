import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Modal, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { accountStatusLabels, type User } from '@envios/contracts/accounts';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { useSearchFilter } from '@/components/ui/use-search-filter';
import { readAgainAfterChange } from '@/lib/query-keys';
import { useUpdateUser } from '../api/update-user';
import { getUsersQueryKeyRoot, useUsers } from '../api/get-users';
import { NewUserModal } from './new-user-modal';

type UserChange = { active: boolean } | { purchasesBlocked: boolean } | { locked: boolean };

/**
 * The admin's actions on one account, each saying exactly what it does: Activar / Desactivar
 * (the spec's approval), Bloquear compras (may sign in and quote, never buy) and Bloquear cuenta
 * (no sign-in at all), the last one confirmed first.
 */
function AccountActions({ user }: { user: User }) {
  const update = useUpdateUser();
  const [confirmLock, setConfirmLock] = useState(false);
  const name = `${user.firstName} ${user.lastName}`;
  const change = (data: UserChange) => update.mutate({ id: user._id, data });
  const activate = !user.active;
  return (
    <>
      <Button
        size="xs"
        variant={activate ? 'filled' : 'light'}
        color={activate ? 'green' : 'red'}
        loading={update.isPending}
        onClick={() => change({ active: activate })}
        aria-label={`${activate ? 'Activar' : 'Desactivar'} a ${name}`}
      >
        {activate ? 'Activar' : 'Desactivar'}
      </Button>
      <Button
        size="xs"
        variant="default"
        loading={update.isPending}
        onClick={() => change({ purchasesBlocked: !user.purchasesBlocked })}
        aria-label={`${user.purchasesBlocked ? 'Permitir compras' : 'Bloquear compras'} a ${name}`}
        title={user.purchasesBlocked ? undefined : 'Puede iniciar sesión y cotizar, pero no comprar guías ni abonar'}
      >
        {user.purchasesBlocked ? 'Permitir compras' : 'Bloquear compras'}
      </Button>
      <Button
        size="xs"
        variant={user.locked ? 'light' : 'subtle'}
        color="red"
        loading={update.isPending}
        onClick={() => (user.locked ? change({ locked: false }) : setConfirmLock(true))}
        aria-label={`${user.locked ? 'Desbloquear la cuenta de' : 'Bloquear la cuenta de'} ${name}`}
      >
        {user.locked ? 'Desbloquear cuenta' : 'Bloquear cuenta'}
      </Button>
      {update.error && (
        <Text size="xs" c="red" role="alert" w="100%">
          {update.error.message}
        </Text>
      )}
      <Modal opened={confirmLock} onClose={() => setConfirmLock(false)} title="¿Bloquear toda la cuenta?" centered>
        <Stack>
          <Text size="sm">
            {name} no podrá iniciar sesión ni usar su sesión actual hasta que desbloquees la cuenta. Para impedir solo las compras usa «Bloquear compras».
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmLock(false)}>
              Cancelar
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirmLock(false);
                change({ locked: true });
              }}
            >
              Bloquear cuenta
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

const STATUS_COLORS: Record<User['status'], string> = {
  active: 'green',
  pending_approval: 'yellow',
  deactivated: 'gray',
  locked: 'red',
};

/**
 * The users admin: search, 'Nuevo usuario', the table with each account's status ('Activo',
 * 'Pendiente de aprobación' until the first approval, 'Desactivado', 'Cuenta bloqueada', and
 * 'Compras bloqueadas' beside it) and the actions that change it.
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
  const filter = useSearchFilter();
  const { debounced, page, setPage } = filter;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState(false);
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
        value={filter.value}
        onChange={(event) => filter.onChange(event.currentTarget.value)}
        maw={420}
      />
      {users.isError && (
        <Alert color="red" variant="light" role="alert">
          {users.error.message}
        </Alert>
      )}
      <ResponsiveTable stackBelow="lg" striped highlightOnHover aria-label="Usuarios">
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
              <Table.Td {...cell('title', 'Nombre')}>
                <Text span fw={600} size="sm">
                  {u.firstName}
                </Text>
              </Table.Td>
              <Table.Td>{u.lastName}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.email}</Table.Td>
              <Table.Td>{u.phone}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {balanceText(u)}
              </Table.Td>
              <Table.Td>
                {/* One badge under the other, starting at the same edge: in the table and in a phone's card. */}
                <Stack gap={4} align="flex-start" style={{ display: 'inline-flex' }}>
                  <Badge color={STATUS_COLORS[u.status]} variant="light" tt="none">
                    {accountStatusLabels[u.status]}
                  </Badge>
                  {u.purchasesBlocked && (
                    <Badge color="orange" variant="light" tt="none">
                      Compras bloqueadas
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td {...cell('actions')} w={260}>
                <Group gap={6} align="flex-start" wrap="wrap">
                  {rowActions?.(u, (text) => {
                    setNotice(text);
                    void readAgainAfterChange(queryClient, [getUsersQueryKeyRoot]);
                  })}
                  {u.rol === 'admin' ? (
                    <Text size="xs" c="dimmed">
                      Administrador
                    </Text>
                  ) : (
                    <AccountActions user={u} />
                  )}
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
      </ResponsiveTable>
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
