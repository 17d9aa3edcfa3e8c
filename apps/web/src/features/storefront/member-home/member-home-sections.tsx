import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Spinner } from '../../../components/ui/alert';
import { useMemberHome } from './api/get-member-home';
import { CoverageSection } from './coverage-section';
import { IdCards } from './id-cards';
import { DocumentsSection } from './documents-section';
import { PaymentSection } from './payment-section';
import { PaymentsSection } from './payments-section';
import { BeneficiariesSection } from './beneficiaries-section';
import { AddressSection } from './address-section';
import { NewQuoteButton } from './new-quote-button';
import { PlanChangesSection } from './plan-changes-section';
import { RenewalLine } from './renewal-line';
import './member-home.css';

/** Life events (issue 38): their own folder, loaded with the section. */
const LifeEventsSection = lazy(() => import('../life-events/life-events-section'));

/** The member's home beyond the tier choice (issue 24): coverage, ID cards, documents, address, payment, beneficiaries, new quote. */
export function MemberHomeSections() {
  const { t } = useTranslation();
  const home = useMemberHome();
  if (home.isLoading) return <Spinner />;
  if (home.isError || !home.data) return <Alert>{t(home.error?.message ?? 'Something went wrong. Please try again.')}</Alert>;
  const d = home.data;
  return (
    <div className="mh-sections">
      <CoverageSection coverage={d.coverage} />
      <RenewalLine />
      <PlanChangesSection coverage={d.coverage} />
      <Suspense fallback={null}>
        <LifeEventsSection />
      </Suspense>
      <IdCards member={d.member} coverage={d.coverage} />
      <DocumentsSection documents={d.documents} />
      <AddressSection address={d.address} />
      <PaymentsSection />
      <PaymentSection payment={d.payment} options={d.payment_options} cardEntry={d.card_entry} />
      <BeneficiariesSection enrollments={d.beneficiaries} />
      <NewQuoteButton member={d.member} />
    </div>
  );
}
