/**
 * The catalog's rules and messages without zod (the plan list and a plan's page load them first;
 * docs/decisions/0910-inner-pages-first-paint.md); catalog.ts re-exports them beside the wire schemas.
 */
import { usDateProblem } from './dates.ts';
import { TEXT } from './texts.ts';

/** Add-to-cart errors beyond a 422: the blackout and already-active codes. */
export const CART_ADD_ERRORS = { blackout: 'blackoutError', alreadyActive: 'alreadyActiveError', duplicate: 'alreadyInCart' } as const;
export const ALREADY_IN_CART_MESSAGE = 'This plan is already in your cart.';
export const alreadyActiveMessage = (planName: string) => `You already have ${planName} active. It cannot be added again.`;

/** Dependent popup: spouse date of birth for IS/IF, number of children for IC/IF. */
export function dependentPopupProblems(
  tier: string | null | undefined,
  v: { dep_dob?: string | null; no_of_children?: string | number | null },
) {
  const errors: { target_element: string; error_message: string }[] = [];
  if (tier === 'IS' || tier === 'IF') {
    const problem = usDateProblem(v.dep_dob ?? '', { noFuture: true });
    if (problem) errors.push({ target_element: 'dep_dob', error_message: problem });
  }
  if (tier === 'IC' || tier === 'IF' || tier === 'IC3') {
    const n = Number(v.no_of_children);
    const max = tier === 'IF' ? 8 : 9;
    if (!v.no_of_children || !Number.isInteger(n) || n < 1 || n > max)
      errors.push({ target_element: 'no_of_children', error_message: TEXT.FIELD_REQUIRED });
  }
  return errors;
}
