import { z } from 'zod';
import { isoToUs } from './dates.ts';
import { centsToDollars } from './format.ts';
import { firstDebitBy } from './billing-schedule.ts';
import { AUTHORIZATION_REQUIRED } from './billing.ts';

/**
 * Proof of consent (issue 22): the ESIGN disclosure agreed before the signature, and the payment authorizations
 * (NACHA WEB debit for EFT, card-on-file for cards). Texts in English and Spanish, word for word what is shown, hashed
 * into the audit trail and printed in the signed application. A new wording gets a new version.
 */
export type ConsentLang = 'en' | 'es';
export const consentLang = (v: string | null | undefined): ConsentLang => (v === 'es' ? 'es' : 'en');

export const ESIGN_VERSION = 'esign-2026-11-24';
export const STORE_CONTACT = {
  email: 'records@benefitstore.example',
  phone: '1-800-555-0142',
  address: 'Benefit Store Records, 100 Main Street, New York, NY 10001',
};

export const ESIGN_DISCLOSURE: Record<ConsentLang, { title: string; paragraphs: string[]; checkbox: string }> = {
  en: {
    title: 'Consent to electronic records and signatures',
    paragraphs: [
      'You agree to receive this application, its notices and your records electronically and to sign them electronically. Your electronic signature has the same effect as a signature on paper.',
      `You have the right to a paper copy of any record at no charge. To ask for one, write to ${STORE_CONTACT.email}, call ${STORE_CONTACT.phone} or write to ${STORE_CONTACT.address}.`,
      `You may withdraw this consent at any time, at no charge, the same ways. Withdrawing does not undo what you signed before; after that we send your records on paper.`,
      'To open and keep your records you need a device with a current web browser, an e-mail account, and a program that opens PDF files. Keep your e-mail address up to date with us.',
    ],
    checkbox: 'I have read this disclosure and I agree to use electronic records and signatures.',
  },
  es: {
    title: 'Consentimiento para registros y firmas electrónicos',
    paragraphs: [
      'Usted acepta recibir esta solicitud, sus avisos y sus registros en forma electrónica y firmarlos electrónicamente. Su firma electrónica tiene el mismo efecto que una firma en papel.',
      `Tiene derecho a una copia en papel de cualquier registro sin costo. Para pedirla, escriba a ${STORE_CONTACT.email}, llame al ${STORE_CONTACT.phone} o escriba a ${STORE_CONTACT.address}.`,
      'Puede retirar este consentimiento en cualquier momento, sin costo, por los mismos medios. Retirarlo no anula lo que firmó antes; desde entonces le enviaremos sus registros en papel.',
      'Para abrir y conservar sus registros necesita un dispositivo con un navegador web actual, una cuenta de correo electrónico y un programa que abra archivos PDF. Mantenga actualizada su dirección de correo electrónico.',
    ],
    checkbox: 'He leído esta divulgación y acepto usar registros y firmas electrónicos.',
  },
};

/** The disclosure as one text (what is hashed into the trail and printed). */
export const esignText = (lang: ConsentLang) => {
  const d = ESIGN_DISCLOSURE[lang];
  return [d.title, ...d.paragraphs, d.checkbox].join('\n');
};

export const ESIGN_REQUIRED = 'Please agree to electronic records and signatures before signing.';
export { AUTHORIZATION_REQUIRED };
export const AUTHORIZATION_CHANGED = 'The payment details changed. Please read and accept the payment authorization again.';

export interface AuthorizationFacts {
  method: 'eft' | 'cc';
  payer: string;
  /** EFT: bank name and the masked account (xxxxxxxx1234); card: brand and last four. */
  bank_name?: string;
  account?: string;
  brand?: string;
  last4?: string;
  /** Dollars as text (12.34). */
  first_amount: string;
  first_date: string;
  recurring_amount: string;
  recurring_day: string;
  recurring_from: string;
  /** A month of the plans pending evidence of insurability (decision 2680), and the monthly amount once approved. */
  held_amount?: string;
  approved_amount?: string;
}

const REVOKE_DAYS = 3;

/** The authorization the person accepts on the billing step, in their language (filled from chargeSummary). */
export function authorizationText(f: AuthorizationFacts, lang: ConsentLang): string {
  if (f.method === 'eft') {
    return lang === 'es'
      ? [
          `Autorización de débito (ACH, WEB). Yo, ${f.payer}, autorizo a Benefit Store a debitar mi cuenta en ${f.bank_name} (${f.account}).`,
          `Primer débito: $${f.first_amount}, a más tardar el ${f.first_date}. Después, $${f.recurring_amount} el día ${f.recurring_day} de cada mes, desde el ${f.recurring_from}, hasta que yo revoque esta autorización.`,
          `Puedo revocar esta autorización en cualquier momento escribiendo a ${STORE_CONTACT.email} o llamando al ${STORE_CONTACT.phone}; la revocación debe llegar al menos ${REVOKE_DAYS} días hábiles antes de un débito.`,
          'Si un débito es devuelto, puede aplicarse un cargo por fondos insuficientes de $30. Recibiré una copia de esta autorización por correo electrónico.',
          ...heldLine(f, lang),
        ].join('\n')
      : [
          `Debit authorization (ACH, WEB). I, ${f.payer}, authorize Benefit Store to debit my account at ${f.bank_name} (${f.account}).`,
          `First debit: $${f.first_amount}, by ${f.first_date}. Then $${f.recurring_amount} on day ${f.recurring_day} of each month, starting ${f.recurring_from}, until I revoke this authorization.`,
          `I may revoke this authorization at any time by writing to ${STORE_CONTACT.email} or calling ${STORE_CONTACT.phone}; the revocation must reach you at least ${REVOKE_DAYS} business days before a debit.`,
          'A returned debit may carry an insufficient-funds fee of $30. I will receive a copy of this authorization by e-mail.',
          ...heldLine(f, lang),
        ].join('\n');
  }
  return lang === 'es'
    ? [
        `Autorización de cargo a tarjeta. Yo, ${f.payer}, autorizo a Benefit Store a cargar mi tarjeta ${f.brand} terminada en ${f.last4}.`,
        `Primer cargo: $${f.first_amount} el ${f.first_date}. Después, $${f.recurring_amount} el día ${f.recurring_day} de cada mes, desde el ${f.recurring_from}, hasta que yo cancele.`,
        `Puedo cancelar en cualquier momento escribiendo a ${STORE_CONTACT.email} o llamando al ${STORE_CONTACT.phone}, al menos ${REVOKE_DAYS} días hábiles antes de un cargo. Recibiré una copia por correo electrónico.`,
        ...heldLine(f, lang),
      ].join('\n')
    : [
        `Card authorization. I, ${f.payer}, authorize Benefit Store to charge my ${f.brand} card ending ${f.last4}.`,
        `First charge: $${f.first_amount} on ${f.first_date}. Then $${f.recurring_amount} on day ${f.recurring_day} of each month, starting ${f.recurring_from}, until I cancel.`,
        `I may cancel at any time by writing to ${STORE_CONTACT.email} or calling ${STORE_CONTACT.phone}, at least ${REVOKE_DAYS} business days before a charge. I will receive a copy by e-mail.`,
        ...heldLine(f, lang),
      ].join('\n');
}

/**
 * A plan pending evidence of insurability is not charged until the carrier approves it (decision 2680); the
 * authorization names what the monthly amount becomes then, so that the larger charge is one the person authorized.
 */
function heldLine(f: AuthorizationFacts, lang: ConsentLang): string[] {
  if (!f.held_amount || !f.approved_amount || Number(f.held_amount) <= 0) return [];
  return [
    lang === 'es'
      ? `Los planes pendientes de prueba de asegurabilidad ($${f.held_amount} al mes) no se cobran hasta que la aseguradora los apruebe; desde entonces, el monto mensual será de $${f.approved_amount}.`
      : `Plans pending evidence of insurability ($${f.held_amount} a month) are not charged until the carrier approves them; from then on, the monthly amount is $${f.approved_amount}.`,
  ];
}

/** The payment the authorization names (masked: only the last four digits). */
export interface AuthorizationPayment {
  method: 'eft' | 'cc';
  payer: string;
  bank_name?: string;
  brand?: string;
  last4: string;
}
/** What will be charged, as packages/domain charges.ts gives it (dollars as text, ISO dates). */
export interface AuthorizationCharges {
  initial: string;
  recurring: string;
  /** A month of the held lines (chargeSummary's held; absent or 0.00 when none). */
  held?: string;
  bill_day: number;
  first_charge_on: string;
  recurring_from: string;
}

/**
 * The authorization of a payment and its charges: the same words on the billing step (built in the browser from the
 * form while the person types) and on the server (from the saved payment), which records it only when both agree.
 */
export const paymentAuthorizationText = (p: AuthorizationPayment, c: AuthorizationCharges, lang: ConsentLang): string =>
  authorizationText(
    {
      method: p.method,
      payer: p.payer.trim(),
      bank_name: (p.bank_name ?? '').trim(),
      account: `xxxxxxxx${p.last4}`,
      brand: p.brand ?? '',
      last4: p.last4,
      first_amount: c.initial,
      // A bank debit is said with the day it reaches the account (the one schedule, decision 2520); a card's is today.
      first_date: isoToUs(p.method === 'eft' ? firstDebitBy(c.first_charge_on) : c.first_charge_on),
      recurring_amount: c.recurring,
      recurring_day: String(c.bill_day),
      recurring_from: isoToUs(c.recurring_from),
      held_amount: c.held,
      approved_amount: c.held ? centsToDollars(Math.round(Number(c.recurring) * 100) + Math.round(Number(c.held) * 100)) : undefined,
    },
    lang,
  );

/** The billing step's box: a card or bank payment is saved only with its authorization accepted. */
export const ZAuthorizationAccepted = z.object({
  payment_authorization: z.literal(true, { error: AUTHORIZATION_REQUIRED }),
});

/** Authorizations are kept at least this long after the last debit (NACHA: two years). */
export const AUTHORIZATION_KEEP_YEARS = 2;

export const ZEnrollmentRef = z.object({ enrollment_id: z.string().trim().min(1).max(64) });
export const ZEsignConsentRequest = ZEnrollmentRef.extend({
  version: z.string().max(40),
  agreed: z.literal(true),
  language: z.enum(['en', 'es']).default('en'),
});
export const ZAcceptAuthorizationRequest = ZEnrollmentRef.extend({
  text_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  agreed: z.literal(true),
});
export const ZAuthorization = z.object({
  required: z.boolean(),
  method: z.string(),
  text: z.string(),
  text_sha256: z.string(),
  accepted: z.boolean(),
});
export const ZVerifyResult = z.object({ valid: z.boolean(), confirmation_number: z.string().optional(), signed_at: z.string().optional() });
