import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthQuestionsResult } from '@store/domain/health';
import { ZSaveDependentsRequest, ZValidateSingleDependentRequest } from '@store/domain/dependents';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { hasPremierPlan, loadForStep, loadOpenEnrollment, tabsOf, tierOf, writeTab } from './context.ts';
import { buildDependents, dependentsForEdit, TEMP_KEY } from './dependents-service.ts';
import { recordEvent } from '../consent/service.ts';

/** Dependents (enrollment.md 2.8, 4.7): the list, validation, the temporary store and the final save. */
const dependentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const query = z.object({ enrollment_id: zEnrollmentId });

  app.get(
    '/api/v1/get-dependents-existing-user-enrollment',
    { schema: { tags: ['enrollment-dependents'], querystring: query, response: responses(z.object({ result: z.any() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      return ok({
        result: {
          dependents: dependentsForEdit(app, e),
          tier: tierOf(e),
          premier: await hasPremierPlan(app.db, e.id),
          existing_member: e.type === 'existing-member' || !!e.user_id,
        },
      });
    },
  );

  app.get(
    '/api/v1/get-form-fields-dependent-primary-info',
    { schema: { tags: ['enrollment-dependents'], querystring: query, response: responses(z.object({ result: z.any(), disclaimer: z.string() })) } },
    async (request) => {
      await loadOwnedEnrollment(request, request.query.enrollment_id);
      const field = (field_name: string, required: boolean) => ({ field_name, required, read_only: false, value: null });
      return ok({
        result: [
          field('first_name', true),
          field('middle_name', false),
          field('last_name', true),
          field('birthdate', true),
          field('gender', true),
          field('ssn', true),
          field('weight', false),
          field('height_feet', false),
          field('height_inch', false),
        ],
        disclaimer: 'Dependents must be your legal spouse or your children under age 26.',
      });
    },
  );

  app.get(
    '/api/v1/get-health-questions-dependent-info',
    { schema: { tags: ['enrollment-dependents'], querystring: query, response: responses(z.object({ result: z.any() })) } },
    async (request) => {
      await loadOwnedEnrollment(request, request.query.enrollment_id);
      return ok({ result: healthQuestionsResult() });
    },
  );

  app.post(
    '/api/v1/validate-single-dependent',
    { schema: { tags: ['enrollment-dependents'], body: ZValidateSingleDependentRequest, response: responses(z.object({ result: z.boolean() })) } },
    async (request) => {
      await loadOpenEnrollment(request, request.body.enrollment_id);
      return ok({ result: true });
    },
  );

  const save = (final: boolean) => async (request: { body: z.infer<typeof ZSaveDependentsRequest> } & Parameters<typeof loadOpenEnrollment>[0]) => {
    const { enrollment_id, dependents } = request.body;
    const result = await app.db.transaction().execute(async (trx) => {
      const e = final ? await loadForStep(request, trx, enrollment_id, 'dependent_info') : await loadOpenEnrollment(request, enrollment_id, trx, { forUpdate: true });
      const stored = buildDependents(app, e, dependents, { tier: tierOf(e), premier: await hasPremierPlan(trx, e.id), final });
      await writeTab(trx, e.id, final ? 'dependent_info' : TEMP_KEY, { ...stored }, { savedTab: final });
      if (final) await recordEvent(trx, e.id, 'step_saved', { step: 'dependent_info' }, request as never);
      if (final) {
        // The temporary list is done with once saved.
        const row = await trx.selectFrom('enrollments').select('tabs').where('id', '=', e.id).executeTakeFirstOrThrow();
        const { [TEMP_KEY]: _t, ...rest } = tabsOf(row);
        await trx.updateTable('enrollments').set({ tabs: JSON.stringify(rest) }).where('id', '=', e.id).execute();
      }
      return stored.dependents;
    });
    return ok({ result: result });
  };

  app.post(
    '/api/v1/save-dependent-info',
    { schema: { tags: ['enrollment-dependents'], body: ZSaveDependentsRequest, response: responses(z.object({ result: z.any() })) } },
    save(true),
  );
  app.post(
    '/api/v1/save-dependent-info-to-temp',
    { schema: { tags: ['enrollment-dependents'], body: ZSaveDependentsRequest, response: responses(z.object({ result: z.any() })) } },
    save(false),
  );

  /** IO tier (no dependent info): drop any dependents saved earlier. */
  app.post(
    '/api/v1/delete-dependent-in-IO',
    { schema: { tags: ['enrollment-dependents'], body: z.object({ enrollment_id: zEnrollmentId }), response: responses(z.object({ result: z.boolean() })) } },
    async (request) => {
      await app.db.transaction().execute(async (trx) => {
        const e = await loadOpenEnrollment(request, request.body.enrollment_id, trx, { forUpdate: true });
        const { dependent_info: _d, [TEMP_KEY]: _t, ...rest } = tabsOf(e);
        await trx.updateTable('enrollments').set({ tabs: JSON.stringify(rest), updated_at: new Date() }).where('id', '=', e.id).execute();
      });
      return ok({ result: true });
    },
  );
};

export default dependentsRoutes;
