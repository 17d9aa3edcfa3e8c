import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHref } from 'react-router';
import { TEXT } from '@store/domain/texts';
import { STEP_ROUTES, type TabName } from '@store/domain/codes';
import { TextAreaField } from '../../../components/form/fields';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { fetchEffectiveDate, fetchPlanCart, fetchSavedStep } from '../api/saved-steps';
import { fetchHealthQuestions } from '../api/health';
import { fetchDependents } from '../api/dependents';
import { saveReview } from '../api/review';
import { fetchPaymentMethod } from '../api/billing';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZReviewNotesForm, type TReviewNotesForm } from '@store/domain/enrollment';
import type { TPlanCart } from '@store/domain/cart';
import { storage } from '../../../lib/storage';
import type { EnrollmentStep, StepProps } from '../wizard/contract';
import { StepActions } from '../wizard/step-actions';
import { LazyChargeLines } from '../../../components/money/lazy-charge-lines';
import { SectionAnswers } from './review-confirm/answers';
import { mediaUrl } from '@store/domain/media';
import { useSite } from '../../../lib/site/site-context';
import {
  beneficiaryRows,
  dependentRows,
  contactRows,
  employerRows,
  healthRows,
  personalRows,
  SECTIONS,
  type Row,
} from './review-confirm/sections';

/** Review & Confirmation (enrollment.md 2.9, 4.8). */
function ReviewConfirmStep({ nav }: StepProps) {
  const data = useQuery({
    queryKey: ['review', nav.enrollmentId],
    gcTime: 0,
    queryFn: async () => {
      // The steps before the review (decision 2530: the agreement and the billing follow it, so they are not shown).
      const before = nav.tabs.slice(0, Math.max(0, nav.tabs.indexOf('review_info')));
      const shown = SECTIONS.filter((s) => before.includes(s.tab));
      const rows: Partial<Record<TabName, Row[]>> = {};
      // The charge schedule follows the enrollment's method (card or bank, or the group's bill), chosen on billing.
      const payment = fetchPaymentMethod(nav.enrollmentId).catch(() => null);
      const others = Promise.all([
        fetchPlanCart(nav.enrollmentId).catch(() => null),
        fetchSavedStep(nav.enrollmentId, 'review_info'),
        fetchEffectiveDate(nav.enrollmentId),
      ]);
      await Promise.all(
        shown.map(async (s) => {
          if (s.tab === 'primary_health_info') {
            const res = await fetchHealthQuestions(nav.enrollmentId).catch(() => null);
            rows[s.tab] = healthRows(res);
          } else if (s.tab === 'dependent_info') {
            const r = await fetchDependents(nav.enrollmentId).catch(() => null);
            rows[s.tab] = dependentRows(r?.dependents ?? []);
          } else {
            const v = await fetchSavedStep(nav.enrollmentId, s.column!);
            rows[s.tab] =
              s.tab === 'primary_info'
                ? personalRows(v)
                : s.tab === 'contact_info'
                  ? contactRows(v)
                  : s.tab === 'employer_info'
                    ? employerRows(v)
                    : beneficiaryRows(v);
          }
        }),
      );
      const [cart, review, effective] = await others;
      const method = await payment;
      const paidBy = method === 'cc' || method === 'eft' ? 'card-or-bank' : 'list';
      return {
        shown,
        rows,
        cart: cart ?? null,
        notes: String(review.additional_notes ?? ''),
        paidBy: paidBy as 'card-or-bank' | 'list',
        paidWith: typeof method === 'string' ? method : null,
        effectiveDate: effective,
      };
    },
  });
  if (data.isError) return <Alert>{(data.error as Error).message}</Alert>;
  if (!data.data) return <Spinner />;
  return <ReviewForm nav={nav} {...data.data} />;
}

function ReviewForm({
  nav,
  shown,
  rows,
  cart,
  notes: initialNotes,
  paidBy,
  paidWith,
  effectiveDate,
}: StepProps & {
  shown: typeof SECTIONS;
  rows: Partial<Record<TabName, Row[]>>;
  cart: TPlanCart | null;
  notes: string;
  paidBy: 'card-or-bank' | 'list';
  paidWith: string | null;
  effectiveDate: string | null;
}) {
  const { t } = useTranslation();
  // The site's review-card picture (setting review_card_image; the operator's upload replaces the designed one).
  const reviewArt = mediaUrl(useSite().settings.review_card_image);
  // The steps' addresses under the router's basename (a landing's prefix kept).
  const enrollmentHref = useHref('/enrollment');
  const [open, setOpen] = useState<TabName | null>(null);
  const { register, handleSubmit } = useForm<TReviewNotesForm>({
    resolver: zodResolver(ZReviewNotesForm),
    defaultValues: { additional_notes: initialNotes },
  });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const section = shown.find((s) => s.tab === open);

  const edit = (tab: TabName) => {
    storage.set('navto', 'review-confirm');
    setOpen(null);
    nav.goTo(tab);
  };
  const save = (mode: 'next' | 'later') =>
    handleSubmit(async ({ additional_notes }) => {
      setBusy(true);
      try {
        // The review only saves the notes: the billing step's Next enrolls (decision 2530).
        await saveReview(nav.enrollmentId, additional_notes, false);
      } catch {
        setBusy(false);
        setFailed(true);
        return;
      }
      await nav.captureScreenshot(document.querySelector<HTMLElement>('.review-step'));
      setBusy(false);
      if (mode === 'later') return nav.openSaveForLater();
      storage.remove('navto');
      nav.goNext();
    })();

  return (
    <div className="step-form review-step">
      <h2>{t(TEXT.REVIEW_AND_CONFIRMATION)}</h2>
      {effectiveDate && (
        <p className="review-effective-date">
          {t('Effective Date')}: <strong>{effectiveDate}</strong>
        </p>
      )}
      <div className="review-layout">
        <div className="review-cards">
          {shown.map((s) => (
            <section key={s.tab} className="card review-card" aria-labelledby={`review-${s.tab}`}>
              <div className="review-card-head">
                <h3 id={`review-${s.tab}`}>{t(s.title)}</h3>
                <Button variant="secondary" onClick={() => setOpen(s.tab)} aria-label={`${t('View Details')}: ${t(s.title)}`}>
                  {t('View Details')}
                </Button>
              </div>
              <SectionAnswers tab={s.tab} rows={rows[s.tab] ?? []} href={`${enrollmentHref}/${STEP_ROUTES[s.tab].path}`} onChange={edit} />
            </section>
          ))}
          <TextAreaField label={t('Additional Notes')} maxLength={2000} {...register('additional_notes')} />
        </div>
        <aside className="card review-cart" aria-label={t('Cart')}>
          {reviewArt && <img className="review-art" src={reviewArt} alt="" width={240} height={160} loading="lazy" decoding="async" />}
          <h3>{t('Cart')}</h3>
          {/* The same lines and totals as the cart, the billing step and the receipt (packages/domain charges.ts). */}
          {cart && <LazyChargeLines summary={cart.summary} schedule={paidBy} method={paidWith} />}
        </aside>
      </div>
      <StepActions
        onBack={nav.goBack}
        onSaveLater={() => void save('later')}
        onNext={() => void save('next')}
        nextType="button"
        busy={busy}
      />
      <Modal
        open={!!section}
        title={section ? t(section.title) : ''}
        onClose={() => setOpen(null)}
        footer={section && <Button onClick={() => edit(section.tab)}>{t('Edit Details')}</Button>}
      >
        <dl className="review-rows">
          {(open ? (rows[open] ?? []) : []).map(([label, value], i) => (
            <div key={i} className="review-row">
              <dt>{t(label)}</dt>
              <dd>{value ? t(value) : '-'}</dd>
            </div>
          ))}
        </dl>
      </Modal>
      <Modal
        open={failed}
        title={t('Error')}
        onClose={() => setFailed(false)}
        footer={<Button onClick={() => (setFailed(false), nav.openSaveForLater())}>{t('Save and Continue Later')}</Button>}
      >
        <p>{t(TEXT.SOMETHING_WENT_WRONG)}</p>
      </Modal>
    </div>
  );
}

export const step: EnrollmentStep = { tab: 'review_info', Component: ReviewConfirmStep };
