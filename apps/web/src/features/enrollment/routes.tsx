import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy';

const ContinueEnrollmentPage = lazyPage(() => import('./continue/continue-enrollment-page'), 'ContinueEnrollmentPage');
const DirectContinuePage = lazyPage(() => import('./continue/direct-continue-page'), 'DirectContinuePage');

/**
 * The wizard and its steps (signature pad included) load as their own chunk when enrollment begins; on a first
 * visit to a wizard address, once the header and banner have painted (src/app/route-preloads.ts).
 */
const WizardPage = lazyPage(() => import('./wizard/wizard-page'), 'WizardPage', { afterFirstPaint: true });
/** The unsubscribe page of the reminder e-mails: its own small chunk. */
const UnsubscribePage = lazyPage(() => import('./reminders/unsubscribe-page'), 'UnsubscribePage');

/** The enrollment wizard (/enrollment/<step>), the entry points that resume a saved enrollment, and the reminders' unsubscribe page. */
export const routes: FeatureRoute[] = [
  { path: '/enrollment/*', element: <WizardPage /> },
  { path: '/continue-enrollment', element: <ContinueEnrollmentPage /> },
  { path: '/direct-continue/:id/:tab', element: <DirectContinuePage /> },
  { path: '/reminders/unsubscribe/:token', element: <UnsubscribePage /> },
];
