import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  changeLifeEventCoverage,
  changeLifeEventPlan,
  getLifeEventPlanOptions,
  previewLifeEventChange,
  decideLifeEvent,
  getAdminLifeEvents,
  getGroupLifeEvents,
  getLifeEventDocument,
  getMemberLifeEvents,
  getLifeEventSettings,
  getRepLifeEvents,
  reportClientLifeEvent,
  saveLifeEventSettings,
  reportMemberLifeEvent,
  uploadLifeEventDocument,
} from '@store/domain/contract/life-events';
import { LIFE_EVENT_MAX_DOCUMENT_BYTES, LIFE_EVENT_TEXT } from '@store/domain/life-events';
import { LIFE_EVENT_PLAN_TEXT } from '@store/domain/life-event-plans';
import { LIFE_EVENT_SETTINGS_TEXT } from '@store/domain/life-event-settings';
import type { FeatureOptions } from '../../lib/deps.ts';
import { requireAccount, requireFreshSecondFactor } from '../../lib/access.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { changeCoverage, previewChange } from './change-service.ts';
import { changePlan, planOptions } from './plan-change-service.ts';
import { lifeEventSettings, saveLifeEventSetting } from './settings-service.ts';
import { DOCUMENT_PURGE_KIND, documentPurgeJob, ensureDocumentPurgeJob } from './purge-job.ts';
import {
  bookEvents,
  decideEvent,
  eventDocument,
  isRepsClient,
  memberView,
  operatorEvents,
  reportEvent,
  uploadDocument,
} from './service.ts';

/** The signed-in member only: anonymous 401, any other role 403; another member's event answers 404. */
function requireMember(request: FastifyRequest) {
  const a = requireAccount(request);
  if (a.role !== 'member' || a.user_id === null) throw forbidden();
  return { who: { accountId: a.id, rep: false }, userId: a.user_id };
}

/** The operator: anonymous 401, any other role 403. */
function requireOperator(request: FastifyRequest) {
  const a = requireAccount(request);
  if (a.role !== 'operator') throw forbidden();
  return a;
}

/** A data URL of 10 MB is about 13.4 MB of text. */
const DOCUMENT_BODY_LIMIT = Math.ceil((LIFE_EVENT_MAX_DOCUMENT_BYTES * 4) / 3) + 64 * 1024;

/**
 * Life events (issue 38, decision 2550): the member reports and changes their own coverage; their rep reports on the
 * member's behalf and sees their clients' events; the group administrator sees their employees' events (statuses,
 * never documents); the operator reviews the proof.
 */
const lifeEventRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  deps.jobs.handle(DOCUMENT_PURGE_KIND, (trx, job) => documentPurgeJob(deps, trx, job));
  app.addHook('onReady', async () => {
    await ensureDocumentPurgeJob(deps);
  });
  route(app, getMemberLifeEvents, async (request) => ok(await memberView(deps.db, requireMember(request).userId)));
  route(app, reportMemberLifeEvent, async (request) => {
    const { who, userId } = requireMember(request);
    return ok(await reportEvent(deps, who, userId, request.body), LIFE_EVENT_TEXT.REPORTED);
  });
  route(
    app,
    uploadLifeEventDocument,
    async (request) => {
      const { who, userId } = requireMember(request);
      return ok(await uploadDocument(deps, who, userId, request.params.id, request.body.data_url), LIFE_EVENT_TEXT.DOCUMENT_RECEIVED);
    },
    { bodyLimit: DOCUMENT_BODY_LIMIT },
  );
  route(app, changeLifeEventCoverage, async (request) => {
    const { who, userId } = requireMember(request);
    return ok(await changeCoverage(deps, who, userId, request.params.id, request.body), LIFE_EVENT_TEXT.CHANGED);
  });
  route(app, previewLifeEventChange, async (request) =>
    ok(await previewChange(deps, requireMember(request).userId, request.params.id, request.body)),
  );
  route(app, getLifeEventPlanOptions, async (request) => ok(await planOptions(deps, requireMember(request).userId, request.params.id)));
  route(app, changeLifeEventPlan, async (request) => {
    const { who, userId } = requireMember(request);
    return ok(await changePlan(deps, who, userId, request.params.id, request.body), LIFE_EVENT_PLAN_TEXT.CHANGED);
  });

  route(app, reportClientLifeEvent, async (request) => {
    const a = requireAccount(request, ['rep']);
    if (a.agent_id === null || !(await isRepsClient(deps.db, a.agent_id, request.body.user_id))) throw notFound();
    const { user_id, ...event } = request.body;
    return ok(await reportEvent(deps, { accountId: a.id, rep: true }, user_id, event), LIFE_EVENT_TEXT.REPORTED);
  });
  route(app, getRepLifeEvents, async (request) => {
    const a = requireAccount(request, ['rep']);
    if (a.agent_id === null) throw forbidden();
    return ok(await bookEvents(deps.db, { agentId: a.agent_id }));
  });
  route(app, getGroupLifeEvents, async (request) => {
    const a = requireAccount(request, ['group']);
    if (a.group_id === null) throw forbidden();
    return ok(await bookEvents(deps.db, { groupId: a.group_id }));
  });

  // Decision 2724: each event type's window and proof retention (anonymous 401, another role 403); a change needs
  // the operator's second factor within 5 minutes.
  route(app, getLifeEventSettings, async (request) => {
    requireOperator(request);
    return ok(await lifeEventSettings(deps.db));
  });
  route(app, saveLifeEventSettings, async (request) => {
    const a = requireOperator(request);
    requireFreshSecondFactor(request);
    return ok(await saveLifeEventSetting(deps, a.id, request.params.event_type, request.body), LIFE_EVENT_SETTINGS_TEXT.SAVED);
  });

  // The operator's review (anonymous 401, another signed-in role 403, as the settings above).
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      requireOperator(request);
    });
    route(admin, getAdminLifeEvents, async () => ok(await operatorEvents(deps.db)));
    route(admin, decideLifeEvent, async (request) => {
      const a = requireOperator(request);
      return ok(await decideEvent(deps, a.id, request.params.id, request.body), LIFE_EVENT_TEXT.DECIDED);
    });
    route(admin, getLifeEventDocument, async (request, reply) => {
      const d = await eventDocument(deps, request.params.id);
      reply.headers({ 'cache-control': 'private, no-store', 'content-disposition': 'inline', 'x-content-type-options': 'nosniff' });
      return reply.type(d.type).send(d.bytes);
    });
  });
};
export default lifeEventRoutes;
