import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { CANCEL_TEXT, EOI_LABEL, EOI_TEXT, EOI_WAITING, type TCancelPlanResponse } from '@store/domain/coverage-changes';
import type { TCoverageItem } from '@store/domain/member-home';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useCancelPlan } from './api/cancel-plan';

/** The i18next form of a fixed text's {name} placeholders ({{name}}). */
const tpl = (s: string) => s.replace(/\{(\w+)\}/g, '{{$1}}');

/** The end of a plan's coverage as the confirmation gives it: the end of the paid month, computed by the server. */
const fillDate = (iso: string) => isoToUs(iso);

/**
 * Issue 38, each plan after the sale: 'Pending evidence of insurability' with the expected decision time, the day a
 * cancelled plan ends, and 'Cancel this plan' (a confirmation first; the answer says when it ends, that billing stops
 * and that the carrier is told).
 */
export function PlanChangesSection({ coverage }: { coverage: TCoverageItem[] }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<TCoverageItem | null>(null);
  const [done, setDone] = useState<TCancelPlanResponse | null>(null);
  if (coverage.length === 0) return null;
  return (
    <section className="card mh-section" aria-labelledby="mh-plan-changes">
      <h2 id="mh-plan-changes">{t('Changes to your plans')}</h2>
      {done && <Alert kind="success">{t(tpl(CANCEL_TEXT.DONE), { plan: done.plan_name, date: fillDate(done.ends_on) })}</Alert>}
      <ul className="mh-plans">
        {coverage.map((p) => (
          <li key={p.policy_id} className="mh-plan">
            <h3>{p.plan_name}</h3>
            {p.eoi_status && p.eoi_status !== 'approved' && (
              <p>
                <strong>{t(EOI_LABEL[p.eoi_status])}</strong>
                {EOI_WAITING.includes(p.eoi_status) && <> {t(EOI_TEXT.EXPECTED)}</>}
              </p>
            )}
            {p.ends_on && <p>{t(tpl(CANCEL_TEXT.ENDS_ON), { date: fillDate(p.ends_on) })}</p>}
            {p.status === 'ACTIVE' && !p.ends_on && (
              <Button
                variant="secondary"
                aria-label={`${t(CANCEL_TEXT.CANCEL_PLAN)}: ${p.plan_name}`}
                onClick={() => (setAsking(p), setDone(null))}
              >
                {t(CANCEL_TEXT.CANCEL_PLAN)}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {asking && <CancelDialog plan={asking} onClose={() => setAsking(null)} onDone={(r) => (setAsking(null), setDone(r))} />}
    </section>
  );
}

function CancelDialog({ plan, onClose, onDone }: { plan: TCoverageItem; onClose: () => void; onDone: (r: TCancelPlanResponse) => void }) {
  const { t } = useTranslation();
  const cancel = useCancelPlan();
  return (
    <Modal open title={t(CANCEL_TEXT.CANCEL_PLAN)} onClose={onClose}>
      <p>{t(tpl(CANCEL_TEXT.QUESTION_NO_DATE), { plan: plan.plan_name })}</p>
      {cancel.error && <Alert>{t(cancel.error.message)}</Alert>}
      <div className="mh-actions">
        <Button variant="danger" busy={cancel.isPending} onClick={async () => onDone(await cancel.mutateAsync(plan.policy_id))}>
          {t(CANCEL_TEXT.CONFIRM)}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t(CANCEL_TEXT.KEEP)}
        </Button>
      </div>
    </Modal>
  );
}
