import { toCentavos } from '@envios/contracts/money';

/** A shipment as the payment screens show it (the route maps the shipments feature's record to this). */
export interface PayableShipment {
  id: string;
  numberOfOrder: number;
  destinationName: string;
  /** Street and number. */
  address: string;
  postalCode: string;
  city: string;
  carrier: string;
  serviceName: string;
  /** MXN before the earlier overweight and extras: the guides' net price. */
  amount: number;
  /** MXN charged for this shipment. */
  total: number;
  paid: boolean;
}

/** Overweight recorded on the buyer's earlier shipments: the server adds it to the next purchase. */
export interface OwedOverweight {
  /** Folios of the earlier shipments. */
  folios: number[];
  centavos: number;
}

export const NO_OVERWEIGHT: OwedOverweight = { folios: [], centavos: 0 };

/** The shipments still to pay and their total in centavos (paid ones are left out, as 'Información Preventiva' says). */
export function payableTotal(
  shipments: readonly PayableShipment[],
  overweight: OwedOverweight = NO_OVERWEIGHT,
): { unpaid: PayableShipment[]; centavos: number; overweightCentavos: number } {
  const unpaid = shipments.filter((s) => !s.paid);
  // The earlier overweight rides on a purchase, so with nothing to buy it is not added.
  const overweightCentavos = unpaid.length > 0 ? overweight.centavos : 0;
  return { unpaid, centavos: unpaid.reduce((sum, s) => sum + toCentavos(s.total), 0) + overweightCentavos, overweightCentavos };
}

/** `?shipments=a,b` or `?references=A,B` → distinct values, in order. */
export function readCommaList(value: string | null): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
