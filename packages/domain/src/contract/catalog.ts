import { z } from 'zod';
import { CATEGORY_KEYS } from '../codes.ts';
import {
  ZAflacQuestion,
  ZAgentGroup,
  ZGroupAgentMemberInfo,
  ZMemberRow,
  ZPlanCard,
  ZPlanDescription,
  ZPortal,
  ZPriceCard,
  ZPricingAnswer,
  ZQuestion,
  ZSaveAflacRequest,
  ZSaveAnswersRequest,
  ZStoreTempDependentRequest,
} from '../catalog.ts';
import { ZPlanFacts, ZSaveCompareRequest } from '../compare.ts';
import { endpoint } from './endpoint.ts';
import { zCategories, zEnrollmentId, zId, zLooseEnrollmentId, zMaybeEnrollment, zOptionalId } from './shop-fields.ts';

/** The catalog's endpoints (plans-and-cart.md sections 3 and 7, up to add-plan-to-cart; issue 10's comparison). */
const tags = ['catalog'] as const;
const zOptionalText = z.string().trim().max(50).optional();
const idsQuery = z.object({ agent_id: zOptionalId, group_id: zOptionalId });
const planQuery = z.object({ enrollment_id: zLooseEnrollmentId, plan_id: zId });

// ---------- plan list, menu, details (served by plans-routes.ts) ----------

export const ZFilteredPlans = z.object({ result: z.array(ZPlanCard), total: z.number() });
export const getFilteredPlans = endpoint({
  method: 'GET',
  path: '/api/v1/get-filtered-plans',
  summary: 'List the plans that fit the quote',
  tags,
  // limit and offset page the list on the server (a large catalog); without them every plan comes at once.
  query: z.object({
    enrollment_id: zEnrollmentId,
    categories: zCategories,
    limit: z.coerce.number().int().min(1).max(200).optional(),
    offset: z.coerce.number().int().min(0).max(100_000).optional(),
  }),
  response: ZFilteredPlans,
});

export const getMenuFilteredPlans = endpoint({
  method: 'GET',
  path: '/api/v1/get-menu-filtered-plans',
  summary: "List a menu category's plans",
  tags,
  query: z.object({
    category: z.enum(CATEGORY_KEYS, { error: 'Unknown category' }),
    group_id: zOptionalId,
    agent_id: zOptionalId,
    portal_id: zOptionalId,
    eprocess: zOptionalText,
    open_type: zOptionalText,
  }),
  response: z.object({ result: z.array(ZPlanCard) }),
});

export const ZFilterCategory = z.object({ key: z.string(), name: z.string(), section: z.string() });
export const getLeftSideFilterFields = endpoint({
  method: 'GET',
  path: '/api/v1/get-left-side-filter-fields',
  summary: "Get the plan list's filter fields",
  tags,
  query: z.object({ enrollment_id: zEnrollmentId }),
  response: z.object({ result: z.object({ categories: z.array(ZFilterCategory), selected: z.array(z.string()) }) }),
});

export const getPlanDescription = endpoint({
  method: 'GET',
  path: '/api/v1/get-plan-detail/:planId',
  summary: "Get a plan's description",
  tags,
  params: z.object({ planId: zId }),
  response: z.object({ result: ZPlanDescription }),
});

export const ZMembershipFee = z.object({ plan_id: z.number(), plan_name: z.string(), fee_text: z.string(), association_text: z.string() });
export const getMembershipFees = endpoint({
  method: 'GET',
  path: '/api/v1/get-plan-detail',
  summary: "Get plans' membership fee texts",
  tags,
  query: z.object({ plan_id: zOptionalId }),
  response: z.object({ result: z.array(ZMembershipFee) }),
});

export const getRelatedPlans = endpoint({
  method: 'GET',
  path: '/api/v1/get-related-plans',
  summary: 'List related plans',
  tags,
  query: z.object({ enrollment_id: zEnrollmentId.optional(), plan_id: zId }),
  response: z.object({ result: z.array(ZPlanCard) }),
});

export const getGroupAgentMemberInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-group-agent-member-info',
  summary: 'Get the group, agent and member of a quote',
  tags,
  query: z.object({ enrollment_id: zEnrollmentId.optional(), group_id: zOptionalId }),
  response: ZGroupAgentMemberInfo,
});

// ---------- pricing and the dependent popup ----------

export const getPlanPricingDetail = endpoint({
  method: 'GET',
  path: '/api/v1/get-plan-pricing-detail',
  summary: "Get a plan's pricing detail",
  tags,
  query: z.object({ pid: zId, enrollment_id: zMaybeEnrollment }),
  response: ZPricingAnswer,
});

export const getMembershipPricing = endpoint({
  method: 'GET',
  path: '/api/v1/get-plan-pricing-detail-elevate',
  summary: 'Price the Elevate membership plans of the enrollment',
  tags,
  query: z.object({ enrollment_id: zMaybeEnrollment }),
  response: z.object({ plans: z.array(ZPriceCard), association_text: z.string().nullable() }),
});

export const checkPrudentialPlan = endpoint({
  method: 'GET',
  path: '/api/v1/check-prudential-plan',
  summary: 'Check whether a plan is a Prudential plan',
  tags,
  query: planQuery,
  response: z.object({ status: z.boolean(), depdob: z.boolean() }),
});

export const checkDisabilityPlan = endpoint({
  method: 'GET',
  path: '/api/v1/check-disability-plan',
  summary: 'Check whether a plan is a disability plan',
  tags,
  query: planQuery,
  response: z.object({ status: z.boolean(), annual_incode: z.number().nullable(), working_hours: z.number().nullable() }),
});

export const ZTempDependentInfo = z.object({ spouse_dob: z.string().nullable(), no_of_children: z.number().nullable() });
export type TTempDependentInfo = z.infer<typeof ZTempDependentInfo>;
export const storeTempDependentInfo = endpoint({
  method: 'POST',
  path: '/api/v1/store-temp-dependent-info',
  summary: "Save the quote's dependents",
  tags,
  body: ZStoreTempDependentRequest,
  response: ZTempDependentInfo,
});

export const getTempDependentInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-temp-dependent-info',
  summary: "Get the quote's dependents",
  tags,
  query: z.object({ enrollment_id: zLooseEnrollmentId }),
  response: ZTempDependentInfo,
});

// ---------- questionnaires ----------

const questionsQuery = z.object({ enrollment_id: zLooseEnrollmentId, plan_id: zId, type: z.string().max(20).optional() });

export const getQuestions = endpoint({
  method: 'GET',
  path: '/api/v1/get-questions',
  summary: "Get a plan's questions",
  tags,
  query: questionsQuery,
  response: z.object({ result: z.array(ZQuestion) }),
});

export const ZSaveAnswersResult = z.object({ declined: z.boolean(), errorCode: z.string().nullable(), message: z.string() });
export const saveQuestionAnswers = endpoint({
  method: 'POST',
  path: '/api/v1/save-question-answers',
  summary: "Save the answers to a plan's questions",
  tags,
  body: ZSaveAnswersRequest,
  response: ZSaveAnswersResult,
});

export const ZAnsweredState = z.object({
  status: z.boolean(),
  required: z.boolean(),
  declined: z.boolean(),
  message: z.string().nullable(),
});
export const checkAlreadyAnswered = endpoint({
  method: 'GET',
  path: '/api/v1/check-already-answered',
  summary: "Check whether a plan's questions are answered",
  tags,
  query: questionsQuery,
  response: ZAnsweredState,
});

/** HTTP 204 when the plan has no Aflac-type questions. */
export const getAflacQuestions = endpoint({
  method: 'GET',
  path: '/api/v1/get-aflac-questions',
  summary: "Get a plan's Aflac-type questions",
  tags,
  query: z.object({ enrollment_id: zLooseEnrollmentId, plan_id: zId }),
  response: z.object({ result: z.array(ZAflacQuestion), answered: z.boolean() }),
});

export const saveAflacQuestions = endpoint({
  method: 'POST',
  path: '/api/v1/save-aflac-questions',
  summary: "Save the answers to a plan's Aflac-type questions",
  tags,
  body: ZSaveAflacRequest,
  response: z.object({ status: z.boolean() }),
});

// ---------- a rep's or group's members, groups and portals ----------

export const getAgentMembers = endpoint({
  method: 'GET',
  path: '/api/v1/get-agent-members',
  summary: "List an agent's members",
  tags,
  query: idsQuery,
  response: z.object({ result: z.array(ZMemberRow) }),
});
export const getGroupUsers = endpoint({
  method: 'GET',
  path: '/api/v1/get-group-users',
  summary: "List a group's employees",
  tags,
  query: idsQuery,
  response: z.object({ result: z.array(ZMemberRow) }),
});
export const getAgentGroups = endpoint({
  method: 'GET',
  path: '/api/v1/get-agent-groups',
  summary: "List an agent's groups",
  tags,
  query: idsQuery,
  response: z.object({ result: z.array(ZAgentGroup) }),
});
export const getEnrollmentPlatforms = endpoint({
  method: 'GET',
  path: '/api/v1/get-enrollment-platforms',
  summary: 'List enrollment platforms (portals)',
  tags,
  query: idsQuery,
  response: z.object({ result: z.array(ZPortal) }),
});

// ---------- issue 10: priced plan facts and the comparison ----------

export const ZComparison = z.object({ plan_ids: z.array(z.number()), plans: z.array(ZPlanFacts) });
export const getPlanFacts = endpoint({
  method: 'GET',
  path: '/api/v1/get-plan-facts',
  summary: "Get the plans' facts and prices for the plan list",
  tags: ['compare'],
  query: z.object({ enrollment_id: zEnrollmentId, categories: zCategories, plan_id: zId.optional() }),
  response: z.object({ result: z.array(ZPlanFacts) }),
});
export const getComparePlans = endpoint({
  method: 'GET',
  path: '/api/v1/get-compare-plans',
  summary: 'Get the plans chosen for comparison',
  tags: ['compare'],
  query: z.object({ enrollment_id: zEnrollmentId }),
  response: ZComparison,
});
export const saveComparePlans = endpoint({
  method: 'POST',
  path: '/api/v1/save-compare-plans',
  summary: 'Choose plans to compare',
  tags: ['compare'],
  body: ZSaveCompareRequest,
  response: ZComparison,
});
