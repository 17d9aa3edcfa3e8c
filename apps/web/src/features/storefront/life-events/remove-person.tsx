import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { LIFE_EVENT_CHANGES, type TLifeEvent, type TLifeEventChangeResponse, type TLifeEventsView } from '@store/domain/life-events';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useChangeLifeEventCoverage, useLifeEventChangePreview } from './api';

type Person = TLifeEventsView['dependents'][number];

/** The confirmation: the new tier and monthly amount (the server's preview) before the person is removed. */
function ConfirmRemoval({
  event,
  person,
  onClose,
  onDone,
}: {
  event: TLifeEvent;
  person: Person;
  onClose: () => void;
  onDone: (r: TLifeEventChangeResponse) => void;
}) {
  const { t } = useTranslation();
  const body = { action: 'remove_dependent' as const, dependent_id: person.dependent_id };
  const preview = useLifeEventChangePreview(event.id, body);
  const change = useChangeLifeEventCoverage();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      onDone(await change.mutateAsync({ id: event.id, body }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  const p = preview.data;
  return (
    <Modal
      open
      size="sm"
      title={t('Remove {{name}} from your coverage?', { name: person.name })}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('Keep {{name}}', { name: person.name })}
          </Button>
          <Button variant="danger" busy={change.isPending} disabled={!p} onClick={() => void confirm()}>
            {t('Remove {{name}}', { name: person.name })}
          </Button>
        </>
      }
    >
      {preview.isLoading && <Spinner />}
      {preview.error && <Alert>{t(preview.error.message)}</Alert>}
      {p && (
        <>
          <p>
            {t('From {{date}} your coverage will be {{tier}}, {{amount}} a month (now {{before}}).', {
              date: isoToUs(p.effective_date),
              tier: t(p.tier_label),
              amount: formatCents(p.monthly_cents),
              before: formatCents(p.previous_monthly_cents),
            })}
          </p>
          <p>{t('The carrier is told, and the new amount is charged from your next bill day.')}</p>
        </>
      )}
      {error && <Alert>{t(error)}</Alert>}
    </Modal>
  );
}

/**
 * In the window of an approved event that allows removing someone (a divorce, a dependent's death): the people on the
 * member's coverage, each with a button that opens the confirmation.
 */
export function RemovePeople({
  event,
  dependents,
  onDone,
}: {
  event: TLifeEvent;
  dependents: TLifeEventsView['dependents'];
  onDone: (r: TLifeEventChangeResponse) => void;
}) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<Person | null>(null);
  const removable = dependents.filter((d) => LIFE_EVENT_CHANGES[event.event_type].remove.includes(d.relationship));
  if (removable.length === 0) return null;
  return (
    <div className="mh-people">
      <h4>{t('People on your coverage')}</h4>
      <ul>
        {removable.map((d) => (
          <li key={d.dependent_id}>
            <span>
              {d.name} ({t(d.relationship === 'spouse' ? 'Spouse' : 'Child')})
            </span>{' '}
            <Button variant="secondary" size="sm" onClick={() => setRemoving(d)}>
              {t('Remove {{name}}', { name: d.name })}
            </Button>
          </li>
        ))}
      </ul>
      {removing && (
        <ConfirmRemoval event={event} person={removing} onClose={() => setRemoving(null)} onDone={(r) => (setRemoving(null), onDone(r))} />
      )}
    </div>
  );
}
