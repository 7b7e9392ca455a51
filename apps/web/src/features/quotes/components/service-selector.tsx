import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Chip, Container, Group, Modal, Stack, Stepper, Text, Title } from '@mantine/core';
import {
  CARRIER_CODES,
  CARRIER_NAMES,
  PROVIDER_SELECTOR_SPEED_FILTERS,
  SPEED_FILTERS,
  matchesSpeedFilters,
  type CarrierCode,
  type SpeedFilterId,
} from '@envios/contracts/carriers';
import { accountMessages } from '@envios/contracts/accounts';
import { NO_SERVICE_MESSAGE, type QuoteRequest, type QuoteResponse, type ShippingOption, type UnavailableCarrier } from '@envios/contracts/quotes';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconBan, IconBox, IconFilter } from '@/components/ui/icons';
import { telHref } from '@/lib/contact-links';
import { useQuote } from '../api/create-quote';
import { QuoteLoading } from './quote-loading';
import { ServiceOptionCard } from './service-option-card';
import classes from './service-selector.module.css';

/** Why 'Enviar' could not go on (only active accounts may pick a service). */
export type SendProblem = 'inactive' | 'locked' | 'purchases-blocked' | 'error';

export interface ServiceSelectorProps {
  /** The home form's request; null when none is stored (or it no longer passes the contract). */
  request: QuoteRequest | null;
  /** `SUPPORT_PHONE`, for the no-service text and the account notices. */
  supportPhone?: string | undefined;
  /** Where 'Regresar' and "quote again" go (the home form), and the state that keeps it filled. */
  backHref: string;
  backState?: unknown;
  /** 'Enviar': resolves when the next page is on its way, or with the reason it cannot be. */
  onSend: (option: ShippingOption, quote: QuoteResponse) => Promise<SendProblem | undefined>;
  /** The service chosen before a trip to sign in, shown as 'Tu elección'. */
  chosenServiceId?: string | undefined;
  /**
   * Above the title: by default the public flow's three steps ('Paso 1 de 3'); a node replaces
   * them (the dashboard wizard's own stepper), null shows none (the edit screens).
   */
  steps?: ReactNode | null;
  /** Default 'Selecciona tu servicio de paquetería'. */
  title?: string;
  /** 1 on its own page; 2 inside a page that already has its h1. */
  headingLevel?: 1 | 2;
  /** In-page back (the wizard's 'Anterior', the edit screens' 'Cancelar') instead of the link to `backHref`. */
  onBack?: (() => void) | undefined;
  backLabel?: string;
  /** No back button of its own (the page around it has one). */
  hideBack?: boolean;
  /** The card button's text (default 'Enviar'). */
  sendLabel?: string;
  /** Inside another page's layout: no page background or container of its own. */
  embedded?: boolean;
}

const PACKAGE_LABELS: Record<QuoteRequest['package_type'], string> = { document: 'Sobre', box: 'Paquete', pallet: 'Tarima' };
const kg = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

function place(direction: { postal_code: string; city: string; country_code: string }): string {
  const city = direction.city ? ` ${direction.city}` : '';
  const country = direction.country_code !== 'MX' ? ` (${direction.country_code})` : '';
  return `${direction.postal_code}${city}${country}`;
}

function RequestSummary({ request }: { request: QuoteRequest }) {
  const parcel = request.parcels[0]!;
  const measures =
    request.package_type === 'document'
      ? `${kg.format(parcel.weight)} kg`
      : `${parcel.width} × ${parcel.depth} × ${parcel.height} cm, ${kg.format(parcel.weight)} kg`;
  const guides = request.cantidadGuias;
  return (
    <ul className={classes.summary} aria-label="Tu cotización">
      <li className={classes.route}>
        <span>
          <strong>{place(request.origin_direction)}</strong>
        </span>
        <IconArrowRight size={16} />
        <span>
          <strong>{place(request.destination_direction)}</strong>
        </span>
      </li>
      <li>
        {PACKAGE_LABELS[request.package_type]}: {measures}
        {request.parcels.length > 1 ? ` y ${request.parcels.length - 1} más` : ''}
      </li>
      <li>{guides === 1 ? '1 guía' : `${guides} guías`}</li>
      {request.insured_value !== undefined && <li>Asegurado</li>}
    </ul>
  );
}

/** "DHL no respondió a tiempo; mostramos las demás opciones." — honest about who is missing. */
function unavailableText(c: UnavailableCarrier, othersShown: boolean): string {
  const what = c.reason === 'timeout' ? `${c.carrier} no respondió a tiempo` : `${c.carrier} no está disponible en este momento`;
  return othersShown ? `${what}; mostramos las demás opciones.` : `${what}.`;
}

function SupportPhone({ phone }: { phone: string | undefined }) {
  if (!phone) return null;
  return (
    <Anchor href={telHref(phone)} fw={700}>
      {phone}
    </Anchor>
  );
}

function Notice({ icon, title, children, actions }: { icon: ReactNode; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className={classes.notice}>
      <div className={classes.noticeIcon}>{icon}</div>
      <Title order={2} size="h4" c="#0b1f4d">
        {title}
      </Title>
      <Text c="dimmed" mt={6} maw={520} mx="auto">
        {children}
      </Text>
      {actions && (
        <Group justify="center" mt="lg">
          {actions}
        </Group>
      )}
    </div>
  );
}

const SEND_PROBLEMS: Record<SendProblem, { title: string; body: string }> = {
  inactive: {
    title: 'Tu cuenta aún no está activa',
    body: 'Aún no hemos aprobado tu cuenta, por eso todavía no puedes elegir un servicio. Al aprobarla te avisaremos por WhatsApp.',
  },
  locked: {
    title: 'Tu cuenta está bloqueada',
    body: 'Tu cuenta está bloqueada. Escríbenos para revisarla.',
  },
  'purchases-blocked': {
    title: 'Tu cuenta tiene las compras bloqueadas',
    body: accountMessages.purchasesBlocked,
  },
  error: {
    title: 'No pudimos continuar',
    body: 'No pudimos revisar tu sesión. Revisa tu conexión e intenta de nuevo.',
  },
};

/**
 * '/service-providers' and step 1 of the public flow: quote the
 * stored request, filter by carrier and speed, compare the options cheapest first, and 'Enviar'.
 */
export function ServiceSelector({
  request,
  supportPhone,
  backHref,
  backState,
  onSend,
  chosenServiceId,
  steps,
  title = 'Selecciona tu servicio de paquetería',
  headingLevel = 1,
  onBack,
  backLabel = 'Regresar',
  hideBack = false,
  sendLabel,
  embedded = false,
}: ServiceSelectorProps) {
  const quote = useQuote(request);
  const [carriers, setCarriers] = useState<CarrierCode[]>([]);
  const [speeds, setSpeeds] = useState<SpeedFilterId[]>([]);
  const [sendingId, setSendingId] = useState<string | null>(null);
  // On a phone the filters fold behind a button, so the first price is in view after quoting.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [problem, setProblem] = useState<SendProblem | null>(null);

  const options = useMemo(
    // The API already sorts; sorting again keeps the promise even if a source answers late.
    () => [...(quote.data?.options ?? [])].sort((a, b) => a.total_amount - b.total_amount),
    [quote.data],
  );
  const visible = options.filter((o) => (carriers.length === 0 || carriers.includes(o.carrier_code)) && matchesSpeedFilters(o.total_transit_days, speeds));
  const countByCarrier = useMemo(() => {
    const counts = new Map<CarrierCode, number>();
    for (const o of options) counts.set(o.carrier_code, (counts.get(o.carrier_code) ?? 0) + 1);
    return counts;
  }, [options]);
  const cheapestId = options[0]?.service_id;
  const fastestId = useMemo(() => {
    let best: ShippingOption | undefined;
    for (const o of options) if (!best || o.total_transit_days < best.total_transit_days) best = o;
    return best?.service_id;
  }, [options]);
  const chosen = chosenServiceId ? options.find((o) => o.service_id === chosenServiceId) : undefined;
  const filtering = carriers.length > 0 || speeds.length > 0;

  async function send(option: ShippingOption) {
    if (!quote.data) return;
    setSendingId(option.service_id);
    try {
      const result = await onSend(option, quote.data);
      if (result) setProblem(result);
    } catch {
      setProblem('error');
    } finally {
      setSendingId(null);
    }
  }

  const back = onBack ? (
    <Button onClick={onBack} variant="default" leftSection={<IconArrowLeft size={16} />}>
      {backLabel}
    </Button>
  ) : (
    <Button component={Link} to={backHref} state={backState} variant="default" leftSection={<IconArrowLeft size={16} />}>
      {backLabel}
    </Button>
  );

  let body: ReactNode;
  if (!request) {
    body = (
      <Notice
        icon={<IconBox size={26} />}
        title="Tu cotización ya no está disponible"
        actions={
          <Button component={Link} to={backHref}>
            Cotizar un envío
          </Button>
        }
      >
        No encontramos los datos de tu envío; quizá abriste esta página en otra pestaña o pasó mucho tiempo. Escribe de nuevo el origen, el destino y las
        medidas en el formulario de inicio para ver los precios.
      </Notice>
    );
  } else if (quote.isPending) {
    body = <QuoteLoading />;
  } else if (quote.isError) {
    body = (
      <Notice
        icon={<IconAlertTriangle size={26} />}
        title="No pudimos cotizar tu envío"
        actions={
          <>
            {back}
            <Button onClick={() => void quote.refetch()} loading={quote.isFetching}>
              Intentar de nuevo
            </Button>
          </>
        }
      >
        {quote.error.message}
      </Notice>
    );
  } else {
    const unavailable = quote.data.unavailable_carriers;
    body = (
      <Stack gap="md">
        {unavailable.length > 0 && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
            {unavailable.map((c) => (
              <div key={c.carrier_code}>{unavailableText(c, options.length > 0)}</div>
            ))}
          </Alert>
        )}
        {options.length === 0 ? (
          <Notice icon={<IconBan size={26} />} title="Sin servicio para esta ruta" actions={back}>
            {NO_SERVICE_MESSAGE} <SupportPhone phone={supportPhone} />
          </Notice>
        ) : (
          <>
            {chosen && (
              <Alert color="brand" variant="light" role="status">
                Elegiste {chosen.carrier} {chosen.carrier_service_name}. Revisa el precio y presiona «Enviar» para continuar.
              </Alert>
            )}
            <div className={classes.filters} role="group" aria-label="Filtros" id="filtros-de-opciones" data-open={filtersOpen || undefined}>
              <p className={classes.filterLabel} id="filtro-paqueteria">
                Paquetería
              </p>
              <Chip.Group multiple value={carriers} onChange={(v) => setCarriers(v)}>
                <Group gap={8} role="group" aria-labelledby="filtro-paqueteria">
                  {CARRIER_CODES.map((code) => {
                    const count = countByCarrier.get(code) ?? 0;
                    return (
                      <Chip key={code} value={code} disabled={count === 0} variant="outline" radius="xl">
                        {CARRIER_NAMES[code]}
                        <span className={classes.chipCount} aria-hidden="true">
                          {count}
                        </span>
                      </Chip>
                    );
                  })}
                </Group>
              </Chip.Group>
              <p className={classes.filterLabel} id="filtro-tiempo">
                Tiempo de entrega
              </p>
              <Chip.Group multiple value={speeds} onChange={(v) => setSpeeds(v)}>
                <Group gap={8} role="group" aria-labelledby="filtro-tiempo">
                  {PROVIDER_SELECTOR_SPEED_FILTERS.map((id) => (
                    <Chip key={id} value={id} variant="outline" radius="xl">
                      {SPEED_FILTERS.find((f) => f.id === id)!.label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </div>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Button
                hiddenFrom="sm"
                variant="default"
                size="compact-md"
                leftSection={<IconFilter size={16} />}
                onClick={() => setFiltersOpen((o) => !o)}
                aria-expanded={filtersOpen}
                aria-controls="filtros-de-opciones"
                style={{ flex: 'none' }}
              >
                {carriers.length + speeds.length > 0 ? `Filtros (${carriers.length + speeds.length})` : 'Filtros'}
              </Button>
              <Text size="sm" c="dimmed" aria-live="polite">
                {visible.length === options.length
                  ? `${options.length} ${options.length === 1 ? 'opción' : 'opciones'}, de la más barata a la más cara`
                  : `${visible.length} de ${options.length} opciones, de la más barata a la más cara`}
              </Text>
              {filtering && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => {
                    setCarriers([]);
                    setSpeeds([]);
                  }}
                >
                  Quitar filtros
                </Button>
              )}
            </Group>
            {visible.length === 0 ? (
              <Notice icon={<IconBox size={26} />} title="Ninguna opción coincide con tus filtros">
                Quita algún filtro de paquetería o de tiempo de entrega para ver más opciones.
              </Notice>
            ) : (
              <ul className={classes.list} aria-label="Opciones de envío">
                {visible.map((option) => (
                  <li key={option.service_id}>
                    <ServiceOptionCard
                      option={option}
                      cheapest={option.service_id === cheapestId}
                      fastest={option.service_id === fastestId && fastestId !== cheapestId}
                      chosen={option.service_id === chosen?.service_id}
                      sending={sendingId === option.service_id}
                      onSend={(o) => void send(o)}
                      sendLabel={sendLabel}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Stack>
    );
  }

  const problemText = problem ? SEND_PROBLEMS[problem] : null;

  const publicSteps = (
    <>
      <Text hiddenFrom="sm" size="sm" fw={600} c="brand.8">
        Paso 1 de 3 · Elige tu paquetería
      </Text>
      <Stepper active={0} size="xs" allowNextStepsSelect={false} visibleFrom="sm" aria-label="Pasos de tu envío">
        <Stepper.Step label="Servicio" description="Elige tu paquetería" />
        <Stepper.Step label="Direcciones" description="Origen y destino" />
        <Stepper.Step label="Pago" description="Resumen de compra" />
      </Stepper>
    </>
  );
  const content = (
    <Stack gap="lg">
      {steps === undefined ? publicSteps : steps}
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={8}>
          <Title order={headingLevel} className={classes.title}>
            {title}
          </Title>
          {request && <RequestSummary request={request} />}
        </Stack>
        {!hideBack && (request || onBack) && back}
      </Group>
      {body}
    </Stack>
  );

  return (
    <div className={embedded ? undefined : classes.page}>
      {embedded ? content : <Container size="lg">{content}</Container>}
      <Modal opened={problemText !== null} onClose={() => setProblem(null)} title={problemText?.title} centered>
        {problemText && (
          <Stack gap="md">
            <Text>{problemText.body}</Text>
            {problem !== 'error' && supportPhone && (
              <Text>
                Si tienes dudas, llámanos al <SupportPhone phone={supportPhone} />.
              </Text>
            )}
            <Group justify="flex-end">
              <Button onClick={() => setProblem(null)}>Entendido</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </div>
  );
}
