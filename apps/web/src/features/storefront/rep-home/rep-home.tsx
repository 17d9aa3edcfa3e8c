import { useTranslation } from 'react-i18next';
import { InProgressList } from './components/in-progress-list';
import { CompletedList } from './components/completed-list';
import { MembersList } from './components/members-list';
import { QuotesList } from './components/quotes-list';
import { PaymentStandingList } from './components/payment-standing-list';
import { RenewalsList } from './components/renewals-list';
import { UnconfirmedList } from './components/unconfirmed-list';
import './rep-home.css';

/** The signed-in rep's book of business, under the Start Enrollment flow of /agent-home. */
export function RepHome() {
  const { t } = useTranslation();
  return (
    <div className="page rep-home">
      <p className="rep-home-intro">{t('Your book of business: only the people you enrolled or quoted appear here.')}</p>
      <InProgressList />
      <CompletedList />
      <MembersList />
      <QuotesList />
      <PaymentStandingList />
      <RenewalsList />
      <UnconfirmedList />
    </div>
  );
}
