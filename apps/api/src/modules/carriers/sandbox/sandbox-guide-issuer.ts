import { createHash } from 'node:crypto';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { GuideIssueRequest, GuideIssuer, IssuedGuide } from '../adapters/guide-issuer.js';
import { carrierProvider } from '../carrier-list.js';

/** `digits` decimal digits from the hash of `seed`, never starting with 0. */
function digitsOf(seed: string, digits: number): string {
  const hash = BigInt(`0x${createHash('sha256').update(seed).digest('hex')}`);
  const span = 9n * 10n ** BigInt(digits - 1);
  return (10n ** BigInt(digits - 1) + (hash % span)).toString();
}

/** A carrier's guide number as the sandbox writes it: prefix and total length. */
export function sandboxGuideFormat(carrierCode: CarrierCode): { prefix: string; length: number } {
  const { prefix, digits } = carrierProvider(carrierCode).sandbox.guideNumber;
  return { prefix, length: prefix.length + digits };
}

/** The sandbox guide number a key gets for a carrier (deterministic). */
export function sandboxGuideNumber(carrierCode: CarrierCode, idempotencyKey: string): string {
  const format = carrierProvider(carrierCode).sandbox.guideNumber;
  return `${format.prefix}${digitsOf(`${carrierCode}:${idempotencyKey}`, format.digits)}`;
}

function pieceNumbers(carrierCode: CarrierCode, key: string, guide: string, count: number): string[] {
  const own = carrierProvider(carrierCode).sandbox.pieceNumber;
  return Array.from({ length: count }, (_, i) => {
    if (own) return own.firstIsGuide && i === 0 ? guide : `${own.prefix}${digitsOf(`${carrierCode}:${key}:piece:${i}`, own.digits)}`;
    return count === 1 ? guide : `${guide}-${i + 1}`;
  });
}

/**
 * Offline guide numbers in each carrier's format (its folder's `sandbox.guideNumber`), used when
 * the carrier's API is not configured (the sandbox: no carrier is asked). The number is derived
 * from the idempotency key, so a retry of the same shipment gets the same guide (in this process
 * or after a restart); no label is sent, so ours is printed.
 */
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
