import type { ReactNode } from 'react';
import type { QuoteRequest, ShippingOption } from '@envios/contracts/quotes';
import type { PostalCodeField } from '@/components/ui/form/geography-fields';
import type { ColonyLookup } from '../address-fieldset';

export const EDIT_PARTS = ['destination', 'origin', 'parcels', 'description', 'insurance', 'service-provider'] as const;
export type EditPart = (typeof EDIT_PARTS)[number];

export function isEditPart(value: string): value is EditPart {
  return (EDIT_PARTS as readonly string[]).includes(value);
}

/** What the edit screens hand the quotes feature's ServiceSelector (composed in the route). */
export interface EditServiceSlotProps {
  /** The quote of the edited shipment. */
  request: QuoteRequest;
  /** 'Enviar' on an option: the edit saves it (it never throws; failures are shown by the edit). */
  onChoose: (option: ShippingOption) => Promise<void>;
  /** Where the selector's back link goes (step 1, or the detail for the service-provider edit). */
  backHref: string;
}

/** Pieces of other features the route plugs into the edit screens (features never import each other). */
export interface ShipmentEditSlots {
  PostalCodeField?: PostalCodeField | undefined;
  lookupColonies?: ColonyLookup | undefined;
  renderServiceSelector: (slot: EditServiceSlotProps) => ReactNode;
}
