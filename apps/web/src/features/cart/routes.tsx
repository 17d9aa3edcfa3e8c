import type { FeatureRoute } from '../../app/types';
import { CartPage } from './components/cart-page';

export const routes: FeatureRoute[] = [{ path: '/cart', element: <CartPage /> }];
