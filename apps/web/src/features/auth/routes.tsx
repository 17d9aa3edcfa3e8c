import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy';

const SignInPage = lazyPage(() => import('./sign-in-page'), 'SignInPage');

export const routes: FeatureRoute[] = [{ path: '/sign-in', element: <SignInPage /> }];
