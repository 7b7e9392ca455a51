import { describe, expect, it } from 'vitest';
import { OVERWEIGHT_CONTEST_TEXT, overweightStateText, type OverweightState } from './overweight.js';

const base: OverweightState = { status: 'paid', amount: 'MX$50.00', paidVia: 'wallet', dispute: 'none', refund: null };

describe('overweightStateText', () => {
  it('a charge says where the money came from and how to get it back', () => {
    expect(overweightStateText(base)).toBe(`Se cobró MX$50.00 de tu Monedero por sobrepeso; ${OVERWEIGHT_CONTEST_TEXT}.`);
    expect(overweightStateText({ ...base, paidVia: 'purchase' })).toBe(
      `Se cobró MX$50.00 por sobrepeso junto con tu compra; ${OVERWEIGHT_CONTEST_TEXT} en tu Monedero.`,
    );
    expect(overweightStateText({ ...base, dispute: 'rejected' })).toBe(
      'Se cobró MX$50.00 de tu Monedero por sobrepeso. Revisamos tu aclaración y el sobrepeso se mantiene.',
    );
  });

  it('a wallet that did not cover it leaves it for the next purchase; a dispute holds it', () => {
    expect(overweightStateText({ ...base, status: 'pending', paidVia: null })).toMatch(
      /^Tu Monedero no alcanzaba para cubrir el sobrepeso de MX\$50\.00: queda pendiente para tu siguiente compra/,
    );
    expect(overweightStateText({ ...base, status: 'disputed', paidVia: null, dispute: 'open' })).toMatch(/no se cobra/);
    expect(overweightStateText({ ...base, status: 'disputed', dispute: 'open' })).toBe(
      'Estamos revisando tu aclaración; si la aceptamos, te devolvemos MX$50.00 a tu Monedero.',
    );
    expect(overweightStateText({ ...base, status: 'cancelled', dispute: 'accepted', refund: 'MX$50.00' })).toBe(
      'Aceptamos tu aclaración: el sobrepeso se canceló y te devolvimos MX$50.00 a tu Monedero.',
    );
  });

  it('an admin reads about the customer’s wallet', () => {
    expect(overweightStateText({ ...base, audience: 'admin' })).toMatch(
      /^Se cobró MX\$50\.00 del Monedero del cliente por sobrepeso; si el cliente no está de acuerdo/,
    );
    expect(overweightStateText({ ...base, status: 'pending', paidVia: null, audience: 'admin' })).toMatch(/queda pendiente para su siguiente compra/);
  });
});
