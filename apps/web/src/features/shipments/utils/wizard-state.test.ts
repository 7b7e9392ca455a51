import { beforeEach, describe, expect, it } from 'vitest';
import { demoQuoteRequest, option } from '@/testing/mock-quotes';
import { emptyAddress } from './address';
import { initialWizardState, loadWizardState, saveWizardState, wizardReducer, wizardStorageKey, type WizardState } from './wizard-state';

const dhl = { option: option('dhl', 'EXPRESS DOMESTIC', 160.5, 1), quoted_at: '2026-11-22T16:00:00.000Z' };
const draft = {
  ...demoQuoteRequest,
  origin_direction: { ...demoQuoteRequest.origin_direction, city: 'Jalisco, Guadalajara' },
  destination_direction: { ...demoQuoteRequest.destination_direction, city: 'Ciudad de México, Ciudad de México' },
};
const noSides = { origin: { state_code: 'JAL', saved: null }, destination: { state_code: 'CDMX', saved: null } };

function quoted(state: WizardState, quote = demoQuoteRequest): WizardState {
  return wizardReducer(state, { type: 'quoted', quote, draft, sides: noSides });
}

describe('the wizard state', () => {
  it('a saved package’s content fills an empty description and never replaces a typed one', () => {
    const filled = wizardReducer(initialWizardState('dashboard'), { type: 'suggestContent', description: 'Ropa' });
    expect(filled.addresses.description_of_the_content).toBe('Ropa');
    const typed = wizardReducer(filled, { type: 'suggestContent', description: 'Zapatos' });
    expect(typed.addresses.description_of_the_content).toBe('Ropa');
  });

  beforeEach(() => sessionStorage.clear());

  it("'Cotizar!' goes to the service step and carries the places into the address forms", () => {
    const state = quoted(initialWizardState('dashboard'));
    expect(state.step).toBe(2);
    expect(state.addresses.origin_direction).toMatchObject({
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      colony: 'Guadalajara Centro',
      state_code: 'JAL',
    });
    expect(state.addresses.destination_direction).toMatchObject({ postal_code: '06600', state_short: 'CDMX' });
  });

  it('quoting other parcels forgets the chosen service; the same quote keeps it', () => {
    const chosen = wizardReducer(quoted(initialWizardState('dashboard')), { type: 'serviceChosen', service: dhl });
    expect(chosen.step).toBe(3);
    expect(quoted(chosen).service).toEqual(dhl);
    expect(quoted(chosen, { ...demoQuoteRequest, cantidadGuias: 3 }).service).toBeNull();
  });

  it('a new postal code keeps who sends but not the street', () => {
    let state = quoted(initialWizardState('dashboard'));
    state = wizardReducer(state, {
      type: 'addresses',
      addresses: { ...state.addresses, origin_direction: { ...state.addresses.origin_direction, full_name: 'Ana López', address: 'Av. Juárez' } },
    });
    const moved = { ...draft, origin_direction: { ...draft.origin_direction, postal_code: '44130', city: 'Jalisco, Guadalajara', suburb: 'Arcos Vallarta' } };
    state = wizardReducer(state, {
      type: 'quoted',
      quote: { ...demoQuoteRequest, origin_direction: { ...demoQuoteRequest.origin_direction, postal_code: '44130' } },
      draft: moved,
      sides: noSides,
    });
    expect(state.addresses.origin_direction).toMatchObject({ full_name: 'Ana López', address: '', postal_code: '44130', colony: 'Arcos Vallarta' });
  });

  it('a saved address chosen at step 1 fills its side once; later edits survive a re-quote', () => {
    const saved = {
      id: 'loc-1',
      address: {
        ...emptyAddress('origin'),
        full_name: 'Bodega Centro',
        address: 'Av. Juárez',
        number: '100',
        colony: 'Guadalajara Centro',
        postal_code: '44100',
        city: 'Jalisco, Guadalajara',
      },
    };
    const sides = { ...noSides, origin: { state_code: 'JAL', saved } };
    // Every keystroke of step 1 is kept first, saved address included.
    let state = wizardReducer(initialWizardState('dashboard'), { type: 'quoteDraft', draft, sides });
    state = wizardReducer(state, { type: 'quoted', quote: demoQuoteRequest, draft, sides });
    expect(state.addresses.origin_direction).toMatchObject({ full_name: 'Bodega Centro', address: 'Av. Juárez', number: '100' });
    state = wizardReducer(state, {
      type: 'addresses',
      addresses: { ...state.addresses, origin_direction: { ...state.addresses.origin_direction, number: '200' } },
    });
    state = wizardReducer(state, { type: 'quoted', quote: demoQuoteRequest, draft, sides });
    expect(state.addresses.origin_direction.number).toBe('200');
  });

  it('from the home quote with a service chosen it starts at the addresses (step 2 of 3)', () => {
    expect(initialWizardState('public', { quote: demoQuoteRequest, service: dhl }).step).toBe(2);
    expect(initialWizardState('public', { quote: demoQuoteRequest, service: null }).step).toBe(1);
  });

  it('created shipments lead to the summary; deleting them all returns to the addresses', () => {
    let state = wizardReducer(quoted(initialWizardState('dashboard')), { type: 'serviceChosen', service: dhl });
    state = wizardReducer(state, { type: 'attempt', attempt: { key: 'k1', body: '{}' } });
    state = wizardReducer(state, {
      type: 'created',
      shipments: [
        { _id: 'a', numberOfOrder: 1, total_amount: 1 },
        { _id: 'b', numberOfOrder: 2, total_amount: 1 },
      ],
    });
    expect(state.step).toBe(4);
    expect(state.attempt).toBeNull();
    const partly = wizardReducer(state, { type: 'deleted', ids: ['a'] });
    expect(partly.step).toBe(4);
    expect(partly.created.map((s) => s._id)).toEqual(['b']);
    expect(wizardReducer(partly, { type: 'deleted', ids: ['b'] }).step).toBe(3);
  });

  it('a price that changed sends the user back to choose the service, with the message', () => {
    let state = wizardReducer(quoted(initialWizardState('dashboard')), { type: 'serviceChosen', service: dhl });
    state = wizardReducer(state, { type: 'chooseServiceAgain', notice: 'El precio del servicio cambió.' });
    expect(state).toMatchObject({ step: 2, service: null, notice: 'El precio del servicio cambió.' });
  });

  it('survives a reload and a new tab (kept in this browser, per person), and ignores what it cannot read', () => {
    const state = wizardReducer(quoted(initialWizardState('dashboard')), { type: 'serviceChosen', service: dhl });
    saveWizardState(state, 'ana');
    expect(localStorage.getItem(wizardStorageKey('dashboard', 'ana'))).not.toBeNull();
    expect(loadWizardState('dashboard', 'ana')).toEqual(state);
    expect(loadWizardState('public', 'ana')).toBeNull();
    // Another account signed in on the same browser never sees it.
    expect(loadWizardState('dashboard', 'beto')).toBeNull();
    localStorage.setItem(wizardStorageKey('dashboard', 'ana'), '{"version":1,"step":"x"}');
    expect(loadWizardState('dashboard', 'ana')).toBeNull();
    localStorage.setItem(wizardStorageKey('dashboard', 'ana'), 'no es json');
    expect(loadWizardState('dashboard', 'ana')).toBeNull();
    localStorage.clear();
  });

  it('a store order pre-fills the destination, content and parcel, and is kept across a reload', () => {
    const destination = {
      full_name: 'María José Hernández',
      email: 'mj@correo.mx',
      phone: '3312345678',
      address: 'Av. Juárez',
      number: '123',
      intNumber: '4',
      reference_of_origin: '',
      colony: 'Guadalajara Centro',
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      state_code: 'JAL',
      state_short: 'JAL',
      country_code: 'MX',
    };
    const state = initialWizardState('dashboard', undefined, {
      order: { id: 'pedido-1', platform: 'woocommerce', label: 'pedido #1201 de Mi Tienda', notes: [] },
      destination,
      description: '2 × Taza de talavera',
      parcels: [{ width: 12, depth: 11, height: 20, weight: 0.9 }],
    });
    expect(state.step).toBe(1);
    expect(state.quoteDraft.destination_direction).toEqual({
      country_code: 'MX',
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      suburb: 'Guadalajara Centro',
      state_short: 'JAL',
    });
    expect(state.quoteDraft.parcels).toEqual([{ width: 12, depth: 11, height: 20, weight: 0.9 }]);
    expect(state.addresses.destination_direction).toEqual(destination);
    expect(state.addresses.description_of_the_content).toBe('2 × Taza de talavera');
    saveWizardState(state, 'usuario-1');
    expect(loadWizardState('dashboard', 'usuario-1')?.order).toEqual({ id: 'pedido-1', label: 'pedido #1201 de Mi Tienda', notes: [] });
  });
});
