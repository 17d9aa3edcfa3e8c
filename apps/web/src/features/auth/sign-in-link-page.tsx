import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_LINK_TEXT } from '@store/domain/sign-in-link';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useSignInLinkPreview, useSignInWithLink } from './api/sign-in-link';

/**
 * /sign-in/link: where a dashboard's one-time sign-in link leads (GET /api/auth/link). Opening it signs nothing in;
 * the person sees who the link is for and signs in with the button (a POST with the CSRF token), so that another
 * site cannot sign a visitor into its own account (decision 2330). The token comes in the fragment.
 */
export function SignInLinkPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const token = fragment.get('token') ?? '';
  const next = fragment.get('next') ?? '/';
  const preview = useSignInLinkPreview(token);
  const signIn = useSignInWithLink();
  const invalid = !token || preview.isError || signIn.isError;
  const go = async () => {
    const r = await signIn.mutateAsync({ token, next }).catch(() => null);
    // A whole page load: the app starts afresh as the signed-in person, as it did when the link signed in itself.
    if (r) window.location.assign(r.next);
  };
  return (
    <section className="page narrow">
      <h1>{t(SIGN_IN_LINK_TEXT.TITLE)}</h1>
      {invalid ? (
        <>
          <p role="alert">{t(SIGN_IN_LINK_TEXT.INVALID)}</p>
          <p>
            <Link to={paths.signIn}>{t('Sign in')}</Link>
          </p>
        </>
      ) : preview.data ? (
        <>
          <p>{t(SIGN_IN_LINK_TEXT.CONTINUE_AS, { email: preview.data.email })}</p>
          <p>{t(SIGN_IN_LINK_TEXT.EXPLAIN)}</p>
          <Button type="button" onClick={go} disabled={signIn.isPending || signIn.isSuccess}>
            {t(SIGN_IN_LINK_TEXT.CONTINUE)}
          </Button>
        </>
      ) : (
        <p aria-busy="true">{t('Loading')}</p>
      )}
    </section>
  );
}
