import { fillPath } from '@store/domain/contract/endpoint';
import { getSignedApplication } from '@store/domain/contract/consent';
import { buildUrl } from '../../../lib/api-client';

/**
 * The signed application's download address (a link the browser follows). A file of its own: the receipt page links
 * to it without loading the consent texts (packages/domain consent.ts), which only the billing and agreement steps need.
 */
export const signedApplicationUrl = (enrollmentId: string) =>
  buildUrl(fillPath(getSignedApplication.path, {}), { enrollment_id: enrollmentId });
