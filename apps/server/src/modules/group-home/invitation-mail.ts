import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailLang } from '../../lib/mail-i18n.ts';

/** The invitation of an employee on the census, and the reminder to one not finished: the group's enrollment link. */
export const INVITATION_KIND = 'group-invitation';
export const GROUP_REMINDER_KIND = 'group-reminder';

const ES: Record<string, string> = {
  'Enroll in your benefits at {{group}}': 'Inscríbase en sus beneficios de {{group}}',
  'Reminder: finish enrolling in your benefits at {{group}}': 'Recordatorio: termine su inscripción en los beneficios de {{group}}',
  'Dear {{name}},': 'Estimado(a) {{name}}:',
  '{{group}} invites you to choose your benefits.': '{{group}} le invita a elegir sus beneficios.',
  'You have not finished choosing your benefits at {{group}} yet.': 'Aún no ha terminado de elegir sus beneficios de {{group}}.',
  'Start your enrollment: {{link}}': 'Comience su inscripción: {{link}}',
  'Start your enrollment': 'Comience su inscripción',
  'Enrollment is open until {{date}}.': 'La inscripción está abierta hasta el {{date}}.',
};

const fill = (s: string, v: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => v[k] ?? '');

export function renderGroupMail(
  lang: MailLang,
  kind: 'invitation' | 'reminder',
  m: { name: string; group: string; link: string; closesOn: string | null },
) {
  const t = (key: string, v: Record<string, string> = {}) => fill(lang === 'es' ? (ES[key] ?? key) : key, v);
  const e = escapeHtml;
  const subject =
    kind === 'invitation'
      ? t('Enroll in your benefits at {{group}}', { group: m.group })
      : t('Reminder: finish enrolling in your benefits at {{group}}', { group: m.group });
  const lead =
    kind === 'invitation'
      ? t('{{group}} invites you to choose your benefits.', { group: m.group })
      : t('You have not finished choosing your benefits at {{group}} yet.', { group: m.group });
  const until = m.closesOn ? t('Enrollment is open until {{date}}.', { date: m.closesOn }) : '';
  return {
    subject,
    text: [
      t('Dear {{name}},', { name: m.name }),
      '',
      lead,
      '',
      t('Start your enrollment: {{link}}', { link: m.link }),
      ...(until ? ['', until] : []),
    ].join('\n'),
    html:
      `<p>${e(t('Dear {{name}},', { name: m.name }))}</p><p>${e(lead)}</p>` +
      `<p><a href="${e(m.link)}">${e(t('Start your enrollment'))}</a></p>` +
      (until ? `<p>${e(until)}</p>` : ''),
  };
}
