import type { FeatureRoute } from '../../app/types';
import { HomePage } from './home-page';
import { AgentHomePage, GroupHomePage } from './pages/enrollment-home-page';
import { MemberHomePage } from './pages/member-home-page';
import { ReferralsPage } from './pages/referrals-page';
import { ProviderListPage } from './pages/provider-list-page';
import { StoreRoot } from './pages/store-root';

export const routes: FeatureRoute[] = [
  { path: '/', element: <StoreRoot /> },
  { path: '/home', element: <HomePage /> },
  { path: '/agent-home', element: <AgentHomePage /> },
  { path: '/group-home', element: <GroupHomePage /> },
  { path: '/member-home', element: <MemberHomePage /> },
  { path: '/referrals', element: <ReferralsPage /> },
  { path: '/provider-list', element: <ProviderListPage /> },
];
