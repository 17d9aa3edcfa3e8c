import { useDeferredValue, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TCartRow } from '@store/domain/cart';
import { defaultEffectiveDate } from '@store/domain/dates';
import { TEXT } from '@store/domain/texts';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api-client';
import { storage, useStored } from '../../../lib/storage';
import { paths } from '../../../config/paths';
import { useSiteRules } from '../../../lib/site/site-context';
import {
  fetchDynamicTabs,
  requiredTabNames,
  useCheckout,
  useEffectiveDates,
  usePlanCart,
  usePrudentialCart,
  useRemoveFromCart,
  useStoredEffectiveDate,
} from '../api/cart';
import { CartRowItem, dollars } from './cart-rows';
import { PlanDetailsModal } from './plan-details-modal';
import { lazyWhenOpen } from '../../../lib/lazy';
import { ChargeLines } from '../../../components/money/charge-lines';
import { CHARGE_TEXT } from '@store/domain/charges';
import '../cart.css';

/** The e-mail-a-quote dialog (react-hook-form and zod with it) loads when a rep first opens it. */
const QuoteModal = lazyWhenOpen(() => import('./quote-modal'), 'QuoteModal');
/** The screenshot of the cart at checkout: its code loads then (a failure is ignored, as for every screenshot). */
const uploadScreenshot = (...args: Parameters<typeof import('../../../lib/screenshot').uploadScreenshot>) =>
  import('../../../lib/screenshot').then(
    (m) => m.uploadScreenshot(...args),
    (err) => console.warn('screenshot not saved', err),
  );

/** /cart: plan rows, order info with the effective date, riders, quote and checkout. */
export function CartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tempId = useStored('tempId');
  const eprocess = useStored('eprocess');
  const showQuotation = useStored('show-quotation');
  const { isDental } = useSiteRules();
  const pageRef = useRef<HTMLDivElement>(null);

  const cart = usePlanCart(tempId);
  const dates = useEffectiveDates(tempId);
  const stored = useStoredEffectiveDate(tempId);
  const prudential = usePrudentialCart(tempId);
  const remove = useRemoveFromCart(tempId);
  const checkout = useCheckout(tempId);

  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<TCartRow | null>(null);
  const [detailsOf, setDetailsOf] = useState<number | null>(null);
  const [quoteOpen, setQuoteOpen] = useState(false);
  const [confirmTabs, setConfirmTabs] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const offered = dates.data ?? [];
  const effectiveDate = chosenDate && offered.includes(chosenDate) ? chosenDate : defaultEffectiveDate(offered, stored.data ?? null);
  const rows = cart.data?.result ?? [];
  const removable = rows.filter((r) => r.removable === 1);
  const riders = rows.filter((r) => r.parent_plan_id !== null);
  const nameOf = (planId: number | null) => rows.find((r) => r.plan_id === planId)?.plan_name ?? '';
  const canQuote = (eprocess === 'rep' || eprocess === 'group') && showQuotation !== 'no' && !isDental;

  const confirmRemove = async () => {
    if (!toRemove) return;
    setError(null);
    try {
      await remove.mutateAsync(toRemove);
      setToRemove(null);
    } catch (err) {
      setToRemove(null);
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    }
  };

  const proceed = async () => {
    if (!tempId) return;
    setError(null);
    setDateError(null);
    if (!effectiveDate) {
      setDateError(TEXT.FIELD_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      setConfirmTabs(requiredTabNames(await fetchDynamicTabs(tempId)));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const confirmCheckout = async () => {
    if (!tempId || !effectiveDate || !confirmTabs) return;
    setError(null);
    try {
      await checkout.mutateAsync(effectiveDate);
    } catch (err) {
      setConfirmTabs(null);
      const fe = err instanceof ApiError ? err.fieldErrors.find((f) => f.target_element === 'effective_date') : undefined;
      if (fe) setDateError(fe.error_message);
      else setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      void dates.refetch();
      return;
    }
    await uploadScreenshot(tempId, 'cart', pageRef.current);
    storage.set('nav_array', confirmTabs);
    setConfirmTabs(null);
    navigate(paths.enrollment('personal-info'), { state: { enrollment: 'new_enrollment' } });
  };

  // The cart shows once its rows, its dates and the stored date are here (never the default date first), in a
  // deferred render: React draws it in slices rather than in the blocking render the queries' answers cause (a long
  // task on a slow phone).
  const loaded = useDeferredValue(!cart.isPending && !dates.isPending && !stored.isPending);
  if (tempId && !loaded) return <Spinner />;

  return (
    <section className="page cart-page">
      <div ref={pageRef} className="cart-capture">
        <nav aria-label={t('Breadcrumb')} className="breadcrumb">
          <Link to={paths.home}>{t('Home')}</Link> / <Link to={paths.plans()}>{t('Plans')}</Link> /{' '}
          <span aria-current="page">{t('Cart')}</span>
        </nav>
        <h1>{t('Cart')}</h1>
        <Alert>{error && t(error)}</Alert>
        {cart.isError && <Alert>{t(cart.error instanceof Error ? cart.error.message : 'Something went wrong. Please try again.')}</Alert>}
        {!rows.length ? (
          <div className="card cart-empty">
            <p>{t(TEXT.NO_ITEMS_IN_CART)}</p>
            <Link className="btn btn-primary" to={paths.plans()}>
              {t('Browse Plans')}
            </Link>
          </div>
        ) : (
          <div className="cart-layout">
            <div className="cart-main">
              <ul className="cart-rows" aria-label={t('Plans in your cart')}>
                {removable.map((row) => (
                  <CartRowItem
                    key={`${row.plan_id}-${row.plan_pricing_id}`}
                    row={row}
                    onRemove={setToRemove}
                    onDetails={(r) => setDetailsOf(r.plan_id)}
                  />
                ))}
              </ul>
              <section className="card cart-riders" aria-labelledby="cart-riders-title">
                <h2 id="cart-riders-title">{t('Additional Riders')}</h2>
                {riders.length ? (
                  <ul>
                    {riders.map((r) => (
                      <li key={r.plan_id}>
                        {r.plan_name}: {dollars(r.price)} {t('(added with {{plan}})', { plan: nameOf(r.parent_plan_id) })}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">{t('No additional riders for the plans in your cart.')}</p>
                )}
              </section>
              {prudential.data?.status && (
                <div className="card cart-notice" role="note">
                  <p>{t(TEXT.PRUDENTIAL_FEE)}</p>
                  {prudential.data.show_100k && <p>{t(TEXT.PRUDENTIAL_100K)}</p>}
                </div>
              )}
            </div>
            <aside className="card cart-order" aria-labelledby="order-info-title">
              <h2 id="order-info-title">{t('Order Info')}</h2>
              <SelectField
                label={t('Effective Date')}
                name="effective_date"
                value={effectiveDate ?? ''}
                onChange={(e) => {
                  setChosenDate(e.target.value);
                  setDateError(null);
                }}
                options={offered.map((d) => ({ value: d, label: d }))}
                error={dateError}
              />
              {/* Every line of what will be charged (the membership fee too) and the totals: one function, packages/domain charges.ts. */}
              <ChargeLines summary={cart.data!.summary} label={t('Order Info')} />
              <dl className="cart-totals">
                <div className="cart-total">
                  <dt>{t(CHARGE_TEXT.DUE_TODAY)}</dt>
                  <dd>{dollars(cart.data!.summary.initial)}</dd>
                </div>
              </dl>
              <div className="cart-actions">
                <Button onClick={proceed} busy={busy}>
                  {t('Proceed to Enrollment')}
                </Button>
                {canQuote && tempId && (
                  <Button variant="secondary" onClick={() => setQuoteOpen(true)}>
                    {t('Send Personalized Quote')}
                  </Button>
                )}
              </div>
            </aside>
          </div>
        )}
      </div>

      <Modal
        open={!!toRemove}
        title={t(TEXT.REALLY_REMOVE)}
        onClose={() => setToRemove(null)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setToRemove(null)}>
              {t('No')}
            </Button>
            <Button variant="danger" onClick={confirmRemove} busy={remove.isPending}>
              {t('Yes')}
            </Button>
          </>
        }
      >
        <p>{toRemove?.plan_name}</p>
      </Modal>

      <Modal
        open={!!confirmTabs}
        title={t('Confirmation')}
        onClose={() => setConfirmTabs(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmTabs(null)}>
              {t('Back to Cart')}
            </Button>
            <Button onClick={confirmCheckout} busy={checkout.isPending}>
              {t('Proceed to Enrollment')}
            </Button>
          </>
        }
      >
        <p>{t('The plans in your cart will be effective as of {{date}}.', { date: effectiveDate })}</p>
      </Modal>

      <PlanDetailsModal planId={detailsOf} onClose={() => setDetailsOf(null)} />
      {tempId && <QuoteModal tempId={tempId} open={quoteOpen} onClose={() => setQuoteOpen(false)} />}
    </section>
  );
}
