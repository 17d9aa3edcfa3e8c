import type { Deps } from '../../../lib/deps.ts';
import crypto from 'node:crypto';
import { AGREEMENT_TEXTS } from '@store/domain/agreement';
import { consentLang, ESIGN_DISCLOSURE } from '@store/domain/consent';
import {
  agreementRows,
  beneficiaryRows,
  billingRows,
  contactRows,
  dependentRows,
  employerRows,
  healthRows,
  personalRows,
  SECTIONS,
} from '@store/domain/review-rows';
import type { Enrollment } from '../../../db/schema.ts';
import type { Db } from '../context.ts';
import { healthQuestionsOf } from '../steps/health-service.ts';
import { storedDependents } from '../steps/dependents-service.ts';
import { openSealed, tabsOf } from '../context.ts';
import * as repo from './documents-repository.ts';
import { canonicalJson, listEvents, maskDigits, recordEvent, safeDetail, sha256 } from '../../trail/index.ts';
import { esignConsentOf } from '../../consent/index.ts';
import { signaturePngProblem } from '../../../lib/png.ts';
import { openPrivateMedia, sealPrivateMedia } from '../../../lib/private-media.ts';
import { PdfWriter } from './pdf-writer.ts';
import { SIGNED_TEXT, signedText } from './signed-text.ts';

type Obj = Record<string, unknown>;
type Row = [string, string];

/** Labels whose values are sensitive numbers: printed masked to their last four digits whatever was stored. */
const SENSITIVE = new Set(['SSN', 'Account Number', 'Routing Number', 'Card Number']);
const masked = ([label, value]: Row): Row => [label, SENSITIVE.has(label) || /\bSSN\b/.test(value) ? maskDigits(value) : value];

/**
 * Every answer as the review step shows it (packages/domain review-rows: the same section titles, labels and words for
 * codes; the health questions word for word), sensitive numbers masked. Sections the person never saved are left out.
 */
function reviewedAnswers(deps: Deps, e: Enrollment): { title: string; rows: Row[] }[] {
  const tabs = tabsOf(e);
  const title = (tab: string) => SECTIONS.find((x) => x.tab === tab)!.title;
  const tab = (key: string) => (tabs[key] && typeof tabs[key] === 'object' ? (tabs[key] as Obj) : null);
  const out: { title: string; rows: Row[] }[] = [];
  const add = (t: string, rows: Row[]) => {
    const shown = rows.filter(([, v]) => v !== '').map(masked);
    if (shown.length) out.push({ title: t, rows: shown });
  };
  const personal = tab('primary_info');
  if (personal) add(title('primary_info'), personalRows(personal));
  const contact = tab('contact_info');
  if (contact) add(title('contact_info'), contactRows(contact));
  const employer = tab('employer_info');
  if (employer) add(title('employer_info'), employerRows(employer));
  const beneficiaries = tab('benificiary_info');
  if (beneficiaries) add(title('beneficiary_info'), beneficiaryRows(beneficiaries));
  if (tab('health_info')) add(title('primary_health_info'), healthRows(healthQuestionsOf(deps, e)));
  if (tab('dependent_info')) add(title('dependent_info'), dependentRows(storedDependents(deps, e, 'dependent_info').views));
  // In the wizard's order (decision 2530): the review, then the agreement signed, then the billing that enrolled.
  const review = tab('review_info');
  if (review?.additional_notes) add('Review & Confirmation', [['Additional Notes', String(review.additional_notes)]]);
  const agreement = tab('aggrement_info');
  if (agreement) add(title('agreement_info'), agreementRows(agreement));
  const payment = tab('payment_info');
  if (payment) add(title('billing_info'), billingRows(payment));
  return out;
}

/**
 * Issues the signed application of a completed enrollment, in the completing transaction: the PDF (answers as
 * reviewed, masked; the agreement texts word for word; the ESIGN disclosure agreed; the signature, drawn or typed; the
 * payment authorization; a certificate page with the trail and the SHA-256 of the signed content), kept in media, its
 * bytes' SHA-256 kept in issued_documents for /verify-document. Returns the attachment for the receipt mail.
 */
export async function issueSignedApplication(deps: Deps, trx: Db, enrollmentId: string, confirmationNumber: string) {
  const e = await repo.getEnrollment(trx, enrollmentId);
  const lang = consentLang(e.mail_lang);
  const t = (k: keyof typeof SIGNED_TEXT, vars: Obj = {}) => signedText(k, lang, vars);
  const tabs = tabsOf(e);
  const agreement = (tabs.aggrement_info ?? {}) as Obj;
  const record = (agreement.signature_record ?? null) as { method: string; typed_name: string | null; signed_at: string } | null;
  const sealed = openSealed<{ signature_media_id?: string; signed_ip?: string }>(deps, e.id, agreement._sealed, {});
  const imageRow = sealed.signature_media_id ? await repo.mediaData(trx, sealed.signature_media_id) : undefined;
  const image = imageRow && { data: openPrivateMedia(deps.sealer, sealed.signature_media_id!, imageRow.data) };
  const personal = (tabs.primary_info ?? {}) as Obj;
  const signer = `${personal.first_name ?? ''} ${personal.last_name ?? ''}`.trim();
  const esign = await esignConsentOf(trx, e.id);
  const esignLang = consentLang(String(esign?.detail.language ?? lang));
  const authorization = await repo.latestPaymentAuthorization(trx, e.id);
  const signedAt = record?.signed_at ?? new Date().toISOString();
  const items = await repo.cartPlanNames(trx, e.id);

  const answers = reviewedAnswers(deps, e);
  const content = {
    confirmation_number: confirmationNumber,
    signer,
    plans: items.map((i) => i.plan_name),
    answers,
    agreements: AGREEMENT_TEXTS,
    esign: esign ? { version: esign.detail.version, language: esignLang, text_sha256: esign.detail.text_sha256 } : null,
    signature: record
      ? {
          method: record.method,
          typed_name: record.typed_name,
          signed_at: record.signed_at,
          image_sha256: image ? sha256(image.data) : null,
        }
      : null,
    payment_authorization: authorization ? { text: authorization.text, text_sha256: authorization.text_sha256 } : null,
  };
  const contentHash = sha256(canonicalJson(content));
  const trail = await listEvents(trx, e.id);

  const w = await PdfWriter.create();
  w.doc.setTitle(t('TITLE'));
  w.doc.setSubject(confirmationNumber);
  w.doc.setLanguage(lang === 'es' ? 'es' : 'en-US');
  // Fixed dates: the same content makes the same bytes.
  w.doc.setCreationDate(new Date(signedAt));
  w.doc.setModificationDate(new Date(signedAt));
  w.text(t('TITLE'), { size: 20, b: true, gap: 8 });
  w.text(t('CONFIRMATION', { number: confirmationNumber }), { b: true });
  w.text(t('SIGNER', { name: signer }));
  w.text(t('SIGNED_AT', { at: signedAt }));
  if (content.plans.length) w.text(t('PLANS', { plans: content.plans.join(', ') }));
  for (const a of answers) {
    w.heading(a.title);
    for (const [label, value] of a.rows) w.text(`${label}: ${value}`, { indent: 8 });
  }
  w.heading(ESIGN_DISCLOSURE[esignLang].title);
  for (const p of ESIGN_DISCLOSURE[esignLang].paragraphs) w.text(p);
  w.text(
    esign
      ? t('ESIGN_AGREED', { version: String(esign.detail.version), at: new Date(esign.occurred_at).toISOString(), ip: esign.ip ?? '' })
      : t('ESIGN_MISSING'),
    { b: true },
  );
  w.heading(t('AGREEMENTS'));
  for (const a of AGREEMENT_TEXTS) {
    w.text(a.text_head, { b: true });
    w.text(a.text_body, { gap: 6 });
  }
  w.heading(t('SIGNATURE'));
  if (record?.method === 'typed') w.text(t('TYPED', { name: record.typed_name ?? '' }), { size: 14 });
  // Checked again before it is decoded: an image saved before the check could be larger than any pad (issue 34).
  else if (image && !signaturePngProblem(image.data)) await w.png(image.data);
  w.text(t('SIGNED_BY', { name: signer, method: record?.method ?? '', at: signedAt, ip: sealed.signed_ip ?? '' }));
  if (authorization) {
    w.heading(t('AUTHORIZATION'));
    w.text(authorization.text);
    w.text(
      t('AUTHORIZED_AT', {
        at: new Date(authorization.accepted_at).toISOString(),
        ip: authorization.ip ?? '',
        hash: authorization.text_sha256,
      }),
    );
  }
  w.newPage();
  w.text(t('CERTIFICATE'), { size: 16, b: true, gap: 8 });
  w.text(t('CONTENT_HASH', { hash: contentHash }), { b: true, gap: 8 });
  for (const ev of trail) {
    w.text(`${ev.seq}. ${new Date(ev.occurred_at).toISOString()} ${ev.event_type} — IP ${ev.ip ?? '-'} — ${ev.identified_by}`, { b: true });
    if (ev.user_agent) w.text(ev.user_agent, { indent: 12, size: 8 });
    const detail = JSON.stringify(safeDetail({ ...ev.detail, text: undefined }));
    if (detail !== '{}') w.text(detail, { indent: 12, size: 8 });
    w.text(`hash ${ev.hash}`, { indent: 12, size: 8, gap: 4 });
  }
  const pdf = await w.doc.save();
  const mediaId = `signed-application-${crypto.randomUUID()}`;
  // Sealed at rest (issue 34); issued_documents keeps the SHA-256 of the plain bytes, which verify-document compares.
  await repo.insertPdfMedia(trx, mediaId, sealPrivateMedia(deps.sealer, mediaId, pdf));
  await repo.insertIssuedDocument(trx, {
    sha256: sha256(pdf),
    enrollment_id: e.id,
    kind: 'signed-application',
    confirmation_number: confirmationNumber,
    signed_at: new Date(signedAt),
    content_sha256: contentHash,
    media_id: mediaId,
  });
  await recordEvent(trx, e.id, 'documents_sent', {
    documents: ['enrollment-receipt', 'signed-application'],
    signed_application_sha256: sha256(pdf),
    content_sha256: contentHash,
  });
  return { filename: `signed-application-${confirmationNumber}.pdf`, contentType: 'application/pdf', mediaId };
}

/** The latest document of a kind issued for an enrollment (the signed application): its media id and confirmation number. */
export const latestIssuedDocument = (db: Db, enrollmentId: string, kind: string) => repo.latestIssuedDocument(db, enrollmentId, kind);
