import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy';
import { paths } from '../../config/paths';

const SignInPage = lazyPage(() => import('./sign-in-page'), 'SignInPage');
const SignInLinkPage = lazyPage(() => import('./sign-in-link-page'), 'SignInLinkPage');

export const routes: FeatureRoute[] = [
  { path: paths.signIn, element: <SignInPage /> },
  { path: paths.signInLink, element: <SignInLinkPage /> },
];
