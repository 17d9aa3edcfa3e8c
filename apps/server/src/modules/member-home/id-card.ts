import { formatPhone } from '@store/domain/format';
import { MEMBER_HOME_TEXT as T } from '@store/domain/member-home';
import { createPdfWithFonts } from '../../lib/pdf-fonts.ts';
import { drawLogo, type LogoImage } from './id-card-logo.ts';

/** The card's labels in Spanish (English is the key). */
const ES: Record<string, string> = {
  Member: 'Miembro',
  [T.MEMBER_ID]: 'Número de miembro',
  [T.GROUP]: 'Grupo',
  Effective: 'Vigencia',
  [T.CARRIER_PHONE]: 'Teléfono de la aseguradora',
  [T.SERVICE_PHONE]: 'Servicios para miembros',
  [T.ID_CARDS]: 'Tarjeta de identificación',
  [T.REP_PHONE]: 'Su representante',
  [T.GROUP_NUMBER]: 'Número de grupo',
  [T.PAYER_ID]: 'ID del pagador',
  [T.CLAIMS_ADDRESS]: 'Envíe los reclamos a',
};

export interface IdCard {
  memberName: string;
  memberId: string;
  group: string | null;
  plan: string;
  carrier: string | null;
  /** The carrier's member services phone. */
  carrierPhone: string | null;
  /** The member's representative's phone, shown as such when the carrier has no phone of its own. */
  servicePhone: string | null;
  /** The carrier's group number, payer id and claims address (migration 2530). */
  groupNumber: string | null;
  payerId: string | null;
  claimsAddress: string | null;
  effectiveDate: string | null;
  /** The carrier's logo (carriers.logo), drawn at the card's top right on a white ground; null: the carrier's name only. */
  logo?: LogoImage | null;
}

/**
 * A wallet card (CR80: 3.375 × 2.125 in), front and back as two pages: the front has plan, carrier (and its logo),
 * member name and id, group and group number; the back the member services phone (the carrier's; otherwise the representative's,
 * named so), the payer id and where to send claims.
 */
const W = 243;
const H = 153;

export async function renderIdCardPdf(card: IdCard, lang: 'en' | 'es' = 'en'): Promise<Uint8Array> {
  const t = (s: string) => (lang === 'es' ? (ES[s] ?? s) : s);
  const { rgb } = await import('pdf-lib');
  const { doc, font, bold } = await createPdfWithFonts();
  doc.setTitle(`${t(T.ID_CARDS)}: ${card.plan}`);
  doc.setLanguage(lang === 'es' ? 'es' : 'en-US');
  const page = doc.addPage([W, H]);
  page.drawRectangle({ x: 0, y: H - 34, width: W, height: 34, color: rgb(0.07, 0.29, 0.55) });
  page.drawText(card.plan, { x: 12, y: H - 20, size: 11, font: bold, color: rgb(1, 1, 1) });
  if (card.carrier) page.drawText(card.carrier, { x: 12, y: H - 30, size: 7, font, color: rgb(1, 1, 1) });
  if (card.logo) {
    const box = { x: W - 78, y: H - 31, width: 72, height: 28 };
    page.drawRectangle({ ...box, color: rgb(1, 1, 1) });
    await drawLogo(doc, page, { font, bold }, card.logo, { x: box.x + 2, y: box.y + 2, width: box.width - 4, height: box.height - 4 });
  }
  let y = H - 52;
  const line = (label: string, value: string, big = false) => {
    page.drawText(t(label), { x: 12, y, size: 6.5, font, color: rgb(0.3, 0.3, 0.3) });
    page.drawText(value, { x: 84, y, size: big ? 10 : 8.5, font: bold });
    y -= big ? 17 : 14;
  };
  line('Member', card.memberName, true);
  line(T.MEMBER_ID, card.memberId);
  line(T.GROUP, card.group ?? '—');
  if (card.groupNumber) line(T.GROUP_NUMBER, card.groupNumber);
  if (card.effectiveDate) line('Effective', card.effectiveDate);
  const border = { x: 0.5, y: 0.5, width: W - 1, height: H - 1, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 1 };
  page.drawRectangle(border);
  const back = doc.addPage([W, H]);
  let by = H - 20;
  const backLine = (label: string, value: string) => {
    back.drawText(t(label), { x: 12, y: by, size: 6.5, font, color: rgb(0.3, 0.3, 0.3) });
    by -= 10;
    for (const text of value.split(/\r?\n/).filter(Boolean)) {
      back.drawText(text.slice(0, 60), { x: 12, y: by, size: 8.5, font: bold });
      by -= 11;
    }
    by -= 4;
  };
  if (card.carrierPhone) backLine(T.SERVICE_PHONE, formatPhone(card.carrierPhone));
  else if (card.servicePhone) backLine(T.REP_PHONE, formatPhone(card.servicePhone));
  if (card.payerId) backLine(T.PAYER_ID, card.payerId);
  if (card.claimsAddress) backLine(T.CLAIMS_ADDRESS, card.claimsAddress);
  back.drawRectangle(border);
  return doc.save();
}
