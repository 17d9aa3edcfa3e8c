import { AUTHENTICATION_TEXT } from '@store/domain/billing';
import { getFirstPaymentAuthentication } from '@store/domain/contract/enrollment-finish';
import { ApiError, call } from '../../../../lib/api-client';

/** The completion was refused because the card's bank asks its holder to confirm the first payment (decision 2821). */
export const asksForAuthentication = (err: unknown) =>
  err instanceof ApiError &&
  err.status === 422 &&
  err.fieldErrors.some((f) => f.target_element === 'card_number' && f.error_message === AUTHENTICATION_TEXT.NEEDED);

/**
 * Sends the completion; when the card's bank asks for its holder's confirmation (3-D Secure at the first payment), has
 * Stripe.js show the bank's check and sends the same completion again, which the store completes once Stripe says the
 * payment is made. Stripe.js loads only then (the lazy stripe-card-fields chunk).
 */
export async function withFirstPaymentAuthentication<T>(
  enrollmentId: string,
  lang: string,
  notLoaded: string,
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (!asksForAuthentication(err)) throw err;
    const a = (await call(getFirstPaymentAuthentication, { query: { enrollment_id: enrollmentId } })).data;
    if (a.status === 'requires_action') {
      const { confirmWithStripe } = await import('../../../../components/payment/stripe-card-fields');
      await confirmWithStripe(a, lang, notLoaded);
    }
    return send();
  }
}
