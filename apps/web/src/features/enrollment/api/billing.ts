import { useQuery } from '@tanstack/react-query';
import {
  getBillDate,
  getBillingText,
  getExistingBankInfo,
  getExistingCardInfo,
  getFormFieldsBillingInfo,
  getPaymentMethod,
  routingNumberBankLookup,
  saveBillingInfo,
  saveBillingInfoExisting,
} from '@store/domain/contract/enrollment-finish';
import { call } from '../../../lib/api-client';
import type { BodyOf } from './body';
import { byFieldName } from './field-defs';
import { fetchPlanCart, fetchSavedStep, fetchSavedStepOrNull } from './saved-steps';

/**
 * Everything the billing step starts from: the enrollment's method, the bill dates, the member's saved bank accounts
 * and cards (masked), the statement texts, the contact address, the saved payment, the field definitions and what
 * will be charged.
 */
export const useBillingStep = (enrollmentId: string) =>
  useQuery({
    queryKey: ['billing', enrollmentId],
    gcTime: 0,
    queryFn: async () => {
      const q = { query: { enrollment_id: enrollmentId } };
      const [method, dates, banks, cards, text, contact, saved, fields, cart] = await Promise.all([
        call(getPaymentMethod, q),
        call(getBillDate).catch(() => null),
        call(getExistingBankInfo, q).catch(() => null),
        call(getExistingCardInfo, q).catch(() => null),
        call(getBillingText, q).catch(() => null),
        fetchSavedStep(enrollmentId, 'contact_info'),
        fetchSavedStepOrNull(enrollmentId, 'payment_info'),
        // Required fields and the default bill date, from the server.
        call(getFormFieldsBillingInfo, q),
        // What will be charged (packages/domain charges.ts), shown with the schedule of the bill date chosen.
        fetchPlanCart(enrollmentId),
      ]);
      return {
        method: method.data.result,
        billDates: (dates?.data ?? []).map((d) => d.bill_date),
        banks: banks?.data.result ?? [],
        cards: cards?.data.result ?? [],
        text: text?.data ?? null,
        contact,
        saved,
        defs: byFieldName(fields.data.result),
        charges: cart.summary,
      };
    },
  });

/** A new payment method (or the group's list/statement method). */
export const saveBilling = (body: BodyOf<typeof saveBillingInfo>) => call(saveBillingInfo, { body });
/** A payment method the member saved before. */
export const saveBillingExisting = (body: BodyOf<typeof saveBillingInfoExisting>) => call(saveBillingInfoExisting, { body });

/** The bank of a routing number (throws ApiError with the routing number's message). */
export const lookupRouting = async (routing: string) => (await call(routingNumberBankLookup, { query: { q: routing } })).data.response;
