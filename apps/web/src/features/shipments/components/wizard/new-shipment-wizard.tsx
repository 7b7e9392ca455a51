import { Fragment, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Container, Stack, Stepper, Text, Title } from '@mantine/core';
import type { AddressSide } from '@envios/contracts/addresses';
import type { QuoteRequest, QuoteRequestInput, ShippingOption } from '@envios/contracts/quotes';
import { IconAlertTriangle } from '@/components/ui/icons';
import type { CreateShipmentsAnswer } from '../../api/create-shipments';
import {
  clearWizardState,
  initialWizardState,
  loadWizardState,
  saveWizardState,
  wizardReducer,
  type AddressesDraft,
  type ChosenService,
  type SideExtras,
  type WizardPrefill,
  type WizardState,
} from '../../utils/wizard-state';
import { kindOf, stepOf, WIZARD_STEPS, type StepKind, type WizardVariant } from '../../utils/wizard-steps';
import { AddressesStep } from './addresses-step';
import { PurchaseSummaryStep } from './purchase-summary-step';
import { QuoteStep } from './quote-step';
import { wizardStepFromRouterState, type NewShipmentSlots, type WizardRouterState } from './wizard-slots';
import classes from './wizard.module.css';

const STEP_TEXT: Record<StepKind, { label: string; description: string; heading: string }> = {
  quote: { label: 'Cotizar', description: 'Origen, destino y paquete', heading: 'Cotiza tu envío' },
  service: { label: 'Servicio', description: 'Elige tu paquetería', heading: 'Selecciona tu servicio de paquetería' },
  addresses: { label: 'Direcciones', description: 'Origen y destino', heading: 'Ingresar direcciones' },
  summary: { label: 'Pago', description: 'Resumen de compra', heading: 'Resumen de Compra' },
};

const POSTAL_CODE_HINT: Record<WizardVariant, string> = {
  dashboard: 'Viene de tu cotización; para cambiarlo vuelve al paso 1.',
  public: 'Viene de tu cotización en la página de inicio.',
};

export interface NewShipmentWizardProps {
  variant: WizardVariant;
  /** The signed-in user (the overweight owed is theirs). */
  userId: string;
  /** Public variant: the home quote and the option chosen at /service-providers. */
  entry?: { quote: QuoteRequest | null; service: ChosenService | null };
  /** Where leaving from the first step goes: /dashboard, or home with the quote kept. */
  exit: { href: string; state?: unknown };
  slots: NewShipmentSlots;
  /** 'Enviar' chose another service (the route keeps it for /service-providers too). */
  onServiceChosen?: (service: ChosenService) => void;
  /** The purchase is set and the person leaves the wizard (its data is dropped). */
  onDone?: () => void;
  /** Where the summary's exits go. */
  links: { shipments: string; dashboard?: string };
  /** 'Generar Guia': a store order's destination, content and parcels (dashboard variant). */
  prefill?: WizardPrefill;
}

function sameEntry(state: WizardState, entry: NewShipmentWizardProps['entry']): boolean {
  if (!entry) return true;
  return JSON.stringify(state.quote) === JSON.stringify(entry.quote) && state.service?.option.service_id === entry.service?.option.service_id;
}

/**
 * The wizard its owner left in this browser is picked up again, unless the home quote behind it
 * changed; a store order starts afresh from the order (the same order's wizard, left half-way, is kept).
 */
function startState({ variant, entry, userId, prefill }: Pick<NewShipmentWizardProps, 'variant' | 'entry' | 'userId' | 'prefill'>): WizardState {
  const kept = loadWizardState(variant, userId);
  // The order as the server tells it now (its platform, its notes), even in a wizard kept from before.
  if (prefill) return kept?.order?.id === prefill.order.id ? { ...kept, order: prefill.order } : initialWizardState(variant, entry, prefill);
  if (kept && (kept.created.length > 0 || sameEntry(kept, entry))) return kept;
  return initialWizardState(variant, entry);
}

/**
 * 'Nuevo envío': four steps in the dashboard (quote, service, addresses,
 * purchase summary) and three from the home quote (service, addresses, summary). Everything typed
 * is kept in this browser until it is paid or discarded, so a reload or a new tab loses nothing;
 * the shipments are created before payment.
 */
export function NewShipmentWizard({ variant, userId, entry, exit, slots, onServiceChosen, onDone, links, prefill }: NewShipmentWizardProps) {
  const [state, dispatch] = useReducer(wizardReducer, { variant, entry, userId, prefill }, startState);
  const navigate = useNavigate();
  const location = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const kind = kindOf(variant, state.step);
  const steps = WIZARD_STEPS[variant];

  useEffect(() => saveWizardState(state, userId), [state, userId]);

  // The selector's back link comes back here with the step to show.
  const routerStep = wizardStepFromRouterState(location.state);
  useEffect(() => {
    if (routerStep === null) return;
    dispatch({ type: 'go', step: routerStep });
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [routerStep, navigate, location.pathname, location.search]);

  // A new step takes the focus to its heading, so keyboard and screen-reader users start there.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const root = rootRef.current;
    const heading = root?.querySelector<HTMLElement>('[data-step-heading]') ?? root?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [state.step]);

  const onQuoteDraft = useCallback((draft: QuoteRequestInput, sides: Record<AddressSide, SideExtras>) => dispatch({ type: 'quoteDraft', draft, sides }), []);
  const onAddressesDraft = useCallback((addresses: AddressesDraft) => dispatch({ type: 'addresses', addresses }), []);
  const onTemplateContent = useCallback((description: string) => dispatch({ type: 'suggestContent', description }), []);

  const onQuote = useCallback(
    (quote: QuoteRequest, draft: QuoteRequestInput, sides: Record<AddressSide, SideExtras>) => dispatch({ type: 'quoted', quote, draft, sides }),
    [],
  );
  const onAttempt = useCallback((attempt: { key: string; body: string }) => dispatch({ type: 'attempt', attempt }), []);
  const onChooseServiceAgain = useCallback((notice: string) => dispatch({ type: 'chooseServiceAgain', notice }), []);
  const onPrevious = useCallback(() => dispatch({ type: 'previous' }), []);
  const onCreated = useCallback(
    (answer: CreateShipmentsAnswer) =>
      dispatch({
        type: 'created',
        shipments: answer.shipments.map((s) => ({ _id: s._id, numberOfOrder: s.numberOfOrder, total_amount: s.selected_service.total_amount })),
      }),
    [],
  );

  function chooseService(option: ShippingOption, quotedAt: string) {
    const service = { option, quoted_at: quotedAt };
    onServiceChosen?.(service);
    dispatch({ type: 'serviceChosen', service });
  }

  function leave(to: string) {
    clearWizardState(variant, userId);
    onDone?.();
    void navigate(to);
  }

  // What was typed stays in this browser until the purchase is done; this drops it on purpose.
  // Created shipments are dropped only through 'Anterior' (which deletes them) or the exits.
  const fresh = initialWizardState(variant, entry, prefill);
  const canRestart = state.created.length === 0 && JSON.stringify({ ...state, notice: null }) !== JSON.stringify(fresh);
  // The steps read their drafts when they open: a restart opens them again.
  const [generation, setGeneration] = useState(0);
  function restart() {
    clearWizardState(variant, userId);
    dispatch({ type: 'reset', state: initialWizardState(variant, entry, prefill) });
    setGeneration((g) => g + 1);
  }

  // The public variant's first step is the provider selector itself, with its own stepper.
  const selectorOwnsPage = variant === 'public' && kind === 'service';

  const renderPayment = slots.renderPayment;
  let body;
  if (kind === 'quote') {
    body = (
      <QuoteStep
        draft={state.quoteDraft}
        sides={state.sides}
        slots={slots}
        exitHref={exit.href}
        onDraft={onQuoteDraft}
        onQuote={onQuote}
        onTemplateContent={onTemplateContent}
      />
    );
  } else if (kind === 'service') {
    const back: { href: string; state: unknown } =
      variant === 'dashboard'
        ? { href: location.pathname, state: { wizardStep: stepOf(variant, 'quote') } satisfies WizardRouterState }
        : { href: exit.href, state: exit.state };
    body = (
      <Stack gap="md">
        {state.notice && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title="Elige de nuevo tu paquetería">
            {state.notice}
          </Alert>
        )}
        {slots.renderServiceSelector({
          request: state.quote,
          chosenServiceId: state.service?.option.service_id,
          onChoose: chooseService,
          backHref: back.href,
          backState: back.state,
          embedded: variant === 'dashboard',
        })}
      </Stack>
    );
  } else if (kind === 'addresses' && state.quote && state.service) {
    body = (
      <AddressesStep
        quote={state.quote}
        service={state.service}
        draft={state.addresses}
        userId={userId}
        ecommerceOrder={state.order ? { id: state.order.id, platform: state.order.platform } : null}
        createFrom={variant === 'dashboard' ? 'dashboard' : 'home'}
        attempt={state.attempt}
        slots={slots}
        postalCodeHint={POSTAL_CODE_HINT[variant]}
        onDraft={onAddressesDraft}
        onAttempt={onAttempt}
        onCreated={onCreated}
        onChooseServiceAgain={onChooseServiceAgain}
        onPrevious={onPrevious}
      />
    );
  } else if (kind === 'summary' && state.service && state.created.length > 0) {
    body = (
      <PurchaseSummaryStep
        created={state.created}
        service={state.service}
        destination={state.addresses.destination_direction}
        userId={userId}
        onDeleted={(ids) => dispatch({ type: 'deleted', ids })}
        renderPayment={
          renderPayment
            ? (busy) =>
                renderPayment({
                  shipmentIds: state.created.map((s) => s._id),
                  onLeave: () => {
                    clearWizardState(variant, userId);
                    onDone?.();
                  },
                  disabled: busy,
                })
            : undefined
        }
        exits={[{ label: 'Pagar después en Mis Envíos', onClick: () => leave(links.shipments) }]}
      />
    );
  } else {
    // A step whose data is gone (another tab cleared it): start again from the first step.
    body = (
      <Alert color="yellow" variant="light" role="status" title="Faltan datos de tu envío">
        <Text size="sm">No encontramos la cotización o el servicio elegido. Vuelve a empezar tu envío.</Text>
        <Text size="sm" mt={6}>
          <a
            href={exit.href}
            onClick={(event) => {
              event.preventDefault();
              dispatch({ type: 'go', step: 1 });
            }}
          >
            Volver al primer paso
          </a>
        </Text>
      </Alert>
    );
  }

  if (selectorOwnsPage) return <div ref={rootRef}>{body}</div>;

  const text = STEP_TEXT[kind];
  const page = (
    <Stack ref={rootRef} gap="lg">
      <div className={classes.header}>
        <Title order={1} className={classes.title}>
          Nuevo envío
        </Title>
        {canRestart && (
          <Button variant="subtle" size="compact-sm" onClick={restart}>
            Empezar de nuevo
          </Button>
        )}
        <Text hiddenFrom="sm" size="sm" fw={600} c="brand.8">
          Paso {state.step} de {steps.length} · {text.label}
        </Text>
      </div>
      {state.order && (
        <Alert color="blue" variant="light" title={`Guía para el ${state.order.label}`}>
          <Text size="sm">El destino, el contenido y el paquete vienen del pedido; elige el origen y la paquetería como siempre.</Text>
          {state.order.notes.length > 0 && (
            <Text size="sm" mt={6}>
              Revisa: {state.order.notes.join(' ')}
            </Text>
          )}
        </Alert>
      )}
      <Stepper active={state.step - 1} size="xs" allowNextStepsSelect={false} visibleFrom="sm" aria-label="Pasos del nuevo envío">
        {steps.map((k, index) => (
          <Stepper.Step
            key={k}
            label={STEP_TEXT[k].label}
            description={STEP_TEXT[k].description}
            aria-current={index === state.step - 1 ? 'step' : undefined}
          />
        ))}
      </Stepper>
      {kind !== 'service' && (
        <Title order={2} size="h3" tabIndex={-1} data-step-heading className={classes.stepHeading}>
          {text.heading}
        </Title>
      )}
      <Fragment key={generation}>{body}</Fragment>
    </Stack>
  );
  // The public pages have no sidebar: the wizard sits in the site's centred column.
  return variant === 'public' ? (
    <Container size="lg" py="xl">
      {page}
    </Container>
  ) : (
    page
  );
}
