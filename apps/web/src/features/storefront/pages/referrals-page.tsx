import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { storage } from '../../../lib/storage';
import { Spinner } from '../../../components/ui/alert';
import { QuoteForm } from '../../../components/quote/quote-form';
import { useReferral } from '../api/get-referral';
import { FeaturedPlans } from '../sections/featured-plans';

/** /referrals?rid=: the quote form for referral visitors; 'Referred By' when the link is valid. */
export function ReferralsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rid = params.get('rid');
  const referral = useReferral(rid);
  const info = referral.data;
  useEffect(() => {
    if (!info) return;
    if (info.valid_referral_link) {
      storage.set('referral', info.referral_id);
      storage.set('r_valid', 'true');
      storage.set('r_name', info.referrer_info?.name ?? '');
      if (info.agent_id) {
        storage.set('agent_id', info.agent_id);
        storage.set('AGENT_ID', info.agent_id);
      }
      if (info.group_id) storage.set('group_id', info.group_id);
      if (info.portal_id) storage.set('portal_id', info.portal_id);
    } else {
      storage.remove('referral', 'r_name');
      storage.set('r_valid', 'false');
    }
  }, [info]);
  return (
    <div className="home referral-home">
      <section className="hero">
        <div className="hero-inner hero-grid">
          <div className="hero-copy">
            <h1>{t('Find the right plan for you')}</h1>
            {referral.isLoading && <Spinner />}
            {info?.valid_referral_link && info.referrer_info && (
              <p className="referred-by">
                {t(TEXT.REFERRED_BY)}: <strong>{info.referrer_info.name}</strong>
              </p>
            )}
          </div>
          <QuoteForm referral={info?.valid_referral_link ? info.referral_id : undefined} title="Get a quote in seconds" />
        </div>
      </section>
      <FeaturedPlans />
    </div>
  );
}
