import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { SignInPage } from './sign-in-page';
import { SignInLinkPage } from './sign-in-link-page';

/**
 * Everything under /sign-in, one lazy route of the first page's router: the sign-in form, and /sign-in/link where a
 * dashboard's one-time link asks before it signs in (decision 2330). One route instead of two keeps the first page
 * within its budget (decision 0800).
 */
export function SignInPages() {
  const { pathname } = useLocation();
  return pathname.replace(/\/+$/, '') === paths.signInLink ? <SignInLinkPage /> : <SignInPage />;
}
