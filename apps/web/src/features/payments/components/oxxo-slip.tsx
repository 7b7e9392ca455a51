import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { paymentStatusLabels, type OxxoSlip as OxxoSlipData } from '@envios/contracts/payments';
import { IconPrinter } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useOxxoSlip } from '../api/get-oxxo-slip';
import classes from './oxxo-slip.module.css';

type Slip = OxxoSlipData['slips'][number];

function mxn(pesos: number): string {
  return formatMXN(toCentavos(pesos));
}

/** The API's Code 128 SVG as an image: it is drawn, never parsed into the page (no innerHTML). */
function barcodeSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function SlipCard({ slip }: { slip: Slip }) {
  const closed = slip.status !== 'pending' && slip.status !== 'created';
  return (
    <Card withBorder radius="md" padding="lg" component="article" className={classes.slip} aria-label={`Ficha de pago ${slip.reference}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Monto a pagar
            </Text>
            <Text fw={800} size="xl">
              {mxn(slip.amount)} {slip.currency}
            </Text>
          </Stack>
          <Group gap="xs">
            {slip.sandbox && (
              <Badge color="grape" variant="filled">
                SANDBOX
              </Badge>
            )}
            {closed && (
              <Badge color={slip.status === 'paid' ? 'green' : 'red'} variant="light">
                {paymentStatusLabels[slip.status]}
              </Badge>
            )}
          </Group>
        </Group>

        <Stack gap={6} align="center">
          <Text size="sm" c="dimmed">
            Referencia
          </Text>
          <img className={classes.barcode} src={barcodeSrc(slip.barcode_svg)} alt={`Código de barras de la referencia ${slip.reference}`} />
          <Text className={classes.reference} fw={700}>
            {slip.reference}
          </Text>
          <Text size="sm" c="dimmed">
            Vence el {formatDateTime(slip.expires_at)}
          </Text>
        </Stack>

        <Divider />
        <Stack gap={6}>
          <Title order={2} size="h5">
            Instrucciones
          </Title>
          <ol className={classes.steps}>
            <li>Acude a la tienda OXXO más cercana.</li>
            <li>Indica en caja que quieres realizar un pago de OXXO Pay.</li>
            <li>Dicta al cajero el número de referencia de esta ficha.</li>
            <li>Realiza el pago correspondiente con dinero en efectivo.</li>
            <li>Para confirmar tu pago, el cajero te entregará un comprobante impreso. Guárdalo: en él podrás verificar que se realizó correctamente.</li>
          </ol>
        </Stack>

        {slip.shipments.length > 0 && (
          <>
            <Divider />
            <Stack gap="sm">
              <Title order={2} size="h5">
                {slip.shipments.length === 1 ? 'Tu envío' : 'Tus envíos'}
              </Title>
              {slip.shipments.map((s) => (
                <Group key={s._id} justify="space-between" align="flex-start" wrap="nowrap">
                  <Group gap="md" align="flex-start" wrap="nowrap">
                    <img src={s.carrier_logo_url} alt={s.carrier} width={72} height={29} />
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {s.carrier_service_name}
                      </Text>
                      <Text size="sm">{s.destination.full_name}</Text>
                      <Text size="sm" c="dimmed">
                        {s.destination.address}, CP {s.destination.postal_code}, {s.destination.city}, México
                      </Text>
                    </Stack>
                  </Group>
                  <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {mxn(s.price)}
                  </Text>
                </Group>
              ))}
              {slip.overweight > 0 && (
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">Sobrepeso de envíos anteriores</Text>
                  <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {mxn(slip.overweight)}
                  </Text>
                </Group>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /shipping/cash_barcode?references=: printable, one ficha per reference. */
export function OxxoSlip({ references }: { references: string[] }) {
  const slip = useOxxoSlip(references);
  // A top-up slip buys no guide: it goes back to the wallet and says where the money lands.
  const topUp = slip.data ? slip.data.slips.length > 0 && slip.data.slips.every((s) => s.purpose === 'topup') : false;
  return (
    <main className={classes.page}>
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>Ficha de pago OXXO</Title>
          <Button className={classes.noPrint} leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!slip.data}>
            Imprimir
          </Button>
        </Group>
        <Anchor component={Link} to={topUp ? paths.prepaids : paths.shipments} className={classes.noPrint} fw={600}>
          {topUp ? 'Volver al Monedero' : 'Volver a Mis Envíos'}
        </Anchor>

        {references.length === 0 ? (
          <Alert color="red" variant="light" role="alert">
            Falta la referencia de pago en la dirección.
          </Alert>
        ) : slip.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Cargando tu ficha de pago…</Text>
          </Group>
        ) : slip.isError ? (
          <Alert color="red" variant="light" role="alert" title="No pudimos mostrar tu ficha">
            {slip.error.message}
          </Alert>
        ) : (
          <>
            {slip.data.slips.map((s) => (
              <SlipCard key={s.reference} slip={s} />
            ))}
            <Text size="sm" c="dimmed">
              {topUp
                ? 'Al confirmarse tu pago abonaremos el monto a tu Monedero electrónico.'
                : 'Al confirmarse tu pago recibirás un correo electrónico con el enlace para descargar tu guía.'}{' '}
              La tienda cobra una comisión adicional al momento de realizar el pago.
            </Text>
          </>
        )}
      </Stack>
    </main>
  );
}
