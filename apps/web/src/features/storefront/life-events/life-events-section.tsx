import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { LIFE_EVENT_CHANGES, type TLifeEventChangeResponse } from '@store/domain/life-events';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useLifeEvents } from './api';
import { AddPersonForm, ChangeDone, UploadForm } from './event-actions';
import { ReportForm } from './report-form';
import { RemovePeople } from './remove-person';
import { ChangePlanForm, PlanChangeDone } from './change-plan-form';
import type { TLifeEventPlanChangeResponse } from '@store/domain/life-event-plans';

/**
 * The member home's life events (issue 38, decision 2550): 'Report a life event', each event with its status and
 * window, the proof's upload while it is asked for, and, once approved and in the window, adding the person the event
 * allows; the household's monthly amount now.
 */
export default function LifeEventsSection() {
  const { t } = useTranslation();
  const q = useLifeEvents();
  const [reporting, setReporting] = useState(false);
  const [adding, setAdding] = useState<number | null>(null);
  const [done, setDone] = useState<TLifeEventChangeResponse | null>(null);
  const [changingPlan, setChangingPlan] = useState<number | null>(null);
  const [planDone, setPlanDone] = useState<TLifeEventPlanChangeResponse | null>(null);
  if (q.isLoading) return <Spinner />;
  if (q.isError || !q.data) return null;
  const d = q.data;
  return (
    <section className="card mh-section" aria-labelledby="mh-life-events">
      <h2 id="mh-life-events">{t('Life events')}</h2>
      {d.monthly_cents !== null && <p>{t('You pay {{amount}} a month.', { amount: formatCents(d.monthly_cents) })}</p>}
      {done && <ChangeDone r={done} />}
      {planDone && <PlanChangeDone r={planDone} />}
      {reporting ? (
        <ReportForm onDone={() => setReporting(false)} />
      ) : (
        <Button variant="secondary" onClick={() => (setReporting(true), setDone(null))}>
          {t('Report a life event')}
        </Button>
      )}
      <ul className="mh-plans">
        {d.events.map((e) => (
          <li key={e.id} className="mh-plan">
            <h3>
              {t(e.event_label)} · {isoToUs(e.event_date)}
            </h3>
            <p>
              <strong>{t(e.status_label)}</strong> {t('Window closes on {{date}}.', { date: isoToUs(e.window_closes) })}
            </p>
            {e.reason && <Alert>{e.reason}</Alert>}
            {(e.status === 'awaiting_proof' || e.status === 'rejected') && e.proof && <UploadForm event={e} />}
            {e.status === 'approved' &&
              LIFE_EVENT_CHANGES[e.event_type].add.length > 0 &&
              (adding === e.id ? (
                <AddPersonForm event={e} onDone={(r) => (setAdding(null), setDone(r))} />
              ) : (
                <Button variant="secondary" onClick={() => (setAdding(e.id), setDone(null))}>
                  {t('Add a person to your coverage')}
                </Button>
              ))}
            {e.status === 'approved' &&
              (changingPlan === e.id ? (
                <ChangePlanForm event={e} onDone={(r) => (setChangingPlan(null), setPlanDone(r))} />
              ) : (
                <Button variant="secondary" onClick={() => (setChangingPlan(e.id), setPlanDone(null), setDone(null))}>
                  {t('Change a plan')}
                </Button>
              ))}
            {e.status === 'approved' && LIFE_EVENT_CHANGES[e.event_type].remove.length > 0 && (
              <RemovePeople event={e} dependents={d.dependents} onDone={setDone} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
