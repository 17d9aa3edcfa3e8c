import type { Actor } from '../../../lib/actor.ts';
import type { Deps } from '../../../lib/deps.ts';
import {
  AUTHORIZATION_CHANGED,
  AUTHORIZATION_REQUIRED,
  consentLang,
  paymentAuthorizationText,
  type ConsentLang,
} from '@store/domain/consent';
import { centsToDollars } from '@store/domain/format';
import { isoToUs, todayIso } from '@store/domain/dates';
import type { Enrollment } from '../../../db/schema.ts';
import { fieldError } from '../../../lib/errors.ts';
import { escapeHtml } from '../../../lib/escape-html.ts';
import { cartItemsOf, cartCharges } from '../../cart/index.ts';
import { readTab, type Db } from '../context.ts';
import { insertPaymentAuthorization, latestPaymentAuthorization } from '../documents/documents-repository.ts';
import { recordEvent, sha256 } from '../../trail/index.ts';

type Obj = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * The payment authorization of the billing step (issue 22): built by the server from the saved payment (masked) and
 * what will be charged (packages/domain chargeSummary), in the person's language. Card and EFT need one; list bill does not.
 */
export async function currentAuthorization(db: Db, e: Enrollment, lang: ConsentLang) {
  const p = readTab<Obj>(e, 'payment_info') ?? {};
  const method = str(p.payment_method);
  if (method !== 'eft' && method !== 'cc')
    return { required: false, method: method || 'list', text: '', text_sha256: '', lastDebitOn: null as string | null };
  const s = cartCharges(await cartItemsOf(db, e.id), e);
  const text = paymentAuthorizationText(
    {
      method,
      payer: method === 'eft' ? str(p.account_name) : `${str(p.first_name_on_cc)} ${str(p.last_name_on_cc)}`,
      bank_name: str(p.bank_name),
      brand: str(p.card_brand),
      last4: method === 'eft' ? str(p.account_number).slice(-4) : str(p.card_last4),
    },
    {
      initial: centsToDollars(s.initial_cents),
      recurring: centsToDollars(s.recurring_cents),
      held: centsToDollars(s.held_cents),
      bill_day: s.bill_day,
      first_charge_on: s.first_charge_on,
      recurring_from: s.recurring_from,
    },
    lang,
  );
  return { required: true, method, text, text_sha256: sha256(text), lastDebitOn: null as string | null };
}

/** Whether the latest accepted authorization is the text the payment details give now. */
export async function isAuthorized(db: Db, e: Enrollment): Promise<boolean> {
  const a = await latestPaymentAuthorization(db, e.id);
  if (!a) return false;
  return (await currentAuthorization(db, e, consentLang(a.language))).text_sha256 === a.text_sha256;
}

/** What the person saw: the text's hash (the accept endpoint) or the text itself (the billing step's save). */
export type ShownAuthorization = { text_sha256: string } | { text: string };

/**
 * Accepts the text shown (it must be today's text): kept in payment_authorizations (two years after the last
 * debit; open-ended until the coverage ends), recorded in the trail with its hash and words, and mailed to the payer
 * unless the enrollment or the recipient has had its copies for the day (mayMailAuthorization).
 */
export async function acceptAuthorization(
  deps: Deps,
  trx: Db,
  e: Enrollment,
  shown: ShownAuthorization,
  lang: ConsentLang,
  actor: Actor,
  /** The time of the completion it comes with (its runs write the same record: complete.ts), else now. */
  at?: Date,
) {
  const a = await currentAuthorization(trx, e, lang);
  if (!a.required) return;
  const same = 'text' in shown ? shown.text === a.text : shown.text_sha256 === a.text_sha256;
  if (!same) throw fieldError('payment_authorization', AUTHORIZATION_CHANGED);
  const acceptedAt = at ?? new Date();
  await insertPaymentAuthorization(trx, {
    enrollment_id: e.id,
    method: a.method,
    language: lang,
    text: a.text,
    text_sha256: a.text_sha256,
    accepted_at: acceptedAt,
    ip: actor.ip,
    last_debit_on: null,
    keep_until: null,
  });
  await recordEvent(
    trx,
    e.id,
    'payment_authorized',
    { method: a.method, language: lang, text_sha256: a.text_sha256, text: a.text },
    actor,
    acceptedAt,
  );
  const to = str(readTab<Obj>(e, 'contact_info')?.email_address);
  if (to && (await mayMailAuthorization(deps, trx, e.id, to))) {
    const subject = lang === 'es' ? 'Su autorización de pago' : 'Your payment authorization';
    const intro =
      lang === 'es'
        ? 'Esta es su copia de la autorización que aceptó el {{date}}:'
        : 'This is your copy of the authorization you accepted on {{date}}:';
    const head = intro.replace('{{date}}', isoToUs(todayIso(acceptedAt)));
    await deps.mailer.enqueue(trx, {
      kind: 'payment-authorization',
      to,
      subject,
      html: `<p>${escapeHtml(head)}</p>${a.text
        .split('\n')
        .map((l) => `<p>${escapeHtml(l)}</p>`)
        .join('')}`,
      text: `${head}\n\n${a.text}`,
      enrollmentId: e.id,
    });
  }
}

const DAY = 24 * 3600_000;

/**
 * Whether another copy of an authorization may be mailed (decision 2330): anyone can accept an authorization again and
 * again with any contact e-mail, so copies are counted per enrollment (AUTHORIZATION_MAILS_PER_ENROLLMENT_DAY) and per
 * recipient (AUTHORIZATION_MAILS_PER_RECIPIENT_DAY, the address by its HMAC) a day, in the caller's transaction. Past
 * either the authorization is still accepted and kept; only the copy is not sent (the person loses nothing: the
 * text is on the page and in the signed application).
 */
async function mayMailAuthorization(deps: Deps, trx: Db, enrollmentId: string, to: string): Promise<boolean> {
  const perEnrollment = await deps.rateLimiter.add(`authorization-mail:enr:${enrollmentId}`, 1, DAY, trx);
  if (perEnrollment.count > deps.config.AUTHORIZATION_MAILS_PER_ENROLLMENT_DAY) return false;
  const perRecipient = await deps.rateLimiter.add(`authorization-mail:to:${deps.sealer.digest(to.trim().toLowerCase())}`, 1, DAY, trx);
  return perRecipient.count <= deps.config.AUTHORIZATION_MAILS_PER_RECIPIENT_DAY;
}

/** The completion (the billing step's last Next, decision 2530) refuses while a card or bank payment has no accepted authorization of today's text. */
export async function assertPaymentAuthorized(trx: Db, e: Enrollment): Promise<void> {
  const a = await currentAuthorization(trx, e, 'en');
  if (!a.required) return;
  const last = await latestPaymentAuthorization(trx, e.id);
  if (!last) throw fieldError('payment_authorization', AUTHORIZATION_REQUIRED);
  if (!(await isAuthorized(trx, e))) throw fieldError('payment_authorization', AUTHORIZATION_CHANGED);
}
