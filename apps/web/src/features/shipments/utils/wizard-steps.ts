import { WIZARD_MAX_STEP } from '@envios/contracts/shipments';

/**
 * The wizard's step counter: it goes up only while below 6 and down only while
 * above 1. Steps 5 and 6 are never shown, so each variant also stops at its own last step.
 */
export type StepAction = { type: 'next'; last?: number } | { type: 'previous' } | { type: 'go'; step: number; last?: number };

export const WIZARD_FIRST_STEP = 1;

export function stepReducer(step: number, action: StepAction): number {
  const ceiling = Math.min(WIZARD_MAX_STEP, 'last' in action && action.last !== undefined ? action.last : WIZARD_MAX_STEP);
  switch (action.type) {
    case 'next':
      return step < ceiling ? step + 1 : step;
    case 'previous':
      return step > WIZARD_FIRST_STEP ? step - 1 : step;
    case 'go':
      return Number.isInteger(action.step) && action.step >= WIZARD_FIRST_STEP && action.step <= ceiling ? action.step : step;
  }
}

/** What each screen of a variant is; its position (1-based) is the step number. */
export type StepKind = 'quote' | 'service' | 'addresses' | 'summary';
export type WizardVariant = 'dashboard' | 'public';

export const WIZARD_STEPS: Record<WizardVariant, readonly StepKind[]> = {
  // Four steps in the dashboard, three from the home quote.
  dashboard: ['quote', 'service', 'addresses', 'summary'],
  public: ['service', 'addresses', 'summary'],
};

export function stepOf(variant: WizardVariant, kind: StepKind): number {
  return WIZARD_STEPS[variant].indexOf(kind) + 1;
}

export function kindOf(variant: WizardVariant, step: number): StepKind {
  const steps = WIZARD_STEPS[variant];
  return steps[Math.min(Math.max(step, 1), steps.length) - 1]!;
}
