import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy';
import { paths } from '../../config/paths';

const SignInPages = lazyPage(() => import('./sign-in-pages'), 'SignInPages');

export const routes: FeatureRoute[] = [{ path: `${paths.signIn}/*`, element: <SignInPages /> }];
