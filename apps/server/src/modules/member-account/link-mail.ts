import { MEMBER_ACCOUNT_TEXT } from '@store/domain/member-account';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailLang } from '../../lib/mail-i18n.ts';

const ES: Record<string, string> = {
  [MEMBER_ACCOUNT_TEXT.LINK_SUBJECT]: 'Su enlace para iniciar sesión',
  [MEMBER_ACCOUNT_TEXT.LINK_BODY]: 'Abra este enlace para iniciar sesión y ver sus planes. Funciona una vez, durante 15 minutos:',
  'Sign in': 'Iniciar sesión',
  'Did not ask for it? Ignore this message: nobody can sign in without the link.':
    '¿No lo pidió? Ignore este mensaje: nadie puede iniciar sesión sin el enlace.',
};

/** The member's one-time sign-in link (decision 2460), in the language of the page that asked for it. */
export function renderSignInLinkMail(lang: MailLang, link: string) {
  const t = (s: string) => (lang === 'es' ? (ES[s] ?? s) : s);
  const ignore = t('Did not ask for it? Ignore this message: nobody can sign in without the link.');
  return {
    subject: t(MEMBER_ACCOUNT_TEXT.LINK_SUBJECT),
    text: [t(MEMBER_ACCOUNT_TEXT.LINK_BODY), link, '', ignore].join('\n'),
    html:
      `<p>${escapeHtml(t(MEMBER_ACCOUNT_TEXT.LINK_BODY))}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t('Sign in'))}</a></p><p>${escapeHtml(ignore)}</p>`,
  };
}
