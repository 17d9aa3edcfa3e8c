import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type sanitizeHtml from 'sanitize-html';
import { CATEGORIES } from '@store/domain/codes';
import { US_STATES } from '@store/domain/states';
import { TEXT } from '@store/domain/texts';
import {
  AGENT_REGISTRATION_THANKS,
  ZAgentRegistrationQuery,
  ZAgentValidation,
  ZAssistAdd,
  ZAssistAnswer,
  ZAssistGet,
  ZDeviceId,
  ZGroupValidation,
  ZMenuQuery,
  ZPlanCard,
  ZReferralInfo,
  ZValidateAgentQuery,
  ZValidateGroupQuery,
  ZWebUrl,
} from '@store/domain/storefront';
import { noContent, ok, okSchema, responses, zEnrollmentId, zOptionalId } from '../../lib/http.ts';
import { ReadyJson } from '../../lib/ready-json.ts';
import { fieldError, HttpError } from '../../lib/errors.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { memoizedSanitizer } from '../../lib/sanitize-html.ts';
import { timingSafeEqualText } from '../../lib/crypto.ts';
import * as repo from './repository.ts';

/** Access-code guessing is slowed: per address and per code, in a 10-minute window. */
export const CODE_LIMITS = { perIp: 30, perCode: 10, windowMs: 10 * 60_000 } as const;
const TOO_MANY = 'Too many attempts. Please try again later.';

const SHORT_TEXT_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'ul', 'ol', 'li', 'span', 'small'],
  allowedAttributes: {},
};
const sanitizeShortText = memoizedSanitizer(SHORT_TEXT_HTML);

const mediaUrl = (logo: string | null) => (!logo ? null : /^(\/|https?:)/.test(logo) ? logo : `/media/${logo}`);

/** A GET that records something still needs our own page's CSRF token. */
function requireCsrf(request: FastifyRequest) {
  const sent = request.headers['x-csrf-token'];
  const expected = request.cookies.csrf;
  if (typeof sent !== 'string' || !expected || !timingSafeEqualText(sent, expected)) throw new HttpError(403, 'Missing or invalid CSRF token');
}

const numOrNull = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null;
};

/** The storefront calls of storefront.md section 7 (menus, featured plans, access codes, referral, leads, chat). */
const storefrontRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitCode = async (request: FastifyRequest, kind: string, code: string) => {
    await app.rateLimiter.enforce(`${kind}:ip:${request.ip}`, CODE_LIMITS.perIp, CODE_LIMITS.windowMs, TOO_MANY);
    await app.rateLimiter.enforce(`${kind}:code:${code.toUpperCase()}`, CODE_LIMITS.perCode, CODE_LIMITS.windowMs, TOO_MANY);
  };

  const menuKeys = async () => {
    // From the catalog's in-process cache, dropped when plans change (lib/cache.ts).
    const active = await app.catalogCache.get('menu-categories', () => repo.activeCategories(app.db));
    return CATEGORIES.filter((c) => active.has(c.key)).map((c) => c.key);
  };

  // The common menu is the same for everyone until the catalog changes: kept as ready bytes beside it.
  const ZMenuOk = okSchema(z.array(z.string()));
  const menuJson = async (): Promise<ReadyJson> =>
    app.catalogCache.settled<ReadyJson>('menu-json')?.value ??
    app.catalogCache.get('menu-json', async () => new ReadyJson(JSON.stringify(ZMenuOk.parse(ok(await menuKeys())))));

  app.get(
    '/api/v1/get-common-menu',
    { schema: { tags: ['storefront'], querystring: ZMenuQuery, response: responses(z.array(z.string())) } },
    async (request, reply) => (await menuJson()).send(request, reply) as never,
  );

  app.get(
    '/api/v1/get-group-menu',
    { schema: { tags: ['storefront'], querystring: z.object({ group_id: zOptionalId, from_site: z.string().max(40).optional() }), response: responses(z.array(z.string())) } },
    async (request, reply) => {
      if (request.query.group_id) {
        const g = await app.db.selectFrom('groups').select('group_id').where('group_id', '=', request.query.group_id).where('active', '=', true).executeTakeFirst();
        if (!g) return noContent(reply);
      }
      return ok(await menuKeys());
    },
  );

  app.get(
    '/api/v1/get-featured-plans',
    { schema: { tags: ['storefront'], querystring: ZMenuQuery, response: responses(z.array(ZPlanCard)) } },
    async (request) => {
      const portal = numOrNull(request.query.portal_id);
      const plans = await repo.featuredPlans(app.db);
      return ok(
        plans
          .filter((p) => {
            const portals = (p.rules as { portals?: number[] }).portals;
            return !portals || (portal !== null && portals.includes(portal));
          })
          .map((p) => ({
            plan_id: p.plan_id,
            plan_name: p.plan_name,
            plan_logo: mediaUrl(p.plan_logo),
            plan_short_text: sanitizeShortText(p.plan_short_text ?? ''),
            category: p.category,
            plan_group: p.plan_group,
          })),
      );
    },
  );

  app.get(
    '/api/v1/validate-agent',
    { schema: { tags: ['storefront'], querystring: ZValidateAgentQuery, response: responses(ZAgentValidation) } },
    async (request, reply) => {
      const code = request.query.agent_code;
      await limitCode(request, 'validate-agent', code);
      const a = await repo.findAgentByCode(app.db, code);
      if (!a) return noContent(reply);
      return ok(a);
    },
  );

  app.get(
    '/api/v1/validate-group',
    { schema: { tags: ['storefront'], querystring: ZValidateGroupQuery, response: responses(ZGroupValidation) } },
    async (request, reply) => {
      const code = request.query.group_code;
      await limitCode(request, 'validate-group', code);
      const g = await repo.findGroupByCode(app.db, code);
      if (!g) return noContent(reply);
      return ok({ group_id: g.group_id, name: g.display_name ?? g.gname, gcode: g.gcode, landing_url: g.landing_url });
    },
  );

  app.get(
    '/api/v1/get-enrollment-info-referral',
    { schema: { tags: ['storefront'], querystring: z.object({ referral_id: z.string().trim().min(1, TEXT.FIELD_REQUIRED).max(64) }), response: responses(ZReferralInfo) } },
    async (request) => {
      const id = request.query.referral_id;
      const r = await repo.findReferral(app.db, id);
      if (!r || !r.valid) {
        return ok({ referral_id: id, agent_id: null, group_id: null, portal_id: null, valid_referral_link: false, referrer_info: null });
      }
      let referrer: { name: string; email: string | null; phone: string | null } | null = null;
      if (r.agent_id) {
        const a = await app.db.selectFrom('agents').select(['first_name', 'last_name', 'display_name', 'display_email', 'email', 'display_phone', 'phone']).where('agent_id', '=', r.agent_id).executeTakeFirst();
        if (a) referrer = { name: a.display_name ?? `${a.first_name} ${a.last_name}`, email: a.display_email ?? a.email, phone: a.display_phone ?? a.phone };
      } else if (r.group_id) {
        const g = await app.db.selectFrom('groups').select(['gname', 'display_name', 'display_email', 'display_phone']).where('group_id', '=', r.group_id).executeTakeFirst();
        if (g) referrer = { name: g.display_name ?? g.gname, email: g.display_email, phone: g.display_phone };
      }
      return ok({ referral_id: r.referral_id, agent_id: r.agent_id, group_id: r.group_id, portal_id: r.portal_id, valid_referral_link: true, referrer_info: referrer });
    },
  );

  app.post(
    '/api/v2/agent-registration-query',
    { schema: { tags: ['storefront'], body: ZAgentRegistrationQuery, response: responses(z.null()) } },
    async (request) => {
      const body = request.body;
      const state = body.state.toUpperCase();
      if (!US_STATES.some((s) => s.abbrev === state)) throw fieldError('state', TEXT.FIELD_REQUIRED);
      await app.rateLimiter.enforce(`agent-registration:ip:${request.ip}`, 10, 60 * 60_000, TOO_MANY);
      await app.db.transaction().execute(async (trx) => {
        await repo.insertSignupQuery(trx, { name: body.name, state, phone: body.phone, email: body.email.toLowerCase() });
      });
      return ok(null, AGENT_REGISTRATION_THANKS);
    },
  );

  const ZLeadQuery = z.object({
    device_id: ZDeviceId,
    web_url: ZWebUrl,
    agent_id: z.string().max(20).optional(),
    group_id: z.string().max(20).optional(),
    store_information: z.string().max(2).optional(),
  });

  app.get(
    '/api/v1/check-lead-information',
    { schema: { tags: ['storefront'], querystring: ZLeadQuery, response: { 200: z.object({ status: z.literal('success'), statusCode: z.number(), data: z.object({ recorded: z.boolean() }) }) } } },
    async (request) => {
      const lead = await repo.findLead(app.db, request.query.device_id);
      return { status: 'success' as const, statusCode: lead ? 200 : 204, data: { recorded: !!lead } };
    },
  );

  app.get(
    '/api/v1/get-lead-information',
    { schema: { tags: ['storefront'], querystring: ZLeadQuery, response: responses(z.object({ recorded: z.boolean() })) } },
    async (request) => {
      const q = request.query;
      if (q.store_information !== '1') return ok({ recorded: !!(await repo.findLead(app.db, q.device_id)) });
      requireCsrf(request);
      await app.rateLimiter.enforce(`lead:ip:${request.ip}`, 60, 60 * 60_000, TOO_MANY);
      await repo.upsertLead(app.db, { device_id: q.device_id, web_url: q.web_url ?? null, agent_id: numOrNull(q.agent_id), group_id: numOrNull(q.group_id) });
      return ok({ recorded: true });
    },
  );

  app.post(
    '/api/v1/decrypt-detail',
    { schema: { tags: ['storefront'], body: z.object({ agentId: z.union([z.string().max(40), z.number()]) }), response: responses(z.array(z.object({ agentId: z.number(), agent_code: z.string(), display_name: z.string().nullable() }))) } },
    async (request, reply) => {
      const id = numOrNull(request.body.agentId);
      if (!id) return noContent(reply);
      const a = await app.db.selectFrom('agents').select(['agent_id', 'agent_code', 'display_name']).where('agent_id', '=', id).where('active', '=', true).executeTakeFirst();
      if (!a) return noContent(reply);
      return ok([{ agentId: a.agent_id, agent_code: a.agent_code, display_name: a.display_name }]);
    },
  );

  app.get(
    '/api/v1/assist/get',
    { schema: { tags: ['storefront'], querystring: z.object({ device_id: ZDeviceId, agent_id: z.string().max(20).optional(), web_url: ZWebUrl }), response: responses(ZAssistGet) } },
    async (request) => {
      const [questions, answers] = await Promise.all([repo.chatQuestions(app.db), repo.chatAnswers(app.db, request.query.device_id)]);
      const answered = new Set(answers.map((a) => a.question_id));
      const next = questions.find((q) => !answered.has(q.id)) ?? null;
      return ok({
        question: next,
        answer: answers.map((a) => ({ id: a.id, question_id: a.question_id, answer: a.answer, assistant_question: { question: a.question } })),
      });
    },
  );

  app.post(
    '/api/v1/assist/add',
    { schema: { tags: ['storefront'], body: ZAssistAdd, response: responses(ZAssistAnswer) } },
    async (request) => {
      const b = request.body;
      await app.rateLimiter.enforce(`assist:ip:${request.ip}`, 120, 60 * 60_000, TOO_MANY);
      const question = await app.db.selectFrom('storefront_assist_questions').select(['id', 'question']).where('id', '=', b.question_id).where('active', '=', true).executeTakeFirst();
      if (!question) throw fieldError('question_id', 'This question is no longer asked.');
      const saved = await app.db.transaction().execute((trx) =>
        repo.saveChatAnswer(trx, { device_id: b.device_id, agent_id: numOrNull(b.agent_id), question_id: b.question_id, answer: b.answer, web_url: b.web_url ?? null }),
      );
      return ok({ ...saved, assistant_question: { question: question.question } });
    },
  );

  app.post(
    '/api/v1/track-elevate-traffic',
    { schema: { tags: ['storefront'], body: z.object({ enrollment_id: zEnrollmentId }), response: responses(z.null()) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.body.enrollment_id);
      await app.db.transaction().execute((trx) => trx.insertInto('storefront_traffic').values({ enrollment_id: e.id, source: 'elevate' }).execute());
      return ok(null);
    },
  );
};
export default storefrontRoutes;
