import type { FeatureRoute } from '../../app/types';
import { lazyPage } from '../../app/lazy';

const SignInPage = lazyPage(() => import('./sign-in-page'), 'SignInPage');

export const routes: FeatureRoute[] = [{ path: '/sign-in', element: <SignInPage /> }];
