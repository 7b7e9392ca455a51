import { createHash } from 'node:crypto';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { GuideIssueRequest, GuideIssuer, IssuedGuide } from './guide-issuer.js';

/**
 * Offline guide numbers in each carrier's format, used when the carrier's API is not configured
 * (the sandbox: no carrier is asked). The number is derived from the idempotency key, so a retry of the same
 * shipment gets the same guide (in this process or after a restart); no label is sent, so ours is
 * printed.
 */
const FORMATS: Readonly<Record<CarrierCode, { prefix: string; digits: number }>> = {
  /** DHL Express AWB: 10 digits. */
  dhl: { prefix: '', digits: 10 },
  /** FedEx Express tracking number: 12 digits. */
  fedex: { prefix: '', digits: 12 },
  /** Estafeta guía: 22 characters. */
  estafeta: { prefix: '', digits: 22 },
  /** Redpack guía: 9 digits. */
  redpack: { prefix: '', digits: 9 },
  /** AM/PM guía: 'AM' and 10 digits. */
  ampm: { prefix: 'AM', digits: 10 },
};

/** `digits` decimal digits from the hash of `seed`, never starting with 0. */
function digitsOf(seed: string, digits: number): string {
  const hash = BigInt(`0x${createHash('sha256').update(seed).digest('hex')}`);
  const span = 9n * 10n ** BigInt(digits - 1);
  return (10n ** BigInt(digits - 1) + (hash % span)).toString();
}

/** The sandbox guide number a key gets for a carrier (deterministic). */
export function sandboxGuideNumber(carrierCode: CarrierCode, idempotencyKey: string): string {
  const format = FORMATS[carrierCode];
  return `${format.prefix}${digitsOf(`${carrierCode}:${idempotencyKey}`, format.digits)}`;
}

function pieceNumbers(carrierCode: CarrierCode, key: string, guide: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    if (carrierCode === 'dhl') return `JD01${digitsOf(`dhl:${key}:piece:${i}`, 16)}`;
    if (carrierCode === 'fedex') return i === 0 ? guide : digitsOf(`fedex:${key}:piece:${i}`, 12);
    return count === 1 ? guide : `${guide}-${i + 1}`;
  });
}

export function createSandboxGuideIssuer(carrierCode: CarrierCode): GuideIssuer {
  return {
    carrierCode,
    sandbox: true,
    async issue(request: GuideIssueRequest, signal: AbortSignal): Promise<IssuedGuide> {
      signal.throwIfAborted();
      const guideNumber = sandboxGuideNumber(carrierCode, request.idempotencyKey);
      return { guideNumber, pieceNumbers: pieceNumbers(carrierCode, request.idempotencyKey, guideNumber, Math.max(1, request.parcels.length)), sandbox: true };
    },
  };
}
