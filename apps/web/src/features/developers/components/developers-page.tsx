import { Accordion, Anchor, Badge, Card, List, Stack, Table, Text, Title } from '@mantine/core';
import { QUICK_START_NODE, RECEIVER_NODE, SIGNATURE_HEADER, SIGNATURE_RECIPE_NODE } from '@envios/contracts/developers';
import { EVENT_TYPES, eventExamples, eventTypeDescriptions, eventTypeLabels } from '@envios/contracts/events';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { ApiKeysSection } from './api-keys-section';
import { CodeBlock } from './code-block';
import { WebhooksSection } from './webhooks-section';

export interface DevelopersPageProps {
  /** The OpenAPI page (every operation, grouped by task). */
  docsHref: string;
  /** Where a seller adds money to the wallet (the quick start pays with it). */
  walletHref: string;
}

function QuickStart({ docsHref, walletHref }: DevelopersPageProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quickstart-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="quickstart-title">
          Inicio rápido
        </Title>
        <List type="ordered" spacing={6} size="sm">
          <List.Item>
            Crea una llave de <b>Lectura y escritura</b> abajo y cópiala (solo se muestra una vez).
          </List.Item>
          <List.Item>
            Ten saldo en tu{' '}
            <Anchor href={walletHref} inherit>
              Monedero
            </Anchor>
            : el ejemplo paga con él. Una llave de <b>Pruebas</b> no paga con el monedero (es dinero real); úsala con los pagos de prueba.
          </List.Item>
          <List.Item>
            Guarda el script como <code>inicio-rapido.mjs</code> y córrelo con tu URL y tu llave: cotiza, crea el envío, lo paga (y repite el pago sin cobrar
            dos veces gracias a <code>Idempotency-Key</code>) y descarga la etiqueta.
          </List.Item>
          <List.Item>
            Agrega un destino de webhooks y pulsa «Enviar prueba»; tu sistema recibirá <code>guide.issued</code> y <code>tracking.updated</code> firmados.
          </List.Item>
        </List>
        <CodeBlock title="inicio-rapido.mjs" code={QUICK_START_NODE} maxHeight={380} />
        <Text size="sm">
          Cada operación, con su descripción y un ejemplo, está en la{' '}
          <Anchor href={docsHref} inherit>
            documentación de la API
          </Anchor>
          , agrupada por tarea: cotizar, crear, pagar, etiquetas, rastrear y webhooks.
        </Text>
      </Stack>
    </Card>
  );
}

function VerifySignature() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="verify-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="verify-title">
          Verifica la firma
        </Title>
        <Text size="sm">
          Cada entrega lleva <code>{SIGNATURE_HEADER}: t=&lt;segundos unix&gt;,v1=&lt;firma&gt;</code>, donde la firma es el HMAC-SHA256 en hexadecimal de{' '}
          <code>t + &quot;.&quot; + cuerpo</code> con el secreto del destino. Calcúlala sobre el cuerpo tal como llegó (antes de parsear el JSON), compárala en
          tiempo constante y rechaza una <code>t</code> de hace más de 5 minutos. También llegan <code>X-Envios-Event-Id</code> (el mismo id del cuerpo: úsalo
          para no procesar un evento dos veces) y <code>X-Envios-Event-Type</code>.
        </Text>
        <CodeBlock title="verificar.mjs" code={SIGNATURE_RECIPE_NODE} />
        <Accordion variant="contained" chevronPosition="right">
          <Accordion.Item value="receptor">
            <Accordion.Control>Un receptor completo en Node</Accordion.Control>
            <Accordion.Panel>
              <CodeBlock title="receptor.mjs" code={RECEIVER_NODE} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Card>
  );
}

function EventCatalogue() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="events-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="events-title">
          Eventos
        </Title>
        <Text size="sm">
          Todos llegan como <code>{'{ id, type, created, data }'}</code>; los importes van en pesos con dos decimales, como en el resto de la API.
        </Text>
        <ResponsiveTable stackBelow="md" aria-label="Eventos" verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Evento</Table.Th>
              <Table.Th>Cuándo llega</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {EVENT_TYPES.map((type) => (
              <Table.Tr key={type}>
                <Table.Td {...cell('title')}>
                  <Badge variant="outline" color="gray" tt="none">
                    {type}
                  </Badge>{' '}
                  {eventTypeLabels[type]}
                </Table.Td>
                <Table.Td>{eventTypeDescriptions[type]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
        <Accordion variant="contained">
          {(['guide.issued', 'tracking.updated'] as const).map((type) => (
            <Accordion.Item key={type} value={type}>
              <Accordion.Control>Ejemplo de {type}</Accordion.Control>
              <Accordion.Panel>
                <CodeBlock
                  title={`${type}.json`}
                  code={JSON.stringify(
                    { id: '9f1c2d3e-4b5a-6c7d-8e9f-0a1b2c3d4e5f', type, created: '2026-11-30T16:21:04.512Z', data: eventExamples[type] },
                    null,
                    2,
                  )}
                />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Card>
  );
}

/**
 * /desarrolladores «Desarrolladores»: API keys, webhook endpoints with their delivery log, the
 * Spanish quick start, how to verify a signature in Node, and the event catalogue.
 */
export function DevelopersPage(props: DevelopersPageProps) {
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>Desarrolladores</Title>
        <Text c="dimmed" mt={4}>
          Conecta tu ERP, marketplace o bodega: cotiza, compra y rastrea por API, y recibe avisos firmados cuando algo cambia.
        </Text>
      </div>
      <QuickStart {...props} />
      <ApiKeysSection />
      <WebhooksSection />
      <VerifySignature />
      <EventCatalogue />
    </Stack>
  );
}
