import type { LabelPdfInput } from './label-pdf.js';

/** A realistic label with accents everywhere (tests and bench/label-pdf.ts). */
export function sampleLabelInput(overrides: Partial<LabelPdfInput> = {}): LabelPdfInput {
  return {
    guideNumber: '7912345678901',
    carrierName: 'DHL Express',
    serviceName: 'Día Siguiente',
    origin: {
      name: 'Ferretería Núñez',
      addressLine: 'Av. Juárez 1234 Int. 5',
      colony: 'Centro',
      postalCode: '44100',
      city: 'Guadalajara',
      state: 'Jal.',
      phone: '3312345678',
    },
    destination: {
      name: 'María José Peña',
      addressLine: 'Calle Ámsterdam 210',
      colony: 'Hipódromo Condesa',
      postalCode: '06100',
      city: 'Ciudad de México',
      phone: '5512345678',
    },
    parcels: [
      { heightCm: 15, lengthCm: 30, widthCm: 20, weightKg: 3 },
      { heightCm: 10, lengthCm: 20, widthCm: 20.5, weightKg: 1.25 },
    ],
    billableWeightKg: 5,
    numberOfOrder: 1042,
    shipDate: '2026-11-23',
    contentDescription: 'Herramientas de mano',
    sandbox: false,
    issuedAt: new Date('2026-11-23T18:00:00Z'),
    ...overrides,
  };
}
