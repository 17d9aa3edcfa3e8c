import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy';
import { HomePage } from './home-page';
import { StoreRoot } from './pages/store-root';

const AgentHomePage = lazyPage(() => import('./pages/agent-home-page'), 'AgentHomePage');
const GroupHomePage = lazyPage(() => import('./pages/group-home-page'), 'GroupHomePage');
const MemberHomePage = lazyPage(() => import('./pages/member-home-page'), 'MemberHomePage');
const ReferralsPage = lazyPage(() => import('./pages/referrals-page'), 'ReferralsPage');
const ProviderListPage = lazyPage(() => import('./pages/provider-list-page'), 'ProviderListPage');
const PrivacyPage = lazyPage(() => import('./pages/privacy-page'), 'PrivacyPage');
const ChangePaymentPage = lazyPage(() => import('./payment-link/change-payment-page'), 'ChangePaymentPage');

export const routes: FeatureRoute[] = [
  { path: '/', element: <StoreRoot /> },
  { path: '/home', element: <HomePage /> },
  { path: '/agent-home', element: <AgentHomePage /> },
  { path: '/group-home', element: <GroupHomePage /> },
  { path: '/member-home', element: <MemberHomePage /> },
  { path: '/referrals', element: <ReferralsPage /> },
  { path: '/provider-list', element: <ProviderListPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  // A failed payment's one-time link (issue 36), mailed to a payer without an account.
  { path: '/change-payment/:token', element: <ChangePaymentPage />, prefixable: false },
];
