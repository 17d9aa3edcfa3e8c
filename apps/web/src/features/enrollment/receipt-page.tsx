import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { Alert, Spinner } from '../../components/ui/alert';
import { api } from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { paths } from '../../config/paths';

interface Receipt {
  policy_id: number | null;
  name: string;
  confirmation_number: string;
  email: string | null;
  eprocess: string;
}

/**
 * 'Return to homepage' (section 2.13): referrals when a referral is stored, / with an open type, else by process type.
 * A signed-in rep or group administrator goes by process type: signing in stores their open type too (auth/api.ts).
 */
export function homeTarget(): string {
  const referral = storage.get('referral');
  if (referral) return paths.referrals(referral);
  const signedInStaff = ['rep', 'group'].includes(storage.get('usertype') ?? '');
  if (storage.get('open_type') && !signedInStaff) return '/';
  const eprocess = storage.get('eprocess');
  if (eprocess === 'rep') return paths.homeVariant('agent-home');
  if (eprocess === 'group') return paths.homeVariant('group-home');
  return paths.homeVariant('member-home');
}

/** The thank-you page and receipt of a completed enrollment (enrollment.md 2.13, 4.11). */
export function ReceiptPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // The id is kept for this page; storage forgets it (tempId and the cart are reset once the receipt is read).
  const [enrollmentId] = useState(() => storage.get('tempId'));
  const receipt = useQuery({
    queryKey: ['receipt', enrollmentId],
    enabled: !!enrollmentId,
    staleTime: Infinity,
    queryFn: async () => (await api.get<Receipt>('/api/v1/get-receipt', { enrollment_id: enrollmentId! })).data,
  });
  const [home] = useState(homeTarget);
  useEffect(() => {
    if (!receipt.data) return;
    storage.remove('tempId', 'tempDepData', 'navto', 'nav_array', 'health_track', 'first_track', 'isSpouseEnrollAccept', 'continue_track');
    storage.set('cartCount', 0);
    void qc.invalidateQueries({ queryKey: ['cart-count'] });
  }, [receipt.data, qc]);

  if (!enrollmentId) return <Alert kind="info">{t('There is no enrollment in progress on this device.')}</Alert>;
  if (receipt.isError) return <Alert>{(receipt.error as Error).message}</Alert>;
  if (!receipt.data) return <Spinner />;
  const r = receipt.data;
  return (
    <section className="page narrow receipt-page card">
      <h1>{t('Dear {{name}}, Thank you', { name: r.name })}</h1>
      <p>
        {t('Your confirmation number is')} <strong className="confirmation-number">{r.confirmation_number}</strong>
      </p>
      <p>{t('A receipt titled "{{title}}" will be sent to your e-mail within 10 minutes.', { title: TEXT.ENROLLMENT_RECEIPT })}</p>
      <p>
        <a href={`/api/v1/get-receipt-pdf?enrollment_id=${encodeURIComponent(enrollmentId)}`} download>
          {t('Download {{title}} (PDF)', { title: TEXT.ENROLLMENT_RECEIPT })}
        </a>
      </p>
      <Link className="btn btn-primary" to={home}>
        {t(TEXT.RETURN_TO_HOMEPAGE)}
      </Link>
    </section>
  );
}
