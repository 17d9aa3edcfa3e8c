import type { FeatureRoute } from '../../app/types';
import { lazyPage } from '../../app/lazy';

const CartPage = lazyPage(() => import('./components/cart-page'), 'CartPage');

export const routes: FeatureRoute[] = [{ path: '/cart', element: <CartPage /> }];
