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

/** The shipments still to pay and their total in centavos (paid ones are left out, spec 02 'Información Preventiva'). */
export function payableTotal(shipments: readonly PayableShipment[]): { unpaid: PayableShipment[]; centavos: number } {
  const unpaid = shipments.filter((s) => !s.paid);
  return { unpaid, centavos: unpaid.reduce((sum, s) => sum + toCentavos(s.total), 0) };
}

/** `?shipments=a,b` or `?references=A,B` → distinct values, in order. */
export function readCommaList(value: string | null): string[] {
  return [...new Set((value ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
}
