import { useQuery } from '@tanstack/react-query';
import * as catalog from '@store/domain/contract/catalog';
import * as cart from '@store/domain/contract/cart';
import type { EndpointInput } from '@store/domain/contract/endpoint';
import { ApiError, call } from '../../../lib/api-client';
import { catalogKeys } from './keys';

/** Adding a plan: the dependent popup, the Prudential membership, the cart's add calls. */
export const useTempDependentInfo = (tempId: string | null) =>
  useQuery({
    queryKey: catalogKeys.tempDeps(tempId),
    enabled: !!tempId,
    retry: false,
    queryFn: async () => (await call(catalog.getTempDependentInfo, { query: { enrollment_id: tempId! } })).data,
  });

export const storeTempDependentInfo = (body: EndpointInput<typeof catalog.storeTempDependentInfo>['body']) =>
  call(catalog.storeTempDependentInfo, { body });

export const checkPrudentialPlan = async (tempId: string, planId: number) =>
  (await call(catalog.checkPrudentialPlan, { query: { enrollment_id: tempId, plan_id: planId } })).data;
export const fetchMembershipPricing = async (tempId: string) =>
  (await call(catalog.getMembershipPricing, { query: { enrollment_id: tempId } })).data;
export const fetchMembershipFees = async (planId: number) =>
  (await call(catalog.getMembershipFees, { query: { plan_id: planId } })).data.result;

export const checkAlreadyInCart = async (body: EndpointInput<typeof cart.checkAlreadyInCart>['body']) =>
  (await call(cart.checkAlreadyInCart, { body })).data.status;
export const addPlanToCart = async (body: EndpointInput<typeof cart.addPlanToCart>['body']) => call(cart.addPlanToCart, { body });
export const addPlanToCartPrudentials = async (body: EndpointInput<typeof cart.addPlanToCartPrudentials>['body']) =>
  call(cart.addPlanToCartPrudentials, { body });

/** The wire's error code of a refused add (blackoutError, alreadyActiveError, alreadyInCart …). */
export const errorCodeOf = (err: unknown) => (err instanceof ApiError ? (err.fieldErrors[0]?.target_element ?? null) : null);
