import { Alert, Badge, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { PAYMENT_METHODS, paymentMethodLabels } from '@envios/contracts/payments';
import { useReconciliation } from '../api/get-admin-payments';

const mxn = (pesos: number) => formatMXN(toCentavos(pesos));

/** `GET /admin/wallets/reconciliation`: does every balance equal the sum of its paid ledger entries? */
export function ReconciliationPanel() {
  const reconciliation = useReconciliation();
  const data = reconciliation.data;
  const mismatched = data?.users.filter((u) => !u.ok) ?? [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="reconciliation-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="reconciliation-title">
            Conciliación de monederos
          </Title>
          {data && (
            <Badge size="lg" color={data.ok ? 'green' : 'red'} variant="filled">
              {data.ok ? 'Cuadra al centavo' : 'No cuadra'}
            </Badge>
          )}
        </Group>
        {reconciliation.isPending && <Loader size="sm" aria-label="Cargando conciliación" />}
        {reconciliation.isError && (
          <Alert color="red" variant="light" role="alert">
            {reconciliation.error.message}
          </Alert>
        )}
        {data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  Saldo total de los monederos
                </Text>
                <Text fw={700}>{mxn(data.total_balance)}</Text>
              </Stack>
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  Suma de los movimientos pagados
                </Text>
                <Text fw={700}>{mxn(data.total_ledger)}</Text>
              </Stack>
            </SimpleGrid>
            <Text size="sm" fw={600}>
              Recibido por método
            </Text>
            <Table aria-label="Recibido por método" withTableBorder>
              <Table.Tbody>
                {PAYMENT_METHODS.map((m) => (
                  <Table.Tr key={m}>
                    <Table.Td>{paymentMethodLabels[m]}</Table.Td>
                    <Table.Td ta="right">{mxn(data.received[m] ?? 0)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {mismatched.length === 0 ? (
              <Text size="sm" c="dimmed">
                Todos los monederos ({data.users.length}) coinciden con sus movimientos.
              </Text>
            ) : (
              <>
                <Text size="sm" fw={600} c="red.8">
                  Monederos que no cuadran
                </Text>
                <Table aria-label="Monederos que no cuadran" withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Usuario</Table.Th>
                      <Table.Th ta="right">Saldo</Table.Th>
                      <Table.Th ta="right">Movimientos</Table.Th>
                      <Table.Th ta="right">Diferencia</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {mismatched.map((u) => (
                      <Table.Tr key={u.user}>
                        <Table.Td>
                          <Text size="sm">{u.name}</Text>
                          <Text size="xs" c="dimmed">
                            {u.email}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{mxn(u.balance)}</Table.Td>
                        <Table.Td ta="right">
                          {mxn(u.ledger)} ({u.entries})
                        </Table.Td>
                        <Table.Td ta="right">{formatMXN(toCentavos(u.balance) - toCentavos(u.ledger))}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
