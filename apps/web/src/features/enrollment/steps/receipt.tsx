import { lazy } from 'react';

/**
 * The thank-you page at /enrollment/receipt, collected by the wizard (see wizard/steps.ts). Loaded when it opens, not
 * with the steps: the enrollment page's budget (80 kB gzip, apps/web/test/inner-page-files.test.ts) is the steps'.
 */
export const receipt = lazy(() => import('../receipt-page').then((m) => ({ default: m.ReceiptPage })));
