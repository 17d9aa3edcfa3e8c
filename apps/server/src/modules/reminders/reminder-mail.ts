import { escapeHtml } from '../../lib/escape-html.ts';
import { mailTranslator, type MailLang } from '../../lib/mail-i18n.ts';

/** The reminder of a saved, unfinished enrollment: the signed resume link and the unsubscribe link. */
export function renderReminderMail(lang: MailLang, m: { origin: string; resumeLink: string; unsubscribeLink: string }) {
  const t = mailTranslator(lang);
  const e = escapeHtml;
  const url = `${m.origin}/continue-enrollment`;
  return {
    subject: t('Your enrollment is waiting for you'),
    text: [
      t('You saved your enrollment but have not finished it yet.'),
      '',
      t('Continue your enrollment: {{link}}', { link: m.resumeLink }),
      '',
      t('You can also continue at {{url}} with the enrollment code we sent you.', { url }),
      '',
      t('Do not want these reminders? Unsubscribe: {{link}}', { link: m.unsubscribeLink }),
    ].join('\n'),
    html:
      `<p>${e(t('You saved your enrollment but have not finished it yet.'))}</p>` +
      `<p><a href="${e(m.resumeLink)}">${e(t('Continue your enrollment'))}</a></p>` +
      `<p>${t('You can also continue at {{url}} with the enrollment code we sent you.', { url: `<a href="${e(url)}">${e(url)}</a>` })}</p>` +
      `<p style="font-size:12px">${e(t('Do not want these reminders?'))} <a href="${e(m.unsubscribeLink)}">${e(t('Unsubscribe'))}</a></p>`,
  };
}
