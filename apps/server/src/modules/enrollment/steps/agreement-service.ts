import type { Actor } from '../../../lib/actor.ts';
import type { Deps } from '../../../lib/deps.ts';
import crypto from 'node:crypto';
import {
  AGREEMENT_TEXTS,
  SIGNATURE_IMAGE_TOO_LARGE,
  TYPED_NAME_REQUIRED,
  verificationMode,
  type TAgreementForm,
  type SignatureMethod,
  type TSaveAgreementRequest,
} from '@store/domain/agreement';
import { TEXT } from '@store/domain/texts';
import { isoToUs, todayIso } from '@store/domain/dates';
import type { Enrollment } from '../../../db/schema.ts';
import { fieldErrors } from '../../../lib/errors.ts';
import { signaturePngProblem } from '../../../lib/png.ts';
import { sealPrivateMedia } from '../../../lib/private-media.ts';
import { inEnrollmentTabs } from '../../../db/sealed-columns.ts';
import { loadForStep, openSealed, readTab, writeTab, type Db } from '../context.ts';
import { abandonedSignedEnrollments, deleteMedia, findAgent, findGroupNames, insertPrivateMedia } from '../purchase-repository.ts';
import { RESUME_DAYS } from '../../../lib/resume-link.ts';
import { assertEsignConsent, recordAgreement } from '../../consent/index.ts';

/**
 * Agreement & Signature (enrollment.md 2.10, 4.9). The legal record of a new signature, the same whichever way it
 * was made: how (drawn or typed), the typed name and when; sealed beside the image's media id, from which address
 * and browser.
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

/** The verification fields: names, codes and the date are the server's (read-only on the form). */
export async function agreementFormFields(db: Db, e: Enrollment): Promise<TAgreementForm> {
  const personal = readTab<Record<string, unknown>>(e, 'primary_info') ?? {};
  const agent = e.agent_id ? await findAgent(db, e.agent_id) : undefined;
  const group = e.group_id ? await findGroupNames(db, e.group_id) : undefined;
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

export async function agreementFormOf(deps: Deps, e: Enrollment) {
  const fields = await agreementFormFields(deps.db, e);
  const saved = readTab<Record<string, unknown>>(e, 'aggrement_info');
  return { result: fields, mode: verificationMode(fields), signed: !!saved?.signed };
}

export async function saveAgreementStep(deps: Deps, actor: Actor, body: TSaveAgreementRequest) {
  await deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, body.enrollment_id, 'agreement_info');
    const fields = await agreementFormFields(trx, e);
    const mode = verificationMode(fields);
    const errors: { target_element: string; error_message: string }[] = [];
    AGREEMENT_TEXTS.forEach((t, i) => {
      if (t.text_required && body.agreements?.[i] !== true)
        errors.push({ target_element: `agreements.${i}`, error_message: TEXT.THIS_FIELD_REQUIRED });
    });
    const previous = readTab<Record<string, unknown>>(e, 'aggrement_info');
    const previousSealed = openSealed<SealedSignature>(deps, e.id, previous?._sealed, {});
    const previousMedia = previousSealed.signature_media_id;
    if (fields.signature.required && !body.signature && !previousMedia)
      errors.push({ target_element: 'signature', error_message: TEXT.SIGNATURE_REQUIRED });
    const method = body.signature_method ?? 'drawn';
    if (method === 'typed' && !body.typed_name) errors.push({ target_element: 'typed_name', error_message: TYPED_NAME_REQUIRED });
    if (fields.answer.required && !body.answer) errors.push({ target_element: 'answer', error_message: TEXT.FIELD_REQUIRED });
    if (errors.length) throw fieldErrors(errors);
    await assertEsignConsent(trx, e.id);
    // The payment authorization is the billing step's, after this one (decision 2530): the completion checks it.
    let mediaId = previousMedia;
    let record = (previous?.signature_record as SignatureRecord | undefined) ?? null;
    let sealed: SealedSignature = previousSealed;
    if (body.signature) {
      const png = Buffer.from(body.signature.slice('data:image/png;base64,'.length), 'base64');
      // Its header, not only its first bytes: the signed application decodes it whole (issue 34).
      const problem = signaturePngProblem(png);
      if (problem)
        throw fieldErrors([
          { target_element: 'signature', error_message: problem === 'too-large' ? SIGNATURE_IMAGE_TOO_LARGE : TEXT.SIGNATURE_REQUIRED },
        ]);
      mediaId = `signature-${crypto.randomUUID()}`;
      await insertPrivateMedia(trx, mediaId, 'image/png', sealPrivateMedia(deps.sealer, mediaId, png));
      if (previousMedia) await deleteMedia(trx, previousMedia);
      record = { method, typed_name: method === 'typed' ? body.typed_name! : null, signed_at: new Date().toISOString() };
      sealed = {
        signature_media_id: mediaId,
        signed_ip: actor.ip,
        signed_user_agent: actor.userAgent.slice(0, 500),
      };
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
        _sealed: deps.sealer.sealJson(sealed, inEnrollmentTabs(e.id)),
      },
      { savedTab: true },
    );
    await recordAgreement(trx, e.id, record, !!body.signature, actor);
  });
}

/**
 * The signature of an enrollment nobody can finish any more (unfinished, unchanged for RESUME_DAYS and its code
 * expired, as for its screenshots) is deleted with its sealed record (address, browser); the step is no longer signed.
 * A completed enrollment keeps its own until the end of the consent retention (modules/consent/retention.ts; issue
 * 34, decision 2300). Returns how many enrollments lost theirs.
 */
export async function purgeAbandonedSignatures(deps: Deps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - RESUME_DAYS * 86_400_000);
  let count = 0;
  for (const row of await abandonedSignedEnrollments(deps.db, before, now)) {
    const tab = readTab<Record<string, unknown>>(row, 'aggrement_info') ?? {};
    const mediaId = openSealed<SealedSignature>(deps, row.id, tab._sealed, {}).signature_media_id;
    await deps.db.transaction().execute(async (trx) => {
      if (mediaId) await deleteMedia(trx, mediaId);
      const { _sealed: _gone, ...rest } = tab;
      await writeTab(trx, row.id, 'aggrement_info', { ...rest, signed: false, signature_record: null });
    });
    count++;
  }
  return count;
}
