import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { isoToUs } from '@store/domain/dates';
import {
  EOI_LABEL,
  EOI_TEXT,
  EOI_WAITING,
  ZEoiDecisionRequest,
  type TEoiCase,
  type TEoiDecisionRequest,
} from '@store/domain/coverage-changes';
import { SelectField, TextAreaField, TextField } from '../../../components/form/fields';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { AdminTable, Loaded } from '../components/admin-table';
import { useEoiOverview, useRecordEoiDecision, useSetPlanEvidence } from '../api/eoi';

const DECISIONS = [
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
  { value: 'more_information', label: 'More information needed' },
];

/**
 * Evidence of insurability (issue 38), on the console's plans page: the plans waiting for a carrier's decision, where
 * the operator records it (approved, declined, more information needed, with the carrier's reference), and which plans
 * need evidence. (Not a route of its own: the route table is on the store's first page, whose budget it would pass.)
 */
export function EoiPanel() {
  const { t } = useTranslation();
  const eoi = useEoiOverview();
  const setting = useSetPlanEvidence();
  const [deciding, setDeciding] = useState<TEoiCase | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section className="admin-card" aria-labelledby="admin-eoi">
      <h2 id="admin-eoi">{t('Evidence of insurability')}</h2>
      <Alert kind="success">{done && t(done)}</Alert>
      <Loaded loading={eoi.isLoading} error={eoi.error && t(eoi.error.message)}>
        <AdminTable
          caption={t('Decisions')}
          columns={[t('Member'), t('Plan'), t('Enrollment'), t('Status'), t("Carrier's reference"), t('Effective date'), '']}
          rows={eoi.data?.cases}
          empty={t('No plan waits for evidence of insurability.')}
          row={(c) => (
            <tr key={c.policy_id}>
              <td>{c.member_name}</td>
              <td>{c.plan_name}</td>
              <td>
                {c.enrollment_id ? (
                  <Link to={`/admin/enrollments/${c.enrollment_id}`}>{c.confirmation_number ?? c.enrollment_id}</Link>
                ) : (
                  '—'
                )}
              </td>
              <td>{t(EOI_LABEL[c.eoi_status])}</td>
              <td>{c.eoi_reference ?? '—'}</td>
              <td>{c.effective_date ? isoToUs(c.effective_date) : '—'}</td>
              <td>
                {EOI_WAITING.includes(c.eoi_status) && (
                  <Button size="sm" onClick={() => setDeciding(c)}>
                    {t('Record decision')}
                  </Button>
                )}
              </td>
            </tr>
          )}
        />
        <h3>{t('Plans that need evidence')}</h3>
        <AdminTable
          caption={t('Plans that need evidence')}
          columns={[t('Plan'), t('Category'), t('Needs evidence of insurability')]}
          rows={eoi.data?.plans}
          row={(p) => (
            <tr key={p.plan_id}>
              <td>{p.plan_name}</td>
              <td>{p.category}</td>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('{{plan}} needs evidence of insurability', { plan: p.plan_name })}
                  checked={p.needs_evidence}
                  disabled={setting.isPending}
                  onChange={(e) => setting.mutate({ planId: p.plan_id, needs: e.target.checked })}
                />
              </td>
            </tr>
          )}
        />
      </Loaded>
      {deciding && (
        <DecisionDialog
          c={deciding}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            setDone(EOI_TEXT.DECIDED);
          }}
        />
      )}
    </section>
  );
}

function DecisionDialog({ c, onClose, onDone }: { c: TEoiCase; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const decide = useRecordEoiDecision(c.policy_id);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverAttempts, setServerAttempts] = useState(0);
  const { register, handleSubmit, setError, formState } = useForm<TEoiDecisionRequest>({
    resolver: zodResolver(ZEoiDecisionRequest),
    defaultValues: { decision: 'approved', reference: '', reason: '' },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await decide.mutateAsync(values);
      onDone();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['decision', 'reference', 'reason']));
      setServerAttempts((n) => n + 1);
    }
  });
  const e = formState.errors;
  return (
    <Modal open title={t("The carrier's decision")} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <FormErrorSummary form={formState} formError={formError} failures={serverAttempts} />
        <p>
          {c.member_name}: {c.plan_name}
        </p>
        <SelectField
          label={t('Decision')}
          options={DECISIONS}
          error={e.decision?.message && t(e.decision.message)}
          {...register('decision')}
        />
        <TextField label={t("Carrier's reference")} error={e.reference?.message && t(e.reference.message)} {...register('reference')} />
        <TextAreaField
          label={t('Why (the member sees it)')}
          rows={3}
          error={e.reason?.message && t(e.reason.message)}
          {...register('reason')}
        />
        <div className="admin-actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {t('Record decision')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('Close')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
