import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ZRepHierarchyForm, type TRepHierarchy } from '@store/domain/commissions';
import { SelectField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useRepHierarchy, useSaveRepHierarchy } from '../api';
import { useFreshSecondFactor } from './fresh-second-factor';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

type FormIn = z.input<typeof ZRepHierarchyForm>;
type FormOut = z.output<typeof ZRepHierarchyForm>;
const formOf = (h: TRepHierarchy): FormIn => ({
  agency: h.agency,
  upline_agent_id: h.upline_agent_id === null ? '' : String(h.upline_agent_id),
  override_percent: String(h.override_bp / 100),
});

/** A rep's agency, upline, and the override the rep earns on their downline's business (issue 39). */
export function RepHierarchyPanel({ agentId }: { agentId: number }) {
  const h = useRepHierarchy(agentId);
  if (!h.data) return <Spinner />;
  return <HierarchyForm key={agentId} agentId={agentId} data={h.data} />;
}

function HierarchyForm({ agentId, data }: { agentId: number; data: TRepHierarchy }) {
  const { t } = useTranslation();
  const save = useSaveRepHierarchy(agentId);
  const outcome = useSaveOutcome();
  const { guard, dialog } = useFreshSecondFactor();
  const { register, handleSubmit, setError, formState, reset, getValues } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZRepHierarchyForm),
    defaultValues: formOf(data),
    shouldFocusError: false,
  });
  // Checked here, sent as typed: the server parses the same schema (the override becomes basis points once, there).
  const onSubmit = handleSubmit(() =>
    outcome.attempt(
      async () => reset(formOf(await guard(() => save.mutateAsync(getValues())))),
      'Agency and upline saved.',
      (err) => applyServerErrors(err, setError, ['agency', 'upline_agent_id', 'override_percent']),
    ),
  );
  const e = formState.errors;
  const msg = (m?: string) => m && t(m);
  return (
    <form className="admin-form admin-card" onSubmit={onSubmit} noValidate aria-labelledby="rep-hierarchy-title">
      <h2 id="rep-hierarchy-title" className="wide">
        {t('Agency and upline')}
      </h2>
      <div className="wide">
        <SaveOutcome outcome={outcome} form={formState} />
      </div>
      <TextField label={t('Agency')} error={msg(e.agency?.message)} {...register('agency')} />
      <SelectField
        label={t('Upline')}
        placeholder="No upline"
        options={data.reps.map((r) => ({ value: String(r.agent_id), label: `${r.name} (${r.agent_id})` }))}
        error={msg(e.upline_agent_id?.message)}
        {...register('upline_agent_id')}
      />
      <TextField
        label={t("Override on this rep's downline (%)")}
        inputMode="decimal"
        error={msg(e.override_percent?.message)}
        {...register('override_percent')}
      />
      <p className="wide">
        {data.downline.length === 0
          ? t('No rep has this rep as their upline.')
          : t('Downline: {{names}}', { names: data.downline.map((d) => d.name).join(', ') })}
      </p>
      <div className="admin-actions wide">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save agency and upline')}
        </Button>
      </div>
      {dialog}
    </form>
  );
}
