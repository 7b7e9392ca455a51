import { createHmac, timingSafeEqual } from 'node:crypto';
import { LABEL_LINK_DAYS } from '@envios/contracts/guides';
import { mexicoCityTime } from '../../shared/mexico-city-time.js';
import type { AddressColumn, ShipmentForGuide } from '../shipments/shipments.usecases.js';
import type { LabelAddress, LabelPdfInput } from './label-pdf.js';

/* Where a label is served, its signed links, and a stored shipment as the label prints it. */

/** Where a shipment's label is served (stored as `guide_url`). */
export function labelPath(shipmentId: string): string {
  return `/api/v1/shipments/${shipmentId}/label`;
}

const DAY_MS = 86_400_000;

function labelSignature(secret: string, shipmentId: string, expiresAtSeconds: number): string {
  return createHmac('sha256', secret).update(`label:${shipmentId}:${expiresAtSeconds}`).digest('base64url');
}

/** `{expiry in Unix seconds}.{HMAC-SHA256 of the shipment id and the expiry}`. */
export function signLabelToken(secret: string, shipmentId: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${seconds}.${labelSignature(secret, shipmentId, seconds)}`;
}

/** True when the token was signed with `secret` for this shipment and has not expired at `now`. */
export function verifyLabelToken(secret: string, shipmentId: string, token: string, now: Date): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const seconds = Number(match[1]);
  if (seconds * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(labelSignature(secret, shipmentId, seconds));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The label link of an e-mail: works without a session for LABEL_LINK_DAYS days. */
export function signedLabelUrl(appUrl: string, secret: string, shipmentId: string, now: Date): string {
  const token = signLabelToken(secret, shipmentId, new Date(now.getTime() + LABEL_LINK_DAYS * DAY_MS));
  return `${appUrl.replace(/\/+$/, '')}${labelPath(shipmentId)}?token=${encodeURIComponent(token)}`;
}

function labelAddress(a: AddressColumn): LabelAddress {
  const state = a.state_short || a.state_code;
  return {
    name: a.full_name,
    addressLine: [a.address, a.number, a.intNumber ? `Int. ${a.intNumber}` : ''].filter(Boolean).join(' '),
    colony: a.colony,
    postalCode: a.postal_code,
    city: a.city,
    ...(state ? { state } : {}),
    phone: a.phone,
  };
}

/** The label of a shipment as stored (dimensions as the list labels them: width = Largo, depth = Ancho). */
export function labelInputOf(s: ShipmentForGuide, guide: { sandbox: boolean; issuedAt: Date }): LabelPdfInput {
  const issuedDay = mexicoCityTime(guide.issuedAt).date;
  return {
    guideNumber: s.numberGuide ?? '',
    carrierName: s.selectedService.carrier,
    serviceName: s.serviceName,
    origin: labelAddress(s.origin),
    destination: labelAddress(s.destination),
    parcels: s.parcels.map((p) => ({ heightCm: p.height, lengthCm: p.width, widthCm: p.depth, weightKg: p.weight })),
    billableWeightKg: s.selectedService.billable_weight_kg,
    numberOfOrder: s.numberOfOrder,
    shipDate: s.selectedService.date > issuedDay ? s.selectedService.date : issuedDay,
    contentDescription: s.description,
    sandbox: guide.sandbox,
    issuedAt: guide.issuedAt,
  };
}
