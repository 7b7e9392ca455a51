import type { QuoteResponse, ShippingOption } from '@envios/contracts/quotes';
import type { InsuranceInformation } from '@envios/contracts/shipments';
import { fromCentavos } from '@envios/contracts/money';
import type { Caller } from '../../plugins/auth.js';
import type { NewEvent } from '../events/events.usecases.js';
import { commonErrors } from '../../shared/errors.js';
import { insuranceCostOf, type ShipmentPrice } from './shipment-pricing.js';
import { shipmentErrors } from './shipments.errors.js';
import * as repo from './shipments.repository.js';
import type { ShipmentRecord } from './shipments.repository.js';
import type { AccountInfo, ShipmentsDeps } from './shipments.deps.js';

/** `customer_info` of a new shipment: the account it is bought for, as it is now. */
export function customerColumns(account: AccountInfo) {
  return { customerFirstNames: account.firstName, customerLastNames: account.lastName, customerEmail: account.email };
}

export function insuredValueOf(insured: boolean, info: InsuranceInformation | null | undefined): number | undefined {
  return insured && info ? info.package_value : undefined;
}

export function withInsuranceCost(info: InsuranceInformation | null, price: ShipmentPrice): InsuranceInformation | null {
  return info ? { ...info, cost: insuranceCostOf(price) } : null;
}

/** The checks creation, edits and reads share: accounts, ownership and the chosen service. */
export function createShipmentChecks(deps: ShipmentsDeps) {
  const { db } = deps;

  /** The caller, or the account an admin acts for: its markup prices the shipment. */
  function quoteCaller(caller: Caller, ownerId: string): Caller {
    return ownerId === caller.id ? caller : { id: ownerId, rol: 'user', sessionId: caller.sessionId };
  }

  async function requireActiveAccount(id: string, path: string): Promise<AccountInfo> {
    const account = await deps.findAccount(id);
    if (!account) throw shipmentErrors.unknownUser(path);
    if (account.locked || account.purchasesBlocked) throw shipmentErrors.accountLocked();
    if (!account.active) throw shipmentErrors.accountInactive();
    return account;
  }

  async function requireOwned(caller: Caller, id: string): Promise<repo.ShipmentRecord> {
    const found = await repo.findShipment(db, id);
    if (!found) throw shipmentErrors.notFound();
    if (found.userId !== caller.id && caller.rol !== 'admin') throw commonErrors.forbidden();
    return found;
  }

  function findOption(answer: QuoteResponse, serviceId: string, path: string): ShippingOption {
    const option = answer.options.find((o) => o.service_id === serviceId);
    if (option) return option;
    // An id the catalogue never had is bad input; a real service not offered here is a conflict.
    if (!deps.carriers.snapshot().serviceById.has(serviceId)) throw shipmentErrors.invalid(path, 'El servicio de paquetería elegido no existe.');
    throw shipmentErrors.serviceUnavailable(path);
  }

  return { quoteCaller, requireActiveAccount, requireOwned, findOption };
}

export type ShipmentChecks = ReturnType<typeof createShipmentChecks>;

/** `shipment.created`, one per new shipment (one statement for the whole call). */
export function shipmentCreatedEvents(rows: readonly ShipmentRecord[]): NewEvent[] {
  return rows.map((r) => ({
    type: 'shipment.created',
    userId: r.userId,
    subjectId: r.id,
    data: {
      shipment_id: r.id,
      folio: r.numberOfOrder,
      total: fromCentavos(r.totalCentavos),
      carrier: r.carrierCode,
      service: r.serviceName,
      origin_postal_code: r.origin.postal_code,
      destination_postal_code: r.destination.postal_code,
    },
  }));
}
