import { z } from 'zod';
import { CATEGORY_KEYS } from '../codes.ts';
import { ZPageQuery, page } from '../admin.ts';
import { ZPlanCreate, ZPlanDetail, ZPlanForm, ZPlanSummary, ZQuestionForm } from '../admin-plans.ts';
import { ZRateCsv, ZRateOut, ZRateTable, ZSampleQuote, ZSampleQuoteResult } from '../admin-rates.ts';
import { endpoint } from './endpoint.ts';
import { ZIdParams, zId } from './params.ts';

/** A question of a plan's questionnaire as the console shows it. */
export const ZQuestion = ZQuestionForm.extend({ question_id: z.number(), plan_id: z.number(), decline_message: z.string().nullable() });
export type TQuestion = z.infer<typeof ZQuestion>;
const ZQuestionParams = z.object({ qid: zId });

/** The console's catalog: plans, rate tables, sample quotes and questionnaires. */
export const listPlans = endpoint({
  method: 'GET',
  path: '/api/admin/plans',
  summary: 'List plans',
  tags: ['admin'],
  query: ZPageQuery.extend({
    category: z
      .enum(CATEGORY_KEYS)
      .optional()
      .or(z.literal('').transform(() => undefined)),
  }),
  response: page(ZPlanSummary),
});
export const getPlan = endpoint({
  method: 'GET',
  path: '/api/admin/plans/:id',
  summary: 'Get a plan with its rules and content',
  tags: ['admin'],
  params: ZIdParams,
  response: ZPlanDetail,
});
export const createPlan = endpoint({
  method: 'POST',
  path: '/api/admin/plans',
  summary: 'Create a plan',
  tags: ['admin'],
  body: ZPlanCreate,
  response: ZPlanDetail,
});
export const updatePlan = endpoint({
  method: 'PUT',
  path: '/api/admin/plans/:id',
  summary: 'Update a plan',
  tags: ['admin'],
  params: ZIdParams,
  body: ZPlanForm,
  response: ZPlanDetail,
});

export const listRates = endpoint({
  method: 'GET',
  path: '/api/admin/plans/:id/rates',
  summary: "Get a plan's rate table",
  tags: ['admin'],
  params: ZIdParams,
  response: z.array(ZRateOut),
});
export const replaceRates = endpoint({
  method: 'PUT',
  path: '/api/admin/plans/:id/rates',
  summary: "Replace a plan's rate table",
  tags: ['admin'],
  params: ZIdParams,
  body: ZRateTable,
  response: z.array(ZRateOut),
});
export const importRatesCsv = endpoint({
  method: 'POST',
  path: '/api/admin/plans/:id/rates/csv',
  summary: "Import a plan's rate table from CSV",
  tags: ['admin'],
  params: ZIdParams,
  body: ZRateCsv,
  response: z.array(ZRateOut),
});
export const sampleQuote = endpoint({
  method: 'GET',
  path: '/api/admin/plans/:id/sample-quote',
  summary: 'Price a plan for a sample person',
  tags: ['admin'],
  params: ZIdParams,
  query: ZSampleQuote,
  response: ZSampleQuoteResult,
});

export const listQuestions = endpoint({
  method: 'GET',
  path: '/api/admin/plans/:id/questions',
  summary: "List a plan's questionnaire questions",
  tags: ['admin'],
  params: ZIdParams,
  response: z.array(ZQuestion),
});
export const createQuestion = endpoint({
  method: 'POST',
  path: '/api/admin/plans/:id/questions',
  summary: "Add a question to a plan's questionnaire",
  tags: ['admin'],
  params: ZIdParams,
  body: ZQuestionForm,
  response: ZQuestion,
});
export const updateQuestion = endpoint({
  method: 'PUT',
  path: '/api/admin/questions/:qid',
  summary: 'Update a questionnaire question',
  tags: ['admin'],
  params: ZQuestionParams,
  body: ZQuestionForm,
  response: ZQuestion,
});
export const deleteQuestion = endpoint({
  method: 'POST',
  path: '/api/admin/questions/:qid/delete',
  summary: 'Delete a questionnaire question',
  tags: ['admin'],
  params: ZQuestionParams,
  response: z.object({ question_id: z.number() }),
});
