import { fillPath } from '@store/domain/contract/endpoint';
import { getMemberDocument, getMemberIdCard } from '@store/domain/contract/member-home';
import type { TMemberDocument } from '@store/domain/member-home';
import { buildUrl } from '../../../../lib/api-client';

/** The wallet ID card PDF of one of the member's plans. */
export const idCardPdfUrl = (policyId: number, lang: string) =>
  buildUrl(fillPath(getMemberIdCard.path, { policy_id: policyId }), { lang: lang === 'es' ? 'es' : 'en' });

/** A receipt or signed application PDF of one of the member's enrollments. */
export const memberDocumentUrl = (d: Pick<TMemberDocument, 'enrollment_id' | 'kind'>) =>
  buildUrl(fillPath(getMemberDocument.path, { enrollment_id: d.enrollment_id, kind: d.kind }));
