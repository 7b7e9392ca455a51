import { describe, expect, it } from 'vitest';
import {
  carrierCodeForServiceName,
  carrierLabelForServiceName,
  FIXED_SERVICE_NAMES,
  markupInputSchema,
  matchesProviderFilters,
  matchesSpeedFilters,
  normalizeServiceName,
  PROVIDER_SELECTOR_SPEED_FILTERS,
  tariffRowInputSchema,
  transitTextForService,
  updateCarrierInputSchema,
  type SpeedFilterId,
} from './carriers.js';

describe('carrier label by service name', () => {
  it('labels every name of the fixed lists with its carrier', () => {
    for (const [code, names] of Object.entries(FIXED_SERVICE_NAMES)) {
      for (const name of names) expect(carrierCodeForServiceName(name)).toBe(code);
    }
    expect(carrierLabelForServiceName('EXPRESS DOMESTIC 10:30')).toBe('DHL');
    expect(carrierLabelForServiceName('ECOEXPRESS')).toBe('Redpack');
    expect(carrierLabelForServiceName('ESTANDAR')).toBe('AM/PM');
    expect(carrierLabelForServiceName('DIA SIG')).toBe('Estafeta');
  });

  it('labels any other service FedEx', () => {
    expect(carrierLabelForServiceName('FEDEX EXPRESS SAVER')).toBe('FedEx');
    expect(carrierLabelForServiceName('UN SERVICIO NUEVO')).toBe('FedEx');
    expect(carrierCodeForServiceName('')).toBe('fedex');
  });

  it('compares names without case, accents or extra spaces', () => {
    expect(normalizeServiceName('  Envío   Económico ')).toBe('ENVIO ECONOMICO');
    expect(carrierCodeForServiceName('ENVIO ECONOMICO')).toBe('estafeta');
    expect(carrierCodeForServiceName('express domestic')).toBe('dhl');
  });
});

describe('transit text', () => {
  it('maps the spec service names to their text', () => {
    expect(transitTextForService('EXPRESS DOMESTIC 10:30')).toBe('Día siguiente hábil antes de las 10:30');
    expect(transitTextForService('ECONOMY SELECT DOMESTIC')).toBe('Económico: de 1 a 4 días hábiles');
    expect(transitTextForService('TERRESTRE')).toBe('Terrestre: de 2 a 5 días hábiles');
    expect(transitTextForService('Envío Express')).toBe('Día siguiente hábil');
  });

  it('reads an unknown name from its transit days', () => {
    expect(transitTextForService('OTRO', 0)).toBe('Mismo día');
    expect(transitTextForService('OTRO', 1)).toBe('Día siguiente hábil');
    expect(transitTextForService('OTRO', 3)).toBe('3 días hábiles');
    expect(transitTextForService('OTRO')).toBe('Tiempo de entrega por confirmar');
  });
});

describe('speed filters', () => {
  it('shows everything when no filter is chosen', () => {
    for (const days of [0, 1, 5, 9]) expect(matchesSpeedFilters(days, [])).toBe(true);
  });

  it('1-2 holds 0 to 2 days, 1-3 holds 1 to 3, 2-5 holds 2 to 5', () => {
    const holds = (id: '1-2' | '1-3' | '2-5') => [0, 1, 2, 3, 4, 5, 6].filter((d) => matchesSpeedFilters(d, [id]));
    expect(holds('1-2')).toEqual([0, 1, 2]);
    expect(holds('1-3')).toEqual([1, 2, 3]);
    expect(holds('2-5')).toEqual([2, 3, 4, 5]);
  });

  it("the provider selector offers 'Día siguiente' (0 to 1), 1 a 2, 2 a 4 and 2 a 5 días", () => {
    const holds = (id: SpeedFilterId) => [0, 1, 2, 3, 4, 5, 6].filter((d) => matchesSpeedFilters(d, [id]));
    expect(PROVIDER_SELECTOR_SPEED_FILTERS).toEqual(['next-day', '1-2', '2-4', '2-5']);
    expect(holds('next-day')).toEqual([0, 1]);
    expect(holds('2-4')).toEqual([2, 3, 4]);
  });

  it('with several filters an option shows when any of them holds it', () => {
    expect(matchesSpeedFilters(0, ['1-3', '2-5'])).toBe(false);
    expect(matchesSpeedFilters(5, ['1-2', '2-5'])).toBe(true);
  });
});

describe('provider filters', () => {
  it('shows every carrier when none is chosen, otherwise only the chosen ones', () => {
    expect(matchesProviderFilters('dhl', [])).toBe(true);
    expect(matchesProviderFilters('dhl', ['fedex', 'ampm'])).toBe(false);
    expect(matchesProviderFilters('ampm', ['fedex', 'ampm'])).toBe(true);
  });
});

describe('admin inputs', () => {
  it('refuses amounts with more than two decimals or below zero, naming the field', () => {
    const bad = tariffRowInputSchema.safeParse({ zone: 'local', min_kg: 1, max_kg: 5, base_price: 149.999, extra_kg_price: -1 });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain('El precio base debe tener como máximo dos decimales.');
    expect(messages).toContain('El precio por kilo adicional no puede ser negativo.');
  });

  it('refuses a bracket that ends before it starts and an unknown zone', () => {
    const bad = tariffRowInputSchema.safeParse({ zone: 'luna', min_kg: 6, max_kg: 5, base_price: 1, extra_kg_price: 0 });
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['zone']));
    const order = tariffRowInputSchema.safeParse({ zone: 'local', min_kg: 6, max_kg: 5, base_price: 1, extra_kg_price: 0 });
    expect(order.error!.issues[0]).toMatchObject({ path: ['max_kg'], message: 'El peso final debe ser mayor o igual al peso inicial.' });
  });

  it('needs at least one field to change a carrier', () => {
    expect(updateCarrierInputSchema.safeParse({}).success).toBe(false);
    expect(updateCarrierInputSchema.parse({ enabled: false })).toEqual({ enabled: false });
  });

  it('a markup for everyone and every service is the default', () => {
    expect(markupInputSchema.parse({ percent: 12.5 })).toEqual({ service_id: null, user_id: null, percent: 12.5, fixed_amount: 0 });
  });
});
