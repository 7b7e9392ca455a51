import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CARRIER_NAMES } from '@envios/contracts/carrier-codes';
import type { TrackingResult } from '@envios/contracts/tracking';
import { trackingMessages, trackingStateLabels, type TrackingState } from '@envios/contracts/tracking-labels';
import { groupEventsByDate, NO_EVENTS_TEXT } from '@envios/contracts/tracking-rules';
import { paths } from '@/config/paths';
import { IconAlertTriangle, IconArrowRight, IconCheck } from '@/components/ui/icons';
import { isFinalTrackingError, isTrackingNotFound, useTracking } from '../api/track-guide';
import { longDayTitle, longMoment } from '../utils/event-days';
import { trackingUiMessages } from './tracking-messages';
import { SandboxBadge } from './sandbox-badge';
import classes from './tracking-page.module.css';

/** The path a person follows: the five steps of the page's progress line. */
const STEPS: readonly TrackingState[] = ['pending', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'];

/** Where each state sits on the line; the detours (failed attempt, hold, return, cancel) are flagged. */
const STEP_OF: Record<TrackingState, { index: number; warning: boolean }> = {
  pending: { index: 0, warning: false },
  picked_up: { index: 1, warning: false },
  in_transit: { index: 2, warning: false },
  out_for_delivery: { index: 3, warning: false },
  delivered: { index: 4, warning: false },
  delivery_failed: { index: 3, warning: true },
  on_hold: { index: 2, warning: true },
  return_to_sender: { index: 2, warning: true },
  cancelled: { index: 0, warning: true },
  unknown: { index: 0, warning: false },
};

function ProgressSteps({ state }: { state: TrackingState }) {
  const { index, warning } = STEP_OF[state];
  return (
    <ol className={classes.steps} aria-label="Progreso del envío">
      {STEPS.map((step, i) => {
        const done = i < index || (i === index && step === 'delivered');
        const current = i === index && !done;
        const className = [classes.step, done && classes.stepDone, current && classes.stepCurrent, current && warning && classes.stepWarning]
          .filter(Boolean)
          .join(' ');
        return (
          <li key={step} className={className} aria-current={current || (done && i === index) ? 'step' : undefined}>
            <span className={classes.dot}>{done && <IconCheck size={16} strokeWidth={3} />}</span>
            <span className={classes.stepLabel}>{trackingStateLabels[step]}</span>
          </li>
        );
      })}
    </ol>
  );
}

function ShareButton({ guide }: { guide: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const share = async () => {
    const url = `${window.location.origin}${paths.tracking(guide)}`;
    const title = `Rastreo de la guía ${guide}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: title, url });
      } catch {
        // Closing the share sheet is not an error worth showing.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 3000);
    } catch {
      window.prompt('Copia el enlace de seguimiento:', url);
    }
  };

  return (
    <Button
      variant={copied ? 'light' : 'filled'}
      color={copied ? 'green' : 'brand'}
      onClick={() => void share()}
      leftSection={copied ? <IconCheck size={18} /> : <IconArrowRight size={18} />}
    >
      <span aria-live="polite">{copied ? trackingUiMessages.copied : 'Compartir seguimiento'}</span>
    </Button>
  );
}

function Summary({ result }: { result: TrackingResult }) {
  return (
    <section className={classes.summary} aria-label="Resumen del envío">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <div className={classes.summaryLabel}>N° de guía</div>
          <div className={classes.guide}>{result.guide}</div>
        </div>
        <SandboxBadge show={result.sandbox} />
      </Group>
      <p className={classes.headline} data-testid="tracking-headline">
        {result.headline}
      </p>
      <Text size="sm" c="#c6d4ff">
        {longMoment(result.date)}
      </Text>
      <Text size="sm" c="#c6d4ff" mt={4}>
        {CARRIER_NAMES[result.carrier_code]}
        {result.service_name ? ` · ${result.service_name}` : ''} · {result.package === 1 ? '1 paquete' : `${result.package} paquetes`}
      </Text>
      <div className={classes.route}>
        <div>
          <div className={classes.summaryLabel}>Enviado desde</div>
          <div className={classes.city}>{result.shipper.city || '—'}</div>
        </div>
        <IconArrowRight size={20} />
        <div className={classes.routeEnd}>
          <div className={classes.summaryLabel}>Enviado hacia</div>
          <div className={classes.city}>{result.consignee.city || '—'}</div>
        </div>
      </div>
    </section>
  );
}

function Events({ result }: { result: TrackingResult }) {
  if (result.shipment_event.length === 0) {
    return (
      <div data-testid="tracking-no-events">
        <Text fw={700}>{NO_EVENTS_TEXT}</Text>
        <Text c="dimmed" size="sm">
          {trackingUiMessages.noEventsHint}
        </Text>
      </div>
    );
  }
  const latest = result.shipment_event[0];
  return (
    <div>
      {groupEventsByDate(result.shipment_event).map((day) => (
        <section key={day.date} aria-label={longDayTitle(day.date)}>
          <h3 className={classes.dayHeading}>{longDayTitle(day.date)}</h3>
          <ol className={classes.events}>
            {day.events.map((event, i) => (
              <li key={`${event.occurred_at}-${i}`} className={`${classes.event} ${event === latest ? classes.eventLatest : ''}`}>
                <span className={classes.time}>{event.time}</span>
                <div className={classes.eventBody}>
                  <div className={classes.eventStatus}>{event.status}</div>
                  <div className={classes.eventMeta}>
                    {[event.location, event.package ? `Paquete ${event.package}` : null].filter(Boolean).join(' · ') || trackingStateLabels[event.state]}
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

export interface TrackingPageProps {
  guide: string;
  /** A search box to try another guide (shown when this one is not found). */
  searchSlot?: ReactNode;
}

/** /rastreo/{guide}: the shareable tracking page (beyond the spec), laid out for a phone first. */
export function TrackingPage({ guide, searchSlot }: TrackingPageProps) {
  const query = useTracking(guide, { live: true });
  const result = query.data;

  return (
    <div className={classes.page}>
      <Title order={1} size="h2" mb="md">
        Rastreo de envío
      </Title>

      {query.isPending && (
        <Stack gap="md" role="status" aria-live="polite">
          <Group gap="xs">
            <Loader size="sm" />
            <Text>{trackingMessages.loading}</Text>
          </Group>
          <Skeleton height={180} radius="lg" />
          <Skeleton height={60} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      )}

      {query.isError && !result && (
        <Stack gap="md">
          {isTrackingNotFound(query.error) ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
              {trackingMessages.notFound(guide)}
            </Alert>
          ) : isFinalTrackingError(query.error) ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
              {query.error.body.message}
            </Alert>
          ) : (
            <Alert color="gray" variant="light" role="alert">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{trackingUiMessages.failed}</Text>
                <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
                  Reintentar
                </Button>
              </Group>
            </Alert>
          )}
          {searchSlot}
        </Stack>
      )}

      {result && (
        <Stack gap="lg">
          <Summary result={result} />
          {result.stale && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} />}>
              {trackingUiMessages.stale}
            </Alert>
          )}
          <Card withBorder radius="lg" padding="sm">
            <ProgressSteps state={result.state} />
            {STEP_OF[result.state].warning && (
              <Text size="sm" c="orange.8" fw={600} ta="center" mt="sm">
                {trackingStateLabels[result.state]}
              </Text>
            )}
          </Card>
          <Group justify="space-between" gap="sm">
            <ShareButton guide={result.guide} />
            {result.carrier_url && (
              <Anchor href={result.carrier_url} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
                Ver en {CARRIER_NAMES[result.carrier_code]} (se abre en otra pestaña)
              </Anchor>
            )}
          </Group>
          <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="movimientos">
            <Group justify="space-between" mb="sm" gap="xs">
              <Title order={2} size="h4" id="movimientos">
                Movimientos
              </Title>
              <Text size="xs" c="dimmed">
                Consultado: {longMoment(result.checked_at ?? result.date)}
              </Text>
            </Group>
            <Events result={result} />
          </Card>
        </Stack>
      )}
    </div>
  );
}
