import { isoToUs } from '@store/domain/dates';
import { EOI_TEXT, type TEoiDecision } from '@store/domain/coverage-changes';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailLang } from '../../lib/mail-i18n.ts';

/** The mails of evidence of insurability (issue 38): English is the key; Spanish beside it. */
const TEXTS = {
  en: {
    subject: {
      approved: 'Your {plan} was approved',
      declined: 'Your {plan} was declined',
      more_information: 'The carrier needs more information for your {plan}',
    },
    hello: 'Dear {name},',
    approved: 'The carrier approved your {plan}. Your coverage starts on {date}; its first monthly payment is taken on your next bill day.',
    declined: 'The carrier declined your {plan}. The reason the carrier gave: {reason}',
    more_information:
      'The carrier needs more information before it decides on your {plan}: {reason} Until it decides, your plan is pending evidence of insurability and nothing is charged for it.',
    next: EOI_TEXT.DECLINED_NEXT,
    reference: "The carrier's reference: {reference}",
  },
  es: {
    subject: {
      approved: 'Su {plan} fue aprobado',
      declined: 'Su {plan} fue rechazado',
      more_information: 'La aseguradora necesita más información para su {plan}',
    },
    hello: 'Estimado(a) {name}:',
    approved:
      'La aseguradora aprobó su {plan}. Su cobertura comienza el {date}; su primer pago mensual se cobra en su próximo día de facturación.',
    declined: 'La aseguradora rechazó su {plan}. El motivo que dio la aseguradora: {reason}',
    more_information:
      'La aseguradora necesita más información antes de decidir sobre su {plan}: {reason} Mientras tanto, su plan queda pendiente de prueba de asegurabilidad y no se le cobra.',
    next: 'Puede pedir a la aseguradora que reconsidere con nueva información médica, o elegir un plan que no requiera pruebas, como Guaranteed Issue Life.',
    reference: 'Referencia de la aseguradora: {reference}',
  },
} as const;

const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');

/** The member's mail of the carrier's decision: why, and (for a decline) what the person may do. */
export function decisionMail(
  lang: MailLang,
  d: { decision: TEoiDecision; name: string; plan: string; reason: string; reference: string; startsOn: string | null },
) {
  const t = TEXTS[lang];
  const v = { name: d.name, plan: d.plan, reason: d.reason, reference: d.reference, date: d.startsOn ? isoToUs(d.startsOn) : '' };
  const lines = [fill(t.hello, v), fill(t[d.decision], v), ...(d.decision === 'declined' ? [t.next] : []), fill(t.reference, v)];
  return {
    subject: fill(t.subject[d.decision], v),
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
  };
}
