import { Navigate } from 'react-router';
import type { FeatureRoute } from '../../app/types';
import { MemberTierLinkPage } from './member-tier-link-page';
import { PlanQuestionViewPage } from './plan-question-view-page';
import { ConfirmationPage } from './confirmation-page';

/**
 * Entry points of storefront.md's route table whose content the documents do not show: /external,
 * /website and /BenAdvanceHome (start-up stores what their query says, then the home page), the member
 * tier link, the static question mock-up and the confirmation page.
 */
export const routes: FeatureRoute[] = [
  { path: '/external', element: <Navigate to="/" replace /> },
  { path: '/website', element: <Navigate to="/" replace /> },
  { path: '/BenAdvanceHome', element: <Navigate to="/" replace /> },
  { path: '/member-benefit-store/:id/:tier', element: <MemberTierLinkPage /> },
  { path: '/PlanQuestionView', element: <PlanQuestionViewPage /> },
  { path: '/confirmation', element: <ConfirmationPage /> },
];
