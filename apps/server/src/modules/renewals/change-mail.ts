import { addDaysIso, isoToUs } from '@store/domain/dates';
import { centsToDollars } from '@store/domain/format';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailLang } from '../../lib/mail-i18n.ts';

/**
 * The mail of what a renewal date did to a member's plan (issue 38, decisions 2660 and 2720): moved, ended, lapsed, or
 * replaced by the member's open enrollment choice.
 */
export const RENEWAL_CHANGE_MAIL_KIND = 'renewal-change';

const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');
const TEXTS = {
  en: {
    subject: 'Your coverage changed on {date}',
    hello: 'Dear {name},',
    moved:
      '{plan} was discontinued. From {date} you are covered by {replacement} at {price} a month; {plan} ended on {ends}. We told the insurance carrier.',
    ended: '{plan} was discontinued and ended on {ends}. It is no longer charged and we told the insurance carrier.',
    lapsed:
      'Your employer asked everyone to choose their benefits again by {closes}. You did not choose, so {plan} ended on {ends}. It is no longer charged and we told the insurance carrier.',
    replaced:
      'You chose your benefits for the plan year starting {date}. {plan} is not part of your choice, so it ended on {ends}. It is no longer charged and we told the insurance carrier.',
    help: 'To choose new coverage, sign in to your member home or contact your representative.',
  },
  es: {
    subject: 'Su cobertura cambió el {date}',
    hello: 'Estimado(a) {name}:',
    moved:
      '{plan} se descontinuó. Desde el {date} lo cubre {replacement} por {price} al mes; {plan} terminó el {ends}. Se lo informamos a la aseguradora.',
    ended: '{plan} se descontinuó y terminó el {ends}. Ya no se le cobra y se lo informamos a la aseguradora.',
    lapsed:
      'Su empleador pidió a todos elegir de nuevo sus beneficios hasta el {closes}. Usted no eligió, así que {plan} terminó el {ends}. Ya no se le cobra y se lo informamos a la aseguradora.',
    replaced:
      'Usted eligió sus beneficios para el año del plan que comienza el {date}. {plan} no forma parte de su elección, así que terminó el {ends}. Ya no se le cobra y se lo informamos a la aseguradora.',
    help: 'Para elegir una nueva cobertura, entre a su página de miembro o comuníquese con su representante.',
  },
} as const;

export type RenewalChangeKind = 'moved' | 'ended' | 'lapsed' | 'replaced';

export function renewalChangeMail(
  lang: MailLang,
  kind: RenewalChangeKind,
  v: {
    name: string;
    plan: string;
    startsOn: string;
    replacement?: string | null;
    priceCents?: number | null;
    closesOn?: string | null;
    /** The coverage's last day when it is not the day before `startsOn` (a replacement after evidence, 2720). */
    endsOn?: string | null;
  },
) {
  const t = TEXTS[lang];
  const values = {
    name: v.name,
    plan: v.plan,
    date: isoToUs(v.startsOn),
    ends: isoToUs(v.endsOn ?? addDaysIso(v.startsOn, -1)),
    replacement: v.replacement ?? '',
    price: v.priceCents === null || v.priceCents === undefined ? '' : `$${centsToDollars(v.priceCents)}`,
    closes: v.closesOn ? isoToUs(v.closesOn) : '',
  };
  const lines = [fill(t.hello, values), fill(t[kind], values), t.help];
  return {
    subject: fill(t.subject, values),
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
  };
}
