import { fromCentavos, type Centavos } from '@envios/contracts/money';
import { shipmentMessages, type GuideStatus, type OverweightOwed, type Shipment } from '@envios/contracts/shipments';
import { trackingHeadlines } from '@envios/contracts/tracking-rules';
import type { ChangeVersions } from '../../db/change-versions.js';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { RecordOverweight } from '@envios/contracts/overweight';
import type { Clock } from '../../shared/clock.js';
import type { Carriers } from '../carriers/carriers.usecases.js';
import type { Quoting } from '../quotes/quotes.usecases.js';
import { createShipmentCreation } from './shipments.create.js';
import { toShipmentDto } from './shipments.dto.js';
import { createShipmentEdits } from './shipments.edit.js';
import { createShipmentLists } from './shipments.lists.js';
import * as repo from './shipments.repository.js';
import { createShipmentChecks } from './shipments.shared.js';

export { fingerprintOf, type CreationResult } from './shipments.create.js';
export { toAddressDto, toRowDto, toShipmentDto } from './shipments.dto.js';
export type { UpdateShipment } from './shipments.edit.js';
export { parseKeywords, type ListQuery } from './shipments.lists.js';
export { SHIPMENT_LIST_CHANNEL } from './shipments.table.js';

/** What shipments need to know about an account (from the accounts use cases). */
export interface AccountInfo {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  locked: boolean;
  /** 'Bloquear compras': may look and quote, never buy. */
  purchasesBlocked: boolean;
}

export interface ShipmentsDeps {
  db: Database;
  clock: Clock;
  quoting: Pick<Quoting, 'quote'>;
  carriers: Pick<Carriers, 'catalogue' | 'snapshot'>;
  findAccount(id: string): Promise<AccountInfo | undefined>;
  /**
   * Each user's list version, bumped by the triggers' notices on the shipment list channel (the
   * embedded database only): while it stands, a long plain list is paged from memory.
   */
  listVersions?: ChangeVersions | undefined;
  /** Counts shipments a user creates (new or duplicated); throws 429 past the hourly limit. */
  limitCreation?: ((userId: string, count: number) => Promise<void>) | undefined;
  /** The payment attempt still open for a shipment, if any (from the payments module). */
  openPaymentFor?: ((ex: Executor, shipmentId: string) => Promise<{ numberOfOrder: number; methodLabel: string } | undefined>) | undefined;
  /** 'Editar sobrepeso' (`PUT /shipments/{id}` with overweight and cost_overweight): the overweight module records it. */
  recordOverweight?: ((caller: Caller, shipmentId: string, input: RecordOverweight) => Promise<unknown>) | undefined;
}

/** The quote's `OverweightProvider`: the caller's unpaid overweight in centavos, one aggregate query. */
export function overweightOwedProvider(db: Database): (userId: string) => Promise<Centavos> {
  return (userId) => repo.sumOverweightOwed(db, userId);
}

export type Shipments = ReturnType<typeof createShipments>;

/**
 * Shipments before and after payment (spec 01 §2 §4, spec 02 §2 §3 §4 §7): creation from the
 * wizard with a server-side re-quote, the list and its filters paged in SQL, detail and edits,
 * bulk duplicate and delete, statistics and the overweight carried into the next quote.
 */
export function createShipments(deps: ShipmentsDeps) {
  const { db } = deps;
  const checks = createShipmentChecks(deps);
  const { requireOwned } = checks;

  return {
    ...createShipmentCreation(deps, checks),

    async get(caller: Caller, id: string): Promise<Shipment> {
      return toShipmentDto(await requireOwned(caller, id));
    },

    ...createShipmentEdits(deps, checks),

    ...createShipmentLists(deps),

    /** Overweight of paid shipments not paid yet; its sum goes once into the next purchase. */
    async overweightOwed(userId: string): Promise<OverweightOwed> {
      const rows = await repo.listOverweightOwed(db, userId);
      return {
        docs: rows.map((r) => ({
          _id: r.id,
          numberOfOrder: r.numberOfOrder,
          number_guide: r.numberGuide,
          overweight: r.overweightKg ?? 0,
          cost_overweight: fromCentavos(r.overweightCentavos),
        })),
        total_cost_overweight: fromCentavos(rows.reduce((n, r) => n + r.overweightCentavos, 0)),
      };
    },

    async guideStatus(caller: Caller, id: string): Promise<GuideStatus> {
      const s = await requireOwned(caller, id);
      return { number_guide: s.numberGuide, messge: s.numberGuide ? (s.trackingStatus ?? trackingHeadlines.created) : shipmentMessages.noGuideStats };
    },

    async parcels(caller: Caller, id: string) {
      const s = toShipmentDto(await requireOwned(caller, id));
      return { _id: s._id, shipment_type: s.shipment_type, parcels: s.parcels };
    },
  };
}
