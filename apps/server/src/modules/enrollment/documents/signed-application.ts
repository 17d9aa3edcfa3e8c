import type { Deps } from '../../../lib/deps.ts';
import crypto from 'node:crypto';
import { AGREEMENT_TEXTS } from '@store/domain/agreement';
import { consentLang } from '@store/domain/consent';
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
import type { CompletionPdfs } from './completion-pdfs.ts';
import type { SignedApplicationContent } from './signed-application-pdf.ts';
import { renderPdf } from '../../../pdf/pool.ts';

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
 *
 * The PDF itself is rendered outside the transaction (completion-pdfs.ts): here its content is gathered, and the bytes
 * rendered from that content taken; the completion's time stands in for a signature time missing.
 */
export async function issueSignedApplication(
  deps: Deps,
  trx: Db,
  enrollmentId: string,
  completion: { confirmationNumber: string; at: Date; pdfs: CompletionPdfs },
) {
  const e = await repo.getEnrollment(trx, enrollmentId);
  const content = await signedApplicationContent(deps, trx, e, completion.confirmationNumber, completion.at);
  const pdf = await completion.pdfs.pdf(content, (c) => renderPdf('signed-application', c));
  // The last PDF of the completion: a run that had any to render stops here, before anything is written for it.
  completion.pdfs.assertRendered();
  const mediaId = `signed-application-${crypto.randomUUID()}`;
  // Sealed at rest (issue 34); issued_documents keeps the SHA-256 of the plain bytes, which verify-document compares.
  await repo.insertPdfMedia(trx, mediaId, sealPrivateMedia(deps.sealer, mediaId, pdf));
  await repo.insertIssuedDocument(trx, {
    sha256: sha256(pdf),
    enrollment_id: e.id,
    kind: 'signed-application',
    confirmation_number: completion.confirmationNumber,
    signed_at: new Date(content.signedAt),
    content_sha256: content.contentHash,
    media_id: mediaId,
  });
  await recordEvent(trx, e.id, 'documents_sent', {
    documents: ['enrollment-receipt', 'signed-application'],
    signed_application_sha256: sha256(pdf),
    content_sha256: content.contentHash,
  });
  return { filename: `signed-application-${completion.confirmationNumber}.pdf`, contentType: 'application/pdf', mediaId };
}

/** What the signed application prints, read in the completing transaction: plain values (the image as base64). */
async function signedApplicationContent(
  deps: Deps,
  trx: Db,
  e: Enrollment,
  confirmationNumber: string,
  at: Date,
): Promise<SignedApplicationContent> {
  const lang = consentLang(e.mail_lang);
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
  const signedAt = record?.signed_at ?? at.toISOString();
  const items = await repo.cartPlanNames(trx, e.id);

  const answers = reviewedAnswers(deps, e);
  const signed = {
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
  const trail = await listEvents(trx, e.id);
  return {
    lang,
    esignLang,
    confirmationNumber,
    signer,
    signedAt,
    plans: signed.plans,
    answers,
    esign: esign ? { version: String(esign.detail.version), at: new Date(esign.occurred_at).toISOString(), ip: esign.ip ?? '' } : null,
    signature: record ? { method: record.method, typedName: record.typed_name } : null,
    // Checked again before it is decoded: an image saved before the check could be larger than any pad (issue 34).
    imageBase64: image && !signaturePngProblem(image.data) ? Buffer.from(image.data).toString('base64') : null,
    signedIp: sealed.signed_ip ?? '',
    authorization: authorization
      ? {
          text: authorization.text,
          at: new Date(authorization.accepted_at).toISOString(),
          ip: authorization.ip ?? '',
          hash: authorization.text_sha256,
        }
      : null,
    contentHash: sha256(canonicalJson(signed)),
    trail: trail.map((ev) => ({
      seq: ev.seq,
      at: new Date(ev.occurred_at).toISOString(),
      type: ev.event_type,
      ip: ev.ip,
      identifiedBy: ev.identified_by,
      userAgent: ev.user_agent,
      detail: JSON.stringify(safeDetail({ ...ev.detail, text: undefined })),
      hash: ev.hash,
    })),
  };
}

/** The latest document of a kind issued for an enrollment (the signed application): its media id and confirmation number. */
export const latestIssuedDocument = (db: Db, enrollmentId: string, kind: string) => repo.latestIssuedDocument(db, enrollmentId, kind);
