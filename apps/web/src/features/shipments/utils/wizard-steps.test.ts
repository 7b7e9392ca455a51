import { describe, expect, it } from 'vitest';
import { WIZARD_MAX_STEP } from '@envios/contracts/shipments';
import { kindOf, stepOf, stepReducer } from './wizard-steps';

describe('the wizard step counter', () => {
  it('goes up one step at a time while below 6, and no further', () => {
    expect(stepReducer(1, { type: 'next' })).toBe(2);
    expect(stepReducer(5, { type: 'next' })).toBe(6);
    expect(stepReducer(WIZARD_MAX_STEP, { type: 'next' })).toBe(6);
  });

  it('goes down one step at a time while above 1, and never below', () => {
    expect(stepReducer(3, { type: 'previous' })).toBe(2);
    expect(stepReducer(1, { type: 'previous' })).toBe(1);
  });

  it("stops at a variant's last step even though the counter allows 6", () => {
    expect(stepReducer(4, { type: 'next', last: 4 })).toBe(4);
    expect(stepReducer(3, { type: 'next', last: 4 })).toBe(4);
    // A larger "last" never lifts the spec's ceiling.
    expect(stepReducer(6, { type: 'next', last: 9 })).toBe(6);
  });

  it('jumps only to a whole step within 1 and the last one', () => {
    expect(stepReducer(4, { type: 'go', step: 2, last: 4 })).toBe(2);
    expect(stepReducer(2, { type: 'go', step: 0 })).toBe(2);
    expect(stepReducer(2, { type: 'go', step: 7 })).toBe(2);
    expect(stepReducer(2, { type: 'go', step: 5, last: 4 })).toBe(2);
    expect(stepReducer(2, { type: 'go', step: 1.5 })).toBe(2);
  });

  it('numbers the screens of each variant: four in the dashboard, three from the home quote', () => {
    expect([1, 2, 3, 4].map((s) => kindOf('dashboard', s))).toEqual(['quote', 'service', 'addresses', 'summary']);
    expect([1, 2, 3].map((s) => kindOf('public', s))).toEqual(['service', 'addresses', 'summary']);
    expect(stepOf('public', 'addresses')).toBe(2);
    expect(stepOf('dashboard', 'summary')).toBe(4);
  });
});
