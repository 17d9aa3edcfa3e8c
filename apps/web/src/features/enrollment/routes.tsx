import type { FeatureRoute } from '../../app/types';
import { WizardPage } from './wizard/wizard-page';
import { ContinueEnrollmentPage } from './continue/continue-enrollment-page';
import { DirectContinuePage } from './continue/direct-continue-page';

/** The enrollment wizard (/enrollment/<step>) and the entry points that resume a saved enrollment. */
export const routes: FeatureRoute[] = [
  { path: '/enrollment/*', element: <WizardPage /> },
  { path: '/continue-enrollment', element: <ContinueEnrollmentPage /> },
  { path: '/direct-continue/:id/:tab', element: <DirectContinuePage /> },
];
