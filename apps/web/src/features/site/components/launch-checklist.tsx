import { Alert, Badge, Card, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { launchStateLabels } from '@envios/contracts/launch';
import { LoadFailure } from '@/components/ui/query-status';
import { useLaunchChecklist } from '../api/get-launch-checklist';

/**
 * «Lista para el lanzamiento» (admin): every setting that still runs on a demonstration value or is
 * missing, what it affects and how to set it, so the owner knows what to configure before the first
 * real sale. The same list `npm start` prints in production.
 */
export function LaunchChecklistPage() {
  const list = useLaunchChecklist();
  const items = list.data?.items ?? [];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Lista para el lanzamiento</Title>
        <Text c="dimmed" maw={760}>
          Antes de la primera venta real, cambia cada valor de demostración por el tuyo. Se configuran con variables de entorno del servidor (la tabla
          «Configuración» del README) y se aplican al reiniciarlo; <Code>npm start</Code> en producción imprime esta misma lista.
        </Text>
      </Stack>
      <LoadFailure query={list} title="No pudimos cargar la lista" />
      {list.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Revisando la configuración…</Text>
        </Group>
      )}
      {list.data && items.length === 0 && (
        <Alert color="green" variant="light" role="status" title="Todo listo">
          Ningún ajuste sigue con valores de demostración: el sitio está listo para vender.
        </Alert>
      )}
      {items.length > 0 && (
        <>
          <Text fw={600}>{items.length === 1 ? 'Queda 1 ajuste pendiente.' : `Quedan ${items.length} ajustes pendientes.`}</Text>
          <Stack component="ul" gap="md" aria-label="Pendientes antes de vender" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <Card component="li" key={item.id} withBorder radius="md" padding="lg">
                <Group justify="space-between" align="flex-start" gap="xs" mb={6}>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Title order={2} size="h4">
                      {item.title}
                    </Title>
                    <Code style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{item.setting}</Code>
                  </Stack>
                  <Badge color={item.state === 'demo' ? 'yellow' : 'red'} variant="light" tt="none">
                    {launchStateLabels[item.state]}
                  </Badge>
                </Group>
                <Text size="sm">
                  <Text span fw={700}>
                    Qué afecta:{' '}
                  </Text>
                  {item.affects}
                </Text>
                <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={700}>
                    Cómo configurarlo:{' '}
                  </Text>
                  {item.how}
                </Text>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
