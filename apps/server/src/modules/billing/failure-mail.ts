import { centsToDollars } from '@store/domain/cart';
import { isoToUs } from '@store/domain/dates';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailLang } from '../../lib/mail-i18n.ts';

/**
 * The mail of a failed payment (issue 36), in the payer's language: what failed, the amount, what follows (the next
 * try, or the day the coverage ends without payment) and how to change the payment method: the member home after
 * signing in, or, for a payer without an account, a one-time link to the change-payment form alone.
 */
export interface FailureMail {
  name: string;
  /** dispute: a card payment its bank took back after a dispute lost (decision 2820). */
  kind: 'card' | 'bank' | 'blocked' | 'dispute';
  cents: number;
  /** The coverage month the payment pays (yyyy-mm). */
  period: string;
  last4: string | null;
  /** The processor's or the bank's reason code (card_declined, insufficient_funds, R01 …). */
  reason: string | null;
  /** The next try of the same payment, or null when there is none. */
  nextTryOn: string | null;
  /** Without a next try: the last day to pay and the day the coverage ends then. */
  payBy: string;
  coverageEndsOn: string;
  change: { kind: 'member-home'; link: string } | { kind: 'one-time-link'; link: string; expiresOn: string };
  /** The card's bank asks its holder to confirm the payment (3-D Secure): the member home can (decision 2670). */
  confirm?: boolean;
}

/** Reasons as the payer reads them (the card processors' codes and the NACHA return codes the store acts on). */
export const FAILURE_REASONS: Record<string, string> = {
  card_declined: 'The card was declined.',
  insufficient_funds: 'The card has insufficient funds.',
  no_card: 'There is no card on file.',
  authentication_required: 'Your bank asks you to confirm this payment.',
  account_blocked: 'The bank account can no longer be debited.',
  dispute_lost: 'The dispute was decided for the cardholder.',
  R01: 'Insufficient funds.',
  R02: 'The account is closed.',
  R03: 'No account was found with this number.',
  R04: 'The account number is invalid.',
  R07: 'The authorization was revoked.',
  R09: 'The funds are not yet available.',
  R10: 'The account holder says the debit was not authorized.',
  R29: 'The company account says the debit was not authorized.',
};
const OTHER_REASON = 'The payment was refused.';

const ES: Record<string, string> = {
  'Your payment of {{amount}} did not go through': 'Su pago de {{amount}} no se realizó',
  'Hello {{name}},': 'Hola {{name}}:',
  'We could not charge {{amount}} to your card ending in {{last4}} for your coverage of {{month}}.':
    'No pudimos cobrar {{amount}} a su tarjeta terminada en {{last4}} por su cobertura de {{month}}.',
  'Your bank returned the debit of {{amount}} from your account ending in {{last4}} for your coverage of {{month}}.':
    'Su banco devolvió el débito de {{amount}} de su cuenta terminada en {{last4}} por su cobertura de {{month}}.',
  'We could not debit {{amount}} from your account ending in {{last4}} for your coverage of {{month}}.':
    'No pudimos debitar {{amount}} de su cuenta terminada en {{last4}} por su cobertura de {{month}}.',
  'After a dispute, your card’s bank took back the payment of {{amount}} made with your card ending in {{last4}} for your coverage of {{month}}.':
    'Después de una disputa, el banco de su tarjeta retiró el pago de {{amount}} hecho con su tarjeta terminada en {{last4}} por su cobertura de {{month}}.',
  'Reason: {{reason}}': 'Motivo: {{reason}}',
  'We will try again on {{date}}.': 'Lo intentaremos de nuevo el {{date}}.',
  'Unless the payment is made by {{date}}, your coverage ends on {{end}}.':
    'Si el pago no se realiza antes del {{date}}, su cobertura termina el {{end}}.',
  'To pay with another card or bank account, sign in and change your payment method in your member home: {{link}}':
    'Para pagar con otra tarjeta o cuenta bancaria, inicie sesión y cambie su método de pago en su página de miembro: {{link}}',
  'To pay with another card or bank account, change your payment method here (this link works once, until {{date}}): {{link}}':
    'Para pagar con otra tarjeta o cuenta bancaria, cambie su método de pago aquí (este enlace funciona una vez, hasta el {{date}}): {{link}}',
  'Change your payment method': 'Cambiar su método de pago',
  'Your bank asks you to confirm this payment.': 'Su banco le pide que confirme este pago.',
  'To confirm the payment with your bank, or to pay with another card or bank account, sign in to your member home: {{link}}':
    'Para confirmar el pago con su banco, o para pagar con otra tarjeta o cuenta bancaria, inicie sesión en su página de miembro: {{link}}',
  'Confirm the payment': 'Confirmar el pago',
  'The card was declined.': 'La tarjeta fue rechazada.',
  'The card has insufficient funds.': 'La tarjeta no tiene fondos suficientes.',
  'There is no card on file.': 'No hay ninguna tarjeta registrada.',
  'The bank account can no longer be debited.': 'Ya no se puede debitar la cuenta bancaria.',
  'The dispute was decided for the cardholder.': 'La disputa se resolvió a favor del titular de la tarjeta.',
  'Insufficient funds.': 'Fondos insuficientes.',
  'The account is closed.': 'La cuenta está cerrada.',
  'No account was found with this number.': 'No se encontró ninguna cuenta con este número.',
  'The account number is invalid.': 'El número de cuenta no es válido.',
  'The authorization was revoked.': 'La autorización fue revocada.',
  'The funds are not yet available.': 'Los fondos aún no están disponibles.',
  'The account holder says the debit was not authorized.': 'El titular de la cuenta indica que el débito no fue autorizado.',
  'The company account says the debit was not authorized.': 'La cuenta de la empresa indica que el débito no fue autorizado.',
  'The payment was refused.': 'El pago fue rechazado.',
};

/** The Spanish of the billing mails (English is the key); shared by the grace period's notices. */
export const BILLING_MAIL_SPANISH: Readonly<Record<string, string>> = ES;

export function billingT(lang: MailLang, dictionary: Readonly<Record<string, string>> = ES) {
  return (english: string, vars: Record<string, string> = {}) =>
    (lang === 'es' ? (dictionary[english] ?? english) : english).replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
}

/** "January 2027" / "enero de 2027". */
export const monthName = (lang: MailLang, period: string) =>
  new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period}-15T12:00:00Z`),
  );

export function renderFailureMail(lang: MailLang, m: FailureMail) {
  const t = billingT(lang);
  const amount = `$${centsToDollars(m.cents)}`;
  const vars = { amount, last4: m.last4 ?? '····', month: monthName(lang, m.period) };
  const what =
    m.kind === 'card'
      ? t('We could not charge {{amount}} to your card ending in {{last4}} for your coverage of {{month}}.', vars)
      : m.kind === 'dispute'
        ? t(
            'After a dispute, your card’s bank took back the payment of {{amount}} made with your card ending in {{last4}} for your coverage of {{month}}.',
            vars,
          )
        : m.kind === 'bank'
          ? t('Your bank returned the debit of {{amount}} from your account ending in {{last4}} for your coverage of {{month}}.', vars)
          : t('We could not debit {{amount}} from your account ending in {{last4}} for your coverage of {{month}}.', vars);
  const reasonText = t((m.reason && FAILURE_REASONS[m.reason]) || OTHER_REASON);
  const reason = t('Reason: {{reason}}', { reason: m.kind === 'bank' && m.reason ? `${reasonText} (${m.reason})` : reasonText });
  const next = m.nextTryOn
    ? t('We will try again on {{date}}.', { date: isoToUs(m.nextTryOn) })
    : t('Unless the payment is made by {{date}}, your coverage ends on {{end}}.', {
        date: isoToUs(m.payBy),
        end: isoToUs(m.coverageEndsOn),
      });
  const how =
    m.change.kind === 'member-home' && m.confirm
      ? t('To confirm the payment with your bank, or to pay with another card or bank account, sign in to your member home: {{link}}', {
          link: m.change.link,
        })
      : m.change.kind === 'member-home'
        ? t('To pay with another card or bank account, sign in and change your payment method in your member home: {{link}}', {
            link: m.change.link,
          })
        : t('To pay with another card or bank account, change your payment method here (this link works once, until {{date}}): {{link}}', {
            date: isoToUs(m.change.expiresOn),
            link: m.change.link,
          });
  const hello = t('Hello {{name}},', { name: m.name });
  const e = escapeHtml;
  return {
    subject: t('Your payment of {{amount}} did not go through', { amount }),
    text: [hello, '', what, reason, '', next, '', how].join('\n'),
    html:
      `<p>${e(hello)}</p><p>${e(what)}<br>${e(reason)}</p><p>${e(next)}</p>` +
      `<p>${e(how.replace(m.change.link, '').replace(/:\s*$/, ''))}: <a href="${e(m.change.link)}">${e(t(m.confirm ? 'Confirm the payment' : 'Change your payment method'))}</a></p>`,
  };
}
