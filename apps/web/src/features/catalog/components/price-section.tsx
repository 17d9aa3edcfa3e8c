import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { TPlanDescription, TPriceCard } from '@store/domain/catalog';
import { ALREADY_IN_CART_MESSAGE, CART_ADD_ERRORS } from '@store/domain/catalog-rules';
import { formatCents, ONE_PRICE_TEXT } from '@store/domain/pricing';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { storage } from '../../../lib/storage';
import {
  addPlanToCart,
  addPlanToCartPrudentials,
  catalogKeys,
  checkAlreadyInCart,
  checkPrudentialPlan,
  errorCodeOf,
  useAflacQuestions,
  useAlreadyAnswered,
} from '../api/catalog';
import { AflacQuestions } from './aflac-questions';
import { DependentModal } from './dependent-modal';
import { MembershipModal, MessageModal } from './plan-modals';
import { QuestionnaireModal } from './questionnaire-modal';

/** Price cards with Enroll Now / Add to Cart, and every step between a card and the cart. */
export function PriceSection({
  plan,
  cards,
  tempId,
  tier,
  questionsOutdated,
}: {
  plan: TPlanDescription;
  cards: TPriceCard[];
  tempId: string;
  tier: string;
  questionsOutdated: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const answered = useAlreadyAnswered(plan.plan_id, tempId);
  const aflac = useAflacQuestions(plan.plan_id, tempId, plan.questionnaire === 'aflac');
  const [questionsOpen, setQuestionsOpen] = useState(false);
  const [depOpen, setDepOpen] = useState(false);
  const [membershipCard, setMembershipCard] = useState<TPriceCard | null>(null);
  const [activeMessage, setActiveMessage] = useState<string | null>(null);
  const [blackout, setBlackout] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pendingCard, setPendingCard] = useState<TPriceCard | null>(null);

  const needsQuestions = plan.questionnaire === 'questions' && (questionsOutdated || !answered.data?.status);
  const declined = plan.questionnaire === 'questions' && answered.data?.declined;

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: catalogKeys.answered(plan.plan_id, tempId) });
    await qc.invalidateQueries({ queryKey: catalogKeys.aflac(plan.plan_id, tempId) });
    await qc.invalidateQueries({ queryKey: catalogKeys.pricing(plan.plan_id, tempId) });
  };
  const handleAddError = (err: unknown) => {
    const code = errorCodeOf(err);
    const text = err instanceof Error ? err.message : String(err);
    if (code === CART_ADD_ERRORS.blackout) setBlackout(text);
    else if (code === CART_ADD_ERRORS.alreadyActive) setActiveMessage(text);
    else setMessage({ kind: 'error', text });
  };
  const afterAdded = async () => {
    // The session (the header's badge) and the cart are asked again after the add (lib/session.ts, cart/api/cart.ts).
    storage.set('planId', plan.plan_id);
    storage.set('planName', plan.plan_name);
    navigate(paths.cart);
  };

  const addToCart = async (card: TPriceCard) => {
    setMessage(null);
    setBlackout(null);
    setBusy(true);
    try {
      if (await checkAlreadyInCart({ enrollment_id: tempId, plan_id: plan.plan_id, plan_pricing_id: card.plan_pricing_id }))
        return setMessage({ kind: 'error', text: ALREADY_IN_CART_MESSAGE });
      if (plan.is_prudential_plan || plan.is_premier) {
        const pru = await checkPrudentialPlan(tempId, plan.plan_id);
        if (!pru.depdob) {
          setPendingCard(card);
          return setDepOpen(true);
        }
      }
      if (plan.is_prudential_plan) return setMembershipCard(card);
      await addPlanToCart({ enrollment_id: tempId, plan_id: plan.plan_id, plan_pricing_id: card.plan_pricing_id });
      await afterAdded();
    } catch (err) {
      handleAddError(err);
    } finally {
      setBusy(false);
    }
  };
  const addWithMembership = async (m: TPriceCard) => {
    if (!membershipCard) return;
    try {
      await addPlanToCartPrudentials({
        enrollment_id: tempId,
        plan_id1: m.plan_id,
        plan_pricing_id1: m.plan_pricing_id,
        plan_id: plan.plan_id,
        plan_pricing_id: membershipCard.plan_pricing_id,
      });
      setMembershipCard(null);
      await afterAdded();
    } catch (err) {
      setMembershipCard(null);
      handleAddError(err);
    }
  };

  const showAflac = plan.questionnaire === 'aflac' && aflac.data && !aflac.data.answered && aflac.data.result.length > 0;
  return (
    <section aria-label={t('Plan prices')}>
      <Alert kind={message?.kind}>{message ? t(message.text) : null}</Alert>
      {blackout && (
        <p className="text-red" role="alert">
          {blackout}
        </p>
      )}
      {declined && answered.data?.message && <Alert>{answered.data.message}</Alert>}
      {showAflac ? (
        <AflacQuestions
          tempId={tempId}
          planId={plan.plan_id}
          questions={aflac.data!.result}
          onSaved={() => {
            setMessage({ kind: 'success', text: 'Your answers have been saved.' });
            void refresh();
          }}
        />
      ) : (
        <div className="price-cards">
          {cards.map((c) => (
            <div key={c.plan_pricing_id} className="price-card">
              <div className="tier-label">{t(c.tier_label)}</div>
              <div className="price">{c.plan_price}</div>
              <div className="muted">
                {t('per month')}
                {c.membership_cents > 0 && ` ${t(ONE_PRICE_TEXT.PLUS_MEMBERSHIP, { membership: formatCents(c.membership_cents) })}`}
              </div>
              {needsQuestions ? (
                <Button onClick={() => setQuestionsOpen(true)}>{t('Enroll Now')}</Button>
              ) : (
                <Button onClick={() => void addToCart(c)} busy={busy} disabled={!!declined}>
                  {t('Add to Cart')}
                </Button>
              )}
            </div>
          ))}
        </div>
      )}
      {questionsOpen && (
        <QuestionnaireModal
          open
          tempId={tempId}
          planId={plan.plan_id}
          planName={plan.plan_name}
          onClose={() => setQuestionsOpen(false)}
          onDone={(r) => {
            setQuestionsOpen(false);
            // A decline is shown once, by the stored answer's alert above (it stays after a reload).
            setMessage(r.declined ? null : { kind: 'success', text: r.message });
            void refresh();
          }}
        />
      )}
      <DependentModal
        open={depOpen}
        tempId={tempId}
        tier={tier}
        planId={plan.plan_id}
        onClose={() => setDepOpen(false)}
        onSaved={() => {
          setDepOpen(false);
          if (pendingCard) void addToCart(pendingCard);
        }}
      />
      {membershipCard && (
        <MembershipModal open tempId={tempId} planId={plan.plan_id} onClose={() => setMembershipCard(null)} onSelect={addWithMembership} />
      )}
      <MessageModal open={!!activeMessage} message={activeMessage ?? ''} onClose={() => setActiveMessage(null)} />
    </section>
  );
}
