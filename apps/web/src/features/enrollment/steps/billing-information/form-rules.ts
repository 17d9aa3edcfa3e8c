import type { Resolver } from 'react-hook-form';
import { ZBankFields, ZCardFields, ZCardHolderFields } from '@store/domain/billing';
import { toFieldErrors } from '@store/domain/validation';
import type { Values } from './bank-fields';

type Obj = Record<string, unknown>;

/** The billing step's form rules: which fields a new card or account sends, and what the browser checks before sending. */
export interface BillingContext {
  type: 'cc' | 'eft' | null;
  existing: string;
  physical: boolean;
  /** Stripe's mode: the card's number, expiry and code are Stripe's Payment Element's, not the form's. */
  stripe: boolean;
}

/** A new card's or account's fields as sent: the schema's own fields, empty ones left out. */
export function picked(type: 'cc' | 'eft', v: Values, physical: boolean, stripe = false): Obj {
  const schema = type === 'eft' ? ZBankFields : stripe ? ZCardHolderFields : ZCardFields;
  const values: Obj = Object.fromEntries(
    Object.entries({ ...v, is_physical_address: physical ? 'yes' : 'no' }).filter(([, x]) => x !== '' && x !== undefined),
  );
  return Object.fromEntries(
    Object.keys(schema.shape)
      .filter((k) => k in values)
      .map((k) => [k, values[k]]),
  );
}

/**
 * Only a new card or account is checked in the browser (ZCardFields / ZBankFields); a saved one or no method is the
 * server's to check. A card or bank payment needs its authorization accepted (ZAuthorizationAccepted).
 */
export const billingResolver: Resolver<Values, BillingContext> = async (values, context) => {
  if (!context?.type) return { values, errors: {} };
  const issues = [];
  if (context.existing === 'new') {
    const schema = context.type === 'eft' ? ZBankFields : context.stripe ? ZCardHolderFields : ZCardFields;
    const parsed = schema.safeParse(picked(context.type, values, context.physical, context.stripe));
    if (!parsed.success) issues.push(...parsed.error.issues);
  }
  const { authorizationIssues } = await import('../../consent/billing-authorization');
  issues.push(...authorizationIssues(values));
  if (!issues.length) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(toFieldErrors(issues).map((e) => [e.target_element, { type: 'validate', message: e.error_message }])),
  };
};
