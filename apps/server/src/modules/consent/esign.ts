import { AGREEMENT_TEXTS } from '@store/domain/agreement';
import { consentLang, ESIGN_REQUIRED, ESIGN_VERSION, esignText } from '@store/domain/consent';
import type { Db } from './repository.ts';
import { fieldError } from '../../lib/errors.ts';
import { hasEvent, latestEvent, recordEvent, sha256, type TrailActor } from '../trail/index.ts';

/** ESIGN consent (issue 22): agreed with a checkbox before the agreement step's signature; the version and text hash go in the trail. */
export async function giveEsignConsent(trx: Db, enrollmentId: string, version: string, language: string, by: TrailActor) {
  if (version !== ESIGN_VERSION) throw fieldError('esign_consent', ESIGN_REQUIRED);
  const lang = consentLang(language);
  await recordEvent(trx, enrollmentId, 'esign_consent', { version, language: lang, text_sha256: sha256(esignText(lang)) }, by);
}

export async function esignConsentOf(db: Db, enrollmentId: string) {
  return latestEvent(db, enrollmentId, 'esign_consent');
}

/** The agreement's save refuses a signature without the consent (422 on the field esign_consent). */
export async function assertEsignConsent(trx: Db, enrollmentId: string): Promise<void> {
  if (!(await hasEvent(trx, enrollmentId, 'esign_consent'))) throw fieldError('esign_consent', ESIGN_REQUIRED);
}

/** The agreement's save: each text shown and agreed with the hash of its words, then how it was signed. */
export async function recordAgreement(
  trx: Db,
  enrollmentId: string,
  sig: { method: string; typed_name: string | null; signed_at: string | null } | null,
  newSignature: boolean,
  by: TrailActor,
) {
  const texts = AGREEMENT_TEXTS.map((t) => ({
    head: t.text_head,
    sha256: sha256(`${t.text_head}\n${t.text_body}`),
    required: t.text_required,
  }));
  await recordEvent(trx, enrollmentId, 'agreement_shown', { texts }, by);
  if (newSignature && sig)
    await recordEvent(trx, enrollmentId, 'signature', { method: sig.method, typed_name: sig.typed_name, signed_at: sig.signed_at }, by);
  await recordEvent(trx, enrollmentId, 'step_saved', { step: 'aggrement_info' }, by);
}
