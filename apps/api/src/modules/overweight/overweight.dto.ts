import { CARRIER_NAMES, type CarrierCode } from '@envios/contracts/carriers';
import { fromCentavos } from '@envios/contracts/money';
import { overweightStatusLabels, type OverweightFile, type OverweightRow, type OverweightStatus } from '@envios/contracts/overweight';
import type { Caller } from '../../plugins/auth.js';
import type * as repo from './overweight.repository.js';

export const isAdmin = (caller: Caller) => caller.rol === 'admin';

/** Where an overweight stands: cancelled beats disputed beats paid beats pending. */
export function statusOf(rec: { disputeStatus: string; costCentavos: number }, paid: boolean): OverweightStatus {
  if (rec.disputeStatus === 'accepted' || rec.costCentavos === 0) return 'cancelled';
  if (rec.disputeStatus === 'open') return 'disputed';
  return paid ? 'paid' : 'pending';
}

export function fileDto(f: repo.FileMeta): OverweightFile {
  return {
    _id: f.id,
    kind: f.kind,
    file_name: f.fileName,
    content_type: f.contentType,
    size: f.sizeBytes,
    url: `/api/v1/overweight/files/${f.id}`,
    created_at: f.createdAt.toISOString(),
  };
}

export function carrierName(code: string, stored: string): string {
  return stored || CARRIER_NAMES[code as CarrierCode] || code;
}

export function toRowDto(rec: repo.ListedRecord): OverweightRow {
  const status = statusOf(rec, rec.paid);
  return {
    _id: rec.id,
    shipment_id: rec.shipmentId,
    created_at: rec.shipmentCreatedAt.toISOString(),
    recorded_at: rec.createdAt.toISOString(),
    numberOfOrder: rec.numberOfOrder,
    user: rec.userId,
    customer_name: rec.customerName,
    customer_email: rec.customerEmail,
    carrier: carrierName(rec.carrierCode, rec.rule?.carrier ?? ''),
    carrier_code: rec.carrierCode as CarrierCode,
    carrier_service_name: rec.serviceName,
    service_id: rec.serviceId,
    number_guide: rec.numberGuide,
    overweight: rec.overweightKg,
    cost_overweight: fromCentavos(rec.costCentavos),
    status,
    status_label: overweightStatusLabels[status],
    dispute_status: rec.disputeStatus,
    total_amount: fromCentavos(rec.shipmentTotalCentavos),
  };
}

export function measuredText(rec: repo.RecordRow): string | null {
  if (rec.measuredWeightKg === null) return null;
  const dims =
    rec.measuredHeightCm !== null && rec.measuredWidthCm !== null && rec.measuredDepthCm !== null
      ? `, ${rec.measuredHeightCm} × ${rec.measuredWidthCm} × ${rec.measuredDepthCm} cm`
      : '';
  return `${rec.measuredWeightKg} kg${dims} (${rec.measuredBillableKg ?? rec.measuredWeightKg} kg facturables)`;
}
