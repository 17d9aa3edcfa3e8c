import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FALLBACK_IDS, QUOTE_TIER_CODES } from '@store/domain/codes';
import { ApiError } from '../../lib/api-client';
import { addFilterForMember } from './api/add-filter-for-member';
import { storage } from '../../lib/storage';
import { Alert, Spinner } from '../../components/ui/alert';
import { useMe } from '../../lib/auth/get-me';

/**
 * /member-benefit-store/{id}/{tier}: a member's tier link. The link's id never opens anything by itself:
 * the member signs in, and only their own id starts a quote (group 1929 is the tier-link group). The tier may be
 * IC3, the child tier of enrollment.md 4.7 (issue 26: its way in from the demo data).
 */
export function MemberTierLinkPage() {
  const { t } = useTranslation();
  const { id = '', tier = '' } = useParams();
  const me = useMe();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const tierCode = (QUOTE_TIER_CODES as readonly string[]).includes(tier.toUpperCase()) ? tier.toUpperCase() : null;
  const userId = Number(id);
  const mine = me.data?.signed_in && me.data.role === 'member' && me.data.user_id === userId;

  useEffect(() => {
    if (!mine || !tierCode) return;
    storage.set('group_id', FALLBACK_IDS.tierLinkGroupId);
    storage.set('eprocess', 'applicant');
    storage.set('enroll_type', 'existing-member');
    addFilterForMember({ user_id: userId, tier: tierCode as never })
      .then((r) => {
        storage.set('tempId', r.temp_enrollment_id);
        storage.set('portal_id', r.portal_id);
        storage.set('isFilterDataSubmitted', 'true');
        navigate('/plans', { replace: true });
      })
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : String(err)));
  }, [mine, tierCode, userId, navigate]);

  if (!tierCode || !Number.isInteger(userId) || userId <= 0) return <Navigate to="/404" replace />;
  if (me.isLoading) return <Spinner />;
  if (!me.data?.signed_in) return <Navigate to={`/sign-in?next=${encodeURIComponent(window.location.pathname)}`} replace />;
  if (!mine) return <Navigate to="/404" replace />;
  return error ? <Alert>{t(error)}</Alert> : <Spinner />;
}
