import type { GuideIssueRequest } from './guide-issuer.js';

/** A guide request the issuers' tests share: a box from Guadalajara to Mexico City. */
const party = (name: string, postalCode: string, city: string, stateCode: string) => ({
  fullName: name,
  email: 'persona@correo.test',
  phone: '3312345678',
  addressLine: 'Av. Juárez 123',
  colony: 'Centro',
  postalCode,
  city,
  stateCode,
  countryCode: 'MX',
});

export function guideRequest(overrides: Partial<GuideIssueRequest> = {}): GuideIssueRequest {
  return {
    shipmentId: '4b0c7c2e-8f7a-4d39-9d5e-0c1f3a9e5b21',
    reference: '1001',
    idempotencyKey: '4b0c7c2e-8f7a-4d39-9d5e-0c1f3a9e5b21',
    service: { id: 'svc', name: 'EXPRESS DOMESTIC', externalCode: 'N' },
    packageType: 'box',
    description: 'Ropa',
    origin: party('Ana López', '44100', 'Guadalajara', 'JAL'),
    destination: party('Bruno Díaz', '06600', 'Ciudad de México', 'CDMX'),
    parcels: [{ lengthCm: 30, widthCm: 20, heightCm: 15, weightKg: 3 }],
    declaredValueCentavos: null,
    shipDate: '2026-03-11',
    ...overrides,
  };
}

/** The error a promise rejects with (fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
