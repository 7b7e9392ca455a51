import { describe, expect, it } from 'vitest';
import {
  createShipmentSchema,
  idempotencyKeySchema,
  offersLocalPickup,
  shipmentListQuerySchema,
  splitKeywords,
  updateShipmentSchema,
  volumetricWeightRounded,
  type CreateShipmentInput,
} from './shipments.js';

const side = {
  full_name: 'Ana López',
  email: 'ana@correo.test',
  phone: '3312345678',
  address: 'Av. Juárez',
  number: '123',
  colony: 'Guadalajara Centro',
  postal_code: '44100',
  city: 'Jalisco, Guadalajara',
};

const base: CreateShipmentInput = {
  selected_service: { service_id: '00000000-0000-4000-8000-000000000001', net_total_amount: 278.88 },
  shipment_type: 'box',
  parcels: [{ depth: 15, width: 30, height: 20, weight: 3 }],
  origin_direction: side,
  destination_direction: { ...side, number: '45', colony: 'Juárez Centro', postal_code: '06600', city: 'Ciudad de México, Cuauhtémoc' },
  description_of_the_content: 'Ropa',
};

function issues(input: unknown): Record<string, string> {
  const result = createShipmentSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('shipment creation body', () => {
  it('fills the defaults: one guide, no insurance, nothing saved, no local pickup', () => {
    expect(createShipmentSchema.parse(base)).toMatchObject({
      cantidadGuias: 1,
      package_insurance: false,
      save_origin: false,
      save_destination: false,
      local_pickup: false,
    });
  });

  it('names the field of each broken rule', () => {
    expect(issues({ ...base, parcels: [base.parcels[0], base.parcels[0]] })).toHaveProperty('parcels');
    expect(issues({ ...base, package_insurance: true })).toHaveProperty('insurance_information');
    expect(issues({ ...base, local_pickup: true, origin_direction: { ...side, city: 'Nuevo León, Monterrey' } })).toHaveProperty('local_pickup');
    expect(issues({ ...base, description_of_the_content: 'x'.repeat(36) })).toHaveProperty('description_of_the_content');
    expect(issues({ ...base, destination_direction: { ...base.destination_direction, colony: 'Sur' } })).toHaveProperty('destination_direction.colony');
  });

  it('local pickup exists only from Guadalajara (accents and case ignored)', () => {
    expect(offersLocalPickup('Jalisco, Guadalajara')).toBe(true);
    expect(offersLocalPickup('GUADALAJARA')).toBe(true);
    expect(offersLocalPickup('Jalisco, Zapopan')).toBe(false);
  });
});

describe('shipment edit body', () => {
  it('needs at least one change, and overweight with its cost', () => {
    expect(updateShipmentSchema.safeParse({}).success).toBe(false);
    expect(updateShipmentSchema.safeParse({ overweight: 2 }).success).toBe(false);
    expect(updateShipmentSchema.safeParse({ overweight: 2, cost_overweight: 85.4 }).success).toBe(true);
  });
});

describe('list query and keywords', () => {
  it('pages start at 1 with 10 rows', () => {
    expect(shipmentListQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(shipmentListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('keywords split on commas, trimmed, empties dropped', () => {
    expect(splitKeywords(' roma , ,express,')).toEqual(['roma', 'express']);
    expect(splitKeywords(undefined)).toEqual([]);
  });

  it('volumetric weight shown with two decimals', () => {
    expect(volumetricWeightRounded({ height: 10, width: 31, depth: 41 })).toBe(2.54);
  });
});

describe('Idempotency-Key', () => {
  it('visible ASCII, 1 to 255 characters', () => {
    expect(idempotencyKeySchema.parse(' 3f2a-clave_1 ')).toBe('3f2a-clave_1');
    expect(idempotencyKeySchema.safeParse('').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('con espacio').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('ñ').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('x'.repeat(256)).success).toBe(false);
  });
});
