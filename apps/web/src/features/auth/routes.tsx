import type { FeatureRoute } from '../../app/types';
import { SignInPage } from './sign-in-page';

export const routes: FeatureRoute[] = [{ path: '/sign-in', element: <SignInPage />, prefixable: false }];
