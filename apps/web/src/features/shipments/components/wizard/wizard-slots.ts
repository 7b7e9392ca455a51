import type { ReactNode } from 'react';
import type { PackageType, QuoteRequest, ShippingOption } from '@envios/contracts/quotes';
import type { CountryField, PostalCodeField } from '@/components/ui/form/geography-fields';
import type { ColonyLookup, SavedAddressSlotProps } from '../address-fieldset';

/** What the service step hands the quotes feature's ServiceSelector (composed in the route). */
export interface ServiceSlotProps {
  request: QuoteRequest | null;
  /** The option chosen before, marked as 'Tu elección'. */
  chosenServiceId: string | undefined;
  /** 'Enviar' on an option, once the route has checked the account may buy. */
  onChoose: (option: ShippingOption, quotedAt: string) => void;
  /** Where the selector's back button goes, and the router state it carries. */
  backHref: string;
  backState: unknown;
  /** Inside the dashboard's four steps: the wizard's stepper and heading count, not the selector's own. */
  embedded: boolean;
}

/** What the summary step hands the payments feature: the created shipments, and the way out of the wizard. */
export interface PaymentSlotProps {
  shipmentIds: string[];
  /** The payment is leaving for its result or PayPal: the wizard forgets its draft (the purchase is done). */
  onLeave: () => void;
  /** 'Anterior' is deleting the shipments. */
  disabled: boolean;
}

/** Pieces of other features the routes plug into the wizard (features never import each other). */
export interface NewShipmentSlots {
  /** The geography feature's boxes, as components (as every form that asks for them takes them). */
  PostalCodeField: PostalCodeField;
  CountryField: CountryField;
  renderSavedAddress?: ((slot: SavedAddressSlotProps) => ReactNode) | undefined;
  /** 'Paquete guardado' (the parcels feature): a pick fills the package step. */
  renderParcelTemplate?: ((slot: { onPick: (template: PickedParcel) => void }) => ReactNode) | undefined;
  lookupColonies?: ColonyLookup | undefined;
  renderServiceSelector: (slot: ServiceSlotProps) => ReactNode;
  /** The 'Resumen de Compra' payment method choice (payments feature), shown in the step itself. */
  renderPayment?: ((slot: PaymentSlotProps) => ReactNode) | undefined;
}

/** What a saved package gives the package step. */
export interface PickedParcel {
  shipment_type: PackageType;
  width: number;
  depth: number;
  height: number;
  weight: number;
  description: string;
  insured_value: number | null;
}

/** Router state that sends the dashboard wizard back to a step (the selector's back link uses it). */
export interface WizardRouterState {
  wizardStep: number;
}

export function wizardStepFromRouterState(state: unknown): number | null {
  const step = typeof state === 'object' && state !== null ? (state as Partial<WizardRouterState>).wizardStep : undefined;
  return typeof step === 'number' ? step : null;
}
