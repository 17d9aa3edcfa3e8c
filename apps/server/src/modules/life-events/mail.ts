import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { LIFE_EVENT_LABEL, type TLifeEventType } from '@store/domain/life-events';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailLang } from '../../lib/mail-i18n.ts';

/** The mails of life events (issue 38): English is the key; Spanish beside it. */
const EVENT_ES: Record<TLifeEventType, string> = {
  marriage: 'Matrimonio',
  birth_adoption: 'Nacimiento o adopción',
  divorce: 'Divorcio',
  loss_of_coverage: 'Pérdida de otra cobertura',
  move: 'Mudanza a otro estado',
  dependent_death: 'Fallecimiento de un dependiente',
};
const TEXTS = {
  en: {
    hello: 'Dear {name},',
    reported: {
      subject: 'Your life event was reported',
      body: 'A life event was reported on your coverage{by}: {event} on {date}. You may change your coverage until {closes}.',
      by: ' by your representative',
      proof: 'Please upload your document ({proof}) from your home page; we review it before any change reaches the carrier.',
    },
    approved: { subject: 'Your life event was approved', body: 'Your {event} was approved. You may change your coverage until {closes}.' },
    rejected: { subject: 'Your life event was not approved', body: 'Your {event} was not approved. The reason: {reason}' },
    changed: {
      subject: 'Your coverage was changed',
      body: '{change} Your coverage is now {tier}, {amount} a month from {date}; the new amount is charged from your next bill day.',
      added: '{who} was added to your coverage.',
      removed: '{who} was removed from your coverage.',
    },
    plan: {
      subject: 'Your plan was changed',
      body: '{old} ends on {ends}; {new} starts on {date} at {amount} a month, charged from your next bill day.',
      pending:
        '{new} needs evidence of insurability: it is pending until the carrier decides, usually within 5 to 10 days. Until then {old} stays as it is and nothing of {new} is charged.',
    },
  },
  es: {
    hello: 'Estimado(a) {name}:',
    reported: {
      subject: 'Se informó su evento de vida',
      body: 'Se informó un evento de vida en su cobertura{by}: {event} el {date}. Puede cambiar su cobertura hasta el {closes}.',
      by: ' por su representante',
      proof: 'Suba su documento ({proof}) desde su página; lo revisamos antes de que cualquier cambio llegue a la aseguradora.',
    },
    approved: {
      subject: 'Su evento de vida fue aprobado',
      body: 'Su evento ({event}) fue aprobado. Puede cambiar su cobertura hasta el {closes}.',
    },
    rejected: { subject: 'Su evento de vida no fue aprobado', body: 'Su evento ({event}) no fue aprobado. El motivo: {reason}' },
    changed: {
      subject: 'Su cobertura cambió',
      body: '{change} Su cobertura ahora es {tier}, {amount} al mes desde el {date}; el nuevo monto se cobra desde su próximo día de facturación.',
      added: '{who} fue agregado(a) a su cobertura.',
      removed: '{who} fue retirado(a) de su cobertura.',
    },
    plan: {
      subject: 'Su plan cambió',
      body: '{old} termina el {ends}; {new} comienza el {date} por {amount} al mes, cobrado desde su próximo día de facturación.',
      pending:
        '{new} necesita prueba de asegurabilidad: queda pendiente hasta que la aseguradora decida, por lo general en 5 a 10 días. Hasta entonces {old} sigue igual y no se cobra nada de {new}.',
    },
  },
} as const;

const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');
const mail = (subject: string, lines: string[]) => ({
  subject,
  text: lines.join('\n\n'),
  html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
});
const eventName = (lang: MailLang, t: TLifeEventType) => (lang === 'es' ? EVENT_ES[t] : LIFE_EVENT_LABEL[t]);

export function reportedMail(
  lang: MailLang,
  d: { name: string; type: TLifeEventType; date: string; closes: string; proof: string | null; byRep: boolean },
) {
  const t = TEXTS[lang];
  const v = {
    name: d.name,
    event: eventName(lang, d.type),
    date: isoToUs(d.date),
    closes: isoToUs(d.closes),
    by: d.byRep ? t.reported.by : '',
  };
  const lines = [fill(t.hello, v), fill(t.reported.body, v), ...(d.proof ? [fill(t.reported.proof, { proof: d.proof })] : [])];
  return mail(t.reported.subject, lines);
}

export function decisionMail(lang: MailLang, d: { name: string; type: TLifeEventType; closes: string; approved: boolean; reason: string }) {
  const t = TEXTS[lang];
  const v = { name: d.name, event: eventName(lang, d.type), closes: isoToUs(d.closes), reason: d.reason };
  const which = d.approved ? t.approved : t.rejected;
  return mail(which.subject, [fill(t.hello, v), fill(which.body, v)]);
}

export function changedMail(
  lang: MailLang,
  d: { name: string; who: string; added: boolean; tier: string; monthlyCents: number; effectiveDate: string },
) {
  const t = TEXTS[lang];
  const change = fill(d.added ? t.changed.added : t.changed.removed, { who: d.who });
  const v = { name: d.name, change, tier: d.tier, amount: formatCents(d.monthlyCents), date: isoToUs(d.effectiveDate) };
  return mail(t.changed.subject, [fill(t.hello, v), fill(t.changed.body, v)]);
}

export function planChangedMail(
  lang: MailLang,
  d: { name: string; oldPlan: string; newPlan: string; endsOn: string | null; startsOn: string; monthlyCents: number },
) {
  const t = TEXTS[lang];
  const v = {
    name: d.name,
    old: d.oldPlan,
    new: d.newPlan,
    ends: d.endsOn ? isoToUs(d.endsOn) : '',
    date: isoToUs(d.startsOn),
    amount: formatCents(d.monthlyCents),
  };
  return mail(t.plan.subject, [fill(t.hello, v), fill(d.endsOn ? t.plan.body : t.plan.pending, v)]);
}
