import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGREEMENT_TEXTS, TYPED_NAME_REQUIRED, verificationMode, ZSaveAgreementRequest, type AgreementFormFields, type SignatureMethod } from '@store/domain/agreement';
import { TEXT } from '@store/domain/texts';
import { isoToUs, todayIso } from '@store/domain/dates';
import type { Enrollment } from '../../db/schema.ts';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldErrors } from '../../lib/errors.ts';
import { loadForStep, openSealed, readTab, writeTab, type Db } from './context.ts';
import { inEnrollmentTabs } from '../../db/sealed-columns.ts';
import { assertEsignConsent, recordAgreement } from '../consent/esign.ts';
import { assertPaymentAuthorized } from '../consent/authorization.ts';

/**
 * The legal record of a new signature, the same whichever way it was made: how (drawn or typed), the typed name and
 * when; sealed beside the image's media id, from which address and browser.
 */
interface SignatureRecord {
  method: SignatureMethod;
  typed_name: string | null;
  signed_at: string;
}
interface SealedSignature {
  signature_media_id?: string;
  signed_ip?: string;
  signed_user_agent?: string;
}

/** Agreement & Signature (enrollment.md 2.10, 4.9): texts, verification fields, the signature (PNG in media), drawn or typed. */
const agreementRoutes: FastifyPluginAsyncZod = async (app) => {
  const query = z.object({ enrollment_id: zEnrollmentId });

  async function formFields(db: Db, e: Enrollment): Promise<AgreementFormFields> {
    const personal = readTab<Record<string, unknown>>(e, 'primary_info') ?? {};
    const agent = e.agent_id ? await db.selectFrom('agents').select(['first_name', 'last_name', 'agent_code']).where('agent_id', '=', e.agent_id).executeTakeFirst() : undefined;
    const group = e.group_id ? await db.selectFrom('groups').select(['gname', 'gcode']).where('group_id', '=', e.group_id).executeTakeFirst() : undefined;
    const ro = (value: string | null, required: boolean) => ({ value, required, read_only: true });
    const userName = `${personal.first_name ?? ''} ${personal.last_name ?? ''}`.trim();
    return {
      question_id: { value: null, required: false, read_only: true },
      question: { value: null, required: false, read_only: true },
      answer: { value: null, required: false, read_only: false },
      verification_code: ro(null, false),
      date: ro(isoToUs(todayIso()), true),
      agent_name: ro(agent ? `${agent.first_name} ${agent.last_name}` : null, e.eprocess === 'rep'),
      agent_code: ro(agent?.agent_code ?? null, false),
      group_name: ro(group?.gname ?? null, e.eprocess === 'group'),
      group_code: ro(group?.gcode ?? null, false),
      user_name: ro(userName || null, e.eprocess === 'applicant'),
      signature: { value: null, required: true, read_only: false },
    };
  }

  app.get(
    '/api/v1/get-agreement-texts',
    { schema: { tags: ['enrollment-agreement'], querystring: query, response: responses(z.array(z.object({ text_head: z.string(), text_body: z.string(), text_required: z.boolean() }))) } },
    async (request) => {
      await loadOwnedEnrollment(request, request.query.enrollment_id);
      return ok(AGREEMENT_TEXTS);
    },
  );

  app.get(
    '/api/v1/get-form-fields-agreement-info',
    { schema: { tags: ['enrollment-agreement'], querystring: query, response: responses(z.object({ result: z.any(), mode: z.string(), signed: z.boolean() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const fields = await formFields(app.db, e);
      const saved = readTab<Record<string, unknown>>(e, 'aggrement_info');
      return ok({ result: fields, mode: verificationMode(fields), signed: !!saved?.signed });
    },
  );

  app.post(
    '/api/v1/save-agreement-info',
    { schema: { tags: ['enrollment-agreement'], body: ZSaveAgreementRequest, response: responses(z.object({ result: z.boolean() })) } },
    async (request) => {
      const body = request.body;
      await app.db.transaction().execute(async (trx) => {
        const e = await loadForStep(request, trx, body.enrollment_id, 'agreement_info');
        const fields = await formFields(trx, e);
        const mode = verificationMode(fields);
        const errors: { target_element: string; error_message: string }[] = [];
        AGREEMENT_TEXTS.forEach((t, i) => {
          if (t.text_required && body.agreements?.[i] !== true) errors.push({ target_element: `agreements.${i}`, error_message: TEXT.THIS_FIELD_REQUIRED });
        });
        const previous = readTab<Record<string, unknown>>(e, 'aggrement_info');
        const previousSealed = openSealed<SealedSignature>(app, e.id, previous?._sealed, {});
        const previousMedia = previousSealed.signature_media_id;
        if (fields.signature.required && !body.signature && !previousMedia) errors.push({ target_element: 'signature', error_message: TEXT.SIGNATURE_REQUIRED });
        const method = body.signature_method ?? 'drawn';
        if (method === 'typed' && !body.typed_name) errors.push({ target_element: 'typed_name', error_message: TYPED_NAME_REQUIRED });
        if (fields.answer.required && !body.answer) errors.push({ target_element: 'answer', error_message: TEXT.FIELD_REQUIRED });
        if (errors.length) throw fieldErrors(errors);
        await assertEsignConsent(trx, e.id);
        await assertPaymentAuthorized(trx, e);
        let mediaId = previousMedia;
        let record = (previous?.signature_record as SignatureRecord | undefined) ?? null;
        let sealed: SealedSignature = previousSealed;
        if (body.signature) {
          const png = Buffer.from(body.signature.slice('data:image/png;base64,'.length), 'base64');
          if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw fieldErrors([{ target_element: 'signature', error_message: TEXT.SIGNATURE_REQUIRED }]);
          mediaId = `signature-${crypto.randomUUID()}`;
          await trx.insertInto('media').values({ id: mediaId, content_type: 'image/png', data: png , private: true }).execute();
          if (previousMedia) await trx.deleteFrom('media').where('id', '=', previousMedia).execute();
          record = { method, typed_name: method === 'typed' ? body.typed_name! : null, signed_at: new Date().toISOString() };
          sealed = { signature_media_id: mediaId, signed_ip: request.ip, signed_user_agent: String(request.headers['user-agent'] ?? '').slice(0, 500) };
        }
        // The names, codes and date are the server's (read-only on the form), whatever was sent.
        await writeTab(
          trx,
          e.id,
          'aggrement_info',
          {
            eprocess: e.eprocess,
            mode,
            agreements: AGREEMENT_TEXTS.map(() => true),
            date: fields.date.value,
            agent_name: fields.agent_name.value,
            agent_code: fields.agent_code.value,
            group_name: fields.group_name.value,
            group_code: fields.group_code.value,
            user_name: fields.user_name.value,
            signed: !!mediaId,
            signature_record: record,
            _sealed: app.sealer.sealJson(sealed, inEnrollmentTabs(e.id)),
          },
          { savedTab: true },
        );
        await recordAgreement(trx, e.id, record, !!body.signature, request);
      });
      return ok({ result: true });
    },
  );
};

export default agreementRoutes;
