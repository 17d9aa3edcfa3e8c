import { escapeHtml } from '../../lib/escape-html.ts';
import { mailTranslator, type MailLang } from '../../lib/mail-i18n.ts';

/** The enrollment-code mail of Save & Continue Later, in the person's language (English as it always was). */
export function renderEnrollmentCodeMail(lang: MailLang, m: { code: string; origin: string; link: string }) {
  const t = mailTranslator(lang);
  const e = escapeHtml;
  const url = `${m.origin}/continue-enrollment`;
  return {
    subject: t('Your enrollment code'),
    text: [
      t('Your enrollment has been saved.'),
      '',
      t('Enrollment code: {{code}}', { code: m.code }),
      '',
      `${t('Continue at {{url}} with this code and this e-mail address, or open:', { url })}\n${m.link}`,
      '',
      t('The code and the link expire in 7 days.'),
    ].join('\n'),
    html:
      `<p>${e(t('Your enrollment has been saved.'))}</p>` +
      `<p>${t('Enrollment code: {{code}}', { code: `<strong>${e(m.code)}</strong>` })}</p>` +
      `<p>${t('Continue at {{url}} with this code and this e-mail address, or {{link}}.', { url: `<a href="${e(url)}">${e(url)}</a>`, link: `<a href="${e(m.link)}">${e(t('continue directly'))}</a>` })}</p>` +
      `<p>${e(t('The code and the link expire in 7 days.'))}</p>`,
  };
}
