import { AGREEMENT_TEXTS } from '@store/domain/agreement';
import { ESIGN_DISCLOSURE, type ConsentLang } from '@store/domain/consent';
import { PdfWriter } from './pdf-writer.ts';
import { SIGNED_TEXT, signedText } from './signed-text.ts';

/**
 * Everything the signed application prints (signed-application.ts gathers it in the completing transaction): plain
 * values, so that the PDF is rendered from them with no transaction open (completion-pdfs.ts), and the same content
 * makes the same bytes.
 */
export interface SignedApplicationContent {
  lang: ConsentLang;
  esignLang: ConsentLang;
  confirmationNumber: string;
  signer: string;
  signedAt: string;
  plans: string[];
  answers: { title: string; rows: [string, string][] }[];
  esign: { version: string; at: string; ip: string } | null;
  signature: { method: string; typedName: string | null } | null;
  /** The drawn signature (PNG), already checked. */
  imageBase64: string | null;
  signedIp: string;
  authorization: { text: string; at: string; ip: string; hash: string } | null;
  contentHash: string;
  trail: {
    seq: number;
    at: string;
    type: string;
    ip: string | null;
    identifiedBy: string;
    userAgent: string | null;
    detail: string;
    hash: string;
  }[];
}

/** The signed application's PDF (pdf-lib, DejaVu Sans): no database, CPU only. */
export async function renderSignedApplicationPdf(c: SignedApplicationContent): Promise<Uint8Array> {
  const t = (k: keyof typeof SIGNED_TEXT, vars: Record<string, unknown> = {}) => signedText(k, c.lang, vars);
  const w = await PdfWriter.create();
  w.doc.setTitle(t('TITLE'));
  w.doc.setSubject(c.confirmationNumber);
  w.doc.setLanguage(c.lang === 'es' ? 'es' : 'en-US');
  // Fixed dates: the same content makes the same bytes.
  w.doc.setCreationDate(new Date(c.signedAt));
  w.doc.setModificationDate(new Date(c.signedAt));
  w.text(t('TITLE'), { size: 20, b: true, gap: 8 });
  w.text(t('CONFIRMATION', { number: c.confirmationNumber }), { b: true });
  w.text(t('SIGNER', { name: c.signer }));
  w.text(t('SIGNED_AT', { at: c.signedAt }));
  if (c.plans.length) w.text(t('PLANS', { plans: c.plans.join(', ') }));
  for (const a of c.answers) {
    w.heading(a.title);
    for (const [label, value] of a.rows) w.text(`${label}: ${value}`, { indent: 8 });
  }
  w.heading(ESIGN_DISCLOSURE[c.esignLang].title);
  for (const p of ESIGN_DISCLOSURE[c.esignLang].paragraphs) w.text(p);
  w.text(c.esign ? t('ESIGN_AGREED', c.esign) : t('ESIGN_MISSING'), { b: true });
  w.heading(t('AGREEMENTS'));
  for (const a of AGREEMENT_TEXTS) {
    w.text(a.text_head, { b: true });
    w.text(a.text_body, { gap: 6 });
  }
  w.heading(t('SIGNATURE'));
  if (c.signature?.method === 'typed') w.text(t('TYPED', { name: c.signature.typedName ?? '' }), { size: 14 });
  else if (c.imageBase64) await w.png(Buffer.from(c.imageBase64, 'base64'));
  w.text(t('SIGNED_BY', { name: c.signer, method: c.signature?.method ?? '', at: c.signedAt, ip: c.signedIp }));
  if (c.authorization) {
    w.heading(t('AUTHORIZATION'));
    w.text(c.authorization.text);
    w.text(t('AUTHORIZED_AT', { at: c.authorization.at, ip: c.authorization.ip, hash: c.authorization.hash }));
  }
  w.newPage();
  w.text(t('CERTIFICATE'), { size: 16, b: true, gap: 8 });
  w.text(t('CONTENT_HASH', { hash: c.contentHash }), { b: true, gap: 8 });
  for (const ev of c.trail) {
    w.text(`${ev.seq}. ${ev.at} ${ev.type} — IP ${ev.ip ?? '-'} — ${ev.identifiedBy}`, { b: true });
    if (ev.userAgent) w.text(ev.userAgent, { indent: 12, size: 8 });
    if (ev.detail !== '{}') w.text(ev.detail, { indent: 12, size: 8 });
    w.text(`hash ${ev.hash}`, { indent: 12, size: 8, gap: 4 });
  }
  return w.doc.save();
}
