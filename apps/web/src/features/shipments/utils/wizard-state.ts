import { z } from 'zod';
import type { AddressSide } from '@envios/contracts/addresses';
import { DEFAULT_COUNTRY } from '@envios/contracts/geography';
import type { PlatformId } from '@envios/contracts/integrations';
import {
  DEFAULT_PACKAGE_TYPE,
  quoteRequestSchema,
  shippingOptionSchema,
  type QuoteRequest,
  type QuoteRequestInput,
  type ShippingOption,
} from '@envios/contracts/quotes';
import { emptyAddress, type AddressDraft } from './address';
import { stepOf, stepReducer, WIZARD_STEPS, type StepAction, type WizardVariant } from './wizard-steps';

/** Step 3's fields as typed: both sides, the content, and the checkboxes. */
export interface AddressesDraft {
  origin_direction: AddressDraft;
  destination_direction: AddressDraft;
  description_of_the_content: string;
  save_origin: boolean;
  save_destination: boolean;
  local_pickup: boolean;
  /** Only with an insured quote ('Asegura tu envío'). */
  insurance: { responsible_for_the_package: string; mail_responsible: string };
}

/** Per side, what step 1 knows beyond the quote: the state code of the pick and a chosen saved address. */
export interface SideExtras {
  state_code: string;
  saved: { id: string; address: AddressDraft } | null;
}

/** What the summary needs of each created shipment. */
export interface CreatedShipment {
  _id: string;
  numberOfOrder: number;
  total_amount: number;
}

export interface ChosenService {
  option: ShippingOption;
  quoted_at: string;
}

export interface WizardState {
  version: 1;
  variant: WizardVariant;
  step: number;
  /** Step 1 of the dashboard as typed (city reads 'Estado, Ciudad'). */
  quoteDraft: QuoteRequestInput;
  sides: Record<AddressSide, SideExtras>;
  /** The saved address already copied into each side's form, so a re-quote does not overwrite edits. */
  appliedSaved: Record<AddressSide, string | null>;
  /** The request that was quoted; the service step and the payload use it. */
  quote: QuoteRequest | null;
  service: ChosenService | null;
  addresses: AddressesDraft;
  created: CreatedShipment[];
  /** The idempotency key of the creation being tried, and the body it was made for. */
  attempt: { key: string; body: string } | null;
  /** Why the user is back at the service step (a price that changed), shown there. */
  notice: string | null;
  /** The store order this wizard was started from ('Generar Guia'); its id goes with the shipment. */
  order?: WizardOrder | null;
}

/** A store order the wizard is pre-filled from (the integrations feature's order, mapped by the route). */
export interface WizardOrder {
  id: string;
  /** The store's platform, named on the shipment with the order id. */
  platform: PlatformId;
  /** 'Pedido #1201 de Mi Tienda'. */
  label: string;
  /** What the seller should check (address problems, estimated weight). */
  notes: string[];
}

/** 'Generar Guia': destination, content and parcels of a store order, the rest chosen as usual. */
export interface WizardPrefill {
  order: WizardOrder;
  destination: AddressDraft;
  description: string;
  parcels: QuoteRequestInput['parcels'];
}

export type WizardAction =
  | StepAction
  | { type: 'quoteDraft'; draft: QuoteRequestInput; sides: Record<AddressSide, SideExtras> }
  | { type: 'quoted'; quote: QuoteRequest; draft: QuoteRequestInput; sides: Record<AddressSide, SideExtras> }
  | { type: 'serviceChosen'; service: ChosenService }
  | { type: 'addresses'; addresses: AddressesDraft }
  /** A saved package was picked: its content fills the description unless one was typed. */
  | { type: 'suggestContent'; description: string }
  | { type: 'attempt'; attempt: { key: string; body: string } }
  | { type: 'created'; shipments: CreatedShipment[] }
  | { type: 'deleted'; ids: string[] }
  | { type: 'chooseServiceAgain'; notice: string }
  | { type: 'reset'; state: WizardState };

export const emptyQuoteDraft: QuoteRequestInput = {
  origin_direction: { country_code: DEFAULT_COUNTRY, postal_code: '', city: '', suburb: '' },
  destination_direction: { country_code: DEFAULT_COUNTRY, postal_code: '', city: '', suburb: '', state_short: '' },
  parcels: [{} as QuoteRequestInput['parcels'][number]],
  package_type: DEFAULT_PACKAGE_TYPE,
  cantidadGuias: 1,
};

const noExtras: SideExtras = { state_code: '', saved: null };

export function emptyAddressesDraft(): AddressesDraft {
  return {
    origin_direction: emptyAddress('origin'),
    destination_direction: emptyAddress('destination'),
    description_of_the_content: '',
    save_origin: false,
    save_destination: false,
    local_pickup: false,
    insurance: { responsible_for_the_package: '', mail_responsible: '' },
  };
}

type QuotePlace = QuoteRequestInput['origin_direction'];

/**
 * Step 3's side after a quote: the postal code, 'Estado, Ciudad' and country come from the quote;
 * a saved address chosen at step 1 fills the rest; what was typed before stays when the code is
 * the same.
 */
export function sideFromQuote(side: AddressSide, place: QuotePlace, extras: SideExtras, previous: AddressDraft, appliedSavedId: string | null): AddressDraft {
  const samePlace = previous.postal_code === place.postal_code && previous.country_code === (place.country_code ?? DEFAULT_COUNTRY);
  const newlySaved = extras.saved && extras.saved.id !== appliedSavedId ? extras.saved.address : null;
  const base = newlySaved ?? (samePlace ? previous : { ...emptyAddress(side), ...keepPerson(previous) });
  const next: AddressDraft = {
    ...base,
    postal_code: place.postal_code,
    country_code: (place.country_code ?? DEFAULT_COUNTRY).toUpperCase(),
    city: place.city ?? '',
    state_code: extras.state_code || base.state_code,
    colony: samePlace || newlySaved ? base.colony || (place.suburb ?? '') : (place.suburb ?? ''),
  };
  if (side === 'destination') next.state_short = extras.state_code || base.state_short || '';
  return next;
}

/** A new postal code keeps who sends or receives, not where. */
function keepPerson(a: AddressDraft): Partial<AddressDraft> {
  return { full_name: a.full_name, email: a.email, phone: a.phone };
}

export function initialWizardState(
  variant: WizardVariant,
  entry?: { quote: QuoteRequest | null; service: ChosenService | null },
  prefill?: WizardPrefill,
): WizardState {
  const state: WizardState = {
    version: 1,
    variant,
    step: 1,
    quoteDraft: emptyQuoteDraft,
    sides: { origin: noExtras, destination: noExtras },
    appliedSaved: { origin: null, destination: null },
    quote: entry?.quote ?? null,
    service: entry?.service ?? null,
    addresses: emptyAddressesDraft(),
    created: [],
    attempt: null,
    notice: null,
  };
  if (entry?.quote) {
    state.addresses = {
      ...state.addresses,
      origin_direction: sideFromQuote('origin', entry.quote.origin_direction, noExtras, state.addresses.origin_direction, null),
      destination_direction: sideFromQuote('destination', entry.quote.destination_direction, noExtras, state.addresses.destination_direction, null),
    };
  }
  // Arriving from the provider selector with a service already chosen: straight to the addresses.
  if (entry?.quote && entry.service) state.step = stepOf(variant, 'addresses');
  if (prefill) {
    const d = prefill.destination;
    const stateShort = d.state_short ?? d.state_code;
    state.order = prefill.order;
    state.quoteDraft = {
      ...state.quoteDraft,
      destination_direction: { country_code: d.country_code, postal_code: d.postal_code, city: d.city, suburb: d.colony, state_short: stateShort },
      parcels: prefill.parcels,
    };
    state.sides = { ...state.sides, destination: { state_code: stateShort, saved: null } };
    state.addresses = { ...state.addresses, destination_direction: d, description_of_the_content: prefill.description };
  }
  return state;
}

function isStepAction(action: WizardAction): action is StepAction {
  return action.type === 'next' || action.type === 'previous' || action.type === 'go';
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  const last = WIZARD_STEPS[state.variant].length;
  const go = (kind: Parameters<typeof stepOf>[1]) => stepReducer(state.step, { type: 'go', step: stepOf(state.variant, kind), last });
  if (isStepAction(action)) {
    return { ...state, step: stepReducer(state.step, action.type === 'previous' ? action : { ...action, last }) };
  }
  switch (action.type) {
    case 'quoteDraft':
      return { ...state, quoteDraft: action.draft, sides: action.sides };
    case 'quoted': {
      const same = JSON.stringify(state.quote) === JSON.stringify(action.quote);
      return {
        ...state,
        quoteDraft: action.draft,
        sides: action.sides,
        quote: action.quote,
        // Other places or parcels mean other prices: the service is chosen again.
        service: same ? state.service : null,
        notice: null,
        addresses: {
          ...state.addresses,
          origin_direction: sideFromQuote(
            'origin',
            action.draft.origin_direction,
            action.sides.origin,
            state.addresses.origin_direction,
            state.appliedSaved.origin,
          ),
          destination_direction: sideFromQuote(
            'destination',
            action.draft.destination_direction,
            action.sides.destination,
            state.addresses.destination_direction,
            state.appliedSaved.destination,
          ),
        },
        appliedSaved: { origin: action.sides.origin.saved?.id ?? null, destination: action.sides.destination.saved?.id ?? null },
        step: go('service'),
      };
    }
    case 'serviceChosen':
      return { ...state, service: action.service, notice: null, step: go('addresses') };
    case 'addresses':
      return { ...state, addresses: action.addresses };
    case 'suggestContent':
      return state.addresses.description_of_the_content.trim()
        ? state
        : { ...state, addresses: { ...state.addresses, description_of_the_content: action.description } };
    case 'attempt':
      return { ...state, attempt: action.attempt };
    case 'created':
      return { ...state, created: action.shipments, attempt: null, notice: null, step: go('summary') };
    case 'deleted': {
      const created = state.created.filter((s) => !action.ids.includes(s._id));
      return { ...state, created, step: created.length === 0 ? go('addresses') : state.step };
    }
    case 'chooseServiceAgain':
      return { ...state, service: null, notice: action.notice, attempt: null, step: go('service') };
    case 'reset':
      return action.state;
  }
}

// ---------------------------------------------------------------- kept in this browser (localStorage)

/** Prefix of every kept wizard draft (signing out drops them all). */
export const WIZARD_STORAGE_PREFIX = 'envios.newShipment.';

/**
 * The draft is kept per person and variant in localStorage: it survives a reload, a closed tab
 * and a new tab, until it is paid, discarded ('Empezar de nuevo', 'Anterior' from the first step)
 * or its owner signs out. Another account in the same browser never sees it.
 */
export function wizardStorageKey(variant: WizardVariant, userId: string): string {
  return `${WIZARD_STORAGE_PREFIX}${variant}.${userId}`;
}

const storedSchema = z.object({
  version: z.literal(1),
  step: z.number().int(),
  quoteDraft: z.record(z.string(), z.unknown()),
  sides: z.object({ origin: z.record(z.string(), z.unknown()), destination: z.record(z.string(), z.unknown()) }),
  appliedSaved: z.object({ origin: z.string().nullable(), destination: z.string().nullable() }),
  quote: z.unknown(),
  service: z.object({ option: shippingOptionSchema, quoted_at: z.string() }).nullable(),
  addresses: z.record(z.string(), z.unknown()),
  created: z.array(z.object({ _id: z.string(), numberOfOrder: z.number(), total_amount: z.number() })),
  attempt: z.object({ key: z.string(), body: z.string() }).nullable(),
  notice: z.string().nullable(),
  order: z.object({ id: z.string(), label: z.string(), notes: z.array(z.string()) }).nullish(),
});

/** The wizard as its owner left it in this browser, or null (none, another shape, or storage off). */
export function loadWizardState(variant: WizardVariant, userId: string): WizardState | null {
  try {
    const raw = localStorage.getItem(wizardStorageKey(variant, userId));
    if (!raw) return null;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const quote = parsed.data.quote === null ? null : quoteRequestSchema.safeParse(parsed.data.quote);
    if (quote && !quote.success) return null;
    const fallback = initialWizardState(variant);
    const addresses = parsed.data.addresses as Partial<AddressesDraft>;
    return {
      ...(parsed.data as unknown as WizardState),
      variant,
      step: stepReducer(1, { type: 'go', step: parsed.data.step, last: WIZARD_STEPS[variant].length }),
      quote: quote ? quote.data : null,
      addresses: { ...fallback.addresses, ...addresses },
    };
  } catch {
    return null;
  }
}

export function saveWizardState(state: WizardState, userId: string): void {
  try {
    localStorage.setItem(wizardStorageKey(state.variant, userId), JSON.stringify(state));
  } catch {
    // Storage full or disabled: the wizard still works, it just won't survive a reload.
  }
}

export function clearWizardState(variant: WizardVariant, userId: string): void {
  try {
    localStorage.removeItem(wizardStorageKey(variant, userId));
  } catch {
    // Nothing to clear.
  }
}
