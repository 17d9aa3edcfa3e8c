import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TIERS } from '@store/domain/codes';
import { COMPARE_MAX, USE_LEVELS } from '@store/domain/compare-rules';
import { formatCents } from '@store/domain/pricing';
import { REASONS, recommendPlans, ZFindPlanAnswers, type TRecommendation } from '@store/domain/recommend';
import { RadioGroup, TextField } from '../../../components/form/fields';
import { Button } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { useFilterInfo } from '../../../lib/quote/filter';
import { usePlanFacts, useSaveComparison } from '../api/compare';
import './compare.css';

const CARE_LABELS = {
  low: 'Check-ups and cleanings only',
  medium: 'Check-ups and a filling or two',
  high: 'Major work such as a crown or a root canal',
} as const;
type Draft = { covered: string; care: string; vision: boolean; budget: string; keep_dentist: string };

/**
 * 'Help me find a plan' questionnaire (issue 10): who is covered, expected care, budget and a favourite
 * dentist; the rules of @store/domain/recommend rank the plans the server priced for the quote.
 */
export default function FindPlanForm({ tempId, onDone }: { tempId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filter } = useFilterInfo();
  const facts = usePlanFacts(tempId, ['dental', 'vision']);
  const save = useSaveComparison(tempId);
  const [draft, setDraft] = useState<Draft>({ covered: '', care: '', vision: false, budget: '', keep_dentist: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<TRecommendation[] | null>(null);
  const covered = draft.covered || filter?.tier || '';
  const set = (k: keyof Draft) => (v: string | boolean) => setDraft((d) => ({ ...d, [k]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZFindPlanAnswers.safeParse({ ...draft, covered: covered || undefined });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      setErrors(next);
      setResult(null);
      return;
    }
    setErrors({});
    setResult(recommendPlans(parsed.data, facts.data ?? []));
  };
  const compare = async () => {
    if (!result) return;
    await save.mutateAsync(result.slice(0, COMPARE_MAX).map((r) => r.plan_id));
    onDone();
    navigate(paths.compare);
  };
  const reason = (r: TRecommendation['reasons'][number]) => {
    const p = r.params ?? {};
    return t(REASONS[r.code], {
      amount: p.amount !== undefined ? formatCents(p.amount) : undefined,
      budget: p.budget !== undefined ? formatCents(p.budget) : undefined,
      months: p.months,
    });
  };

  if (facts.isLoading) return <Spinner />;
  return (
    <form className="find-plan-form" onSubmit={submit} noValidate aria-labelledby="find-plan-title">
      <h3 id="find-plan-title">{t('Answer a few questions')}</h3>
      <RadioGroup
        legend={t('Who is covered?')}
        name="covered"
        value={covered}
        options={TIERS.map((x) => ({ value: x.code, label: x.short }))}
        onChange={set('covered')}
        error={errors.covered}
      />
      <RadioGroup
        legend={t('What dental care do you expect this year?')}
        name="care"
        value={draft.care}
        options={USE_LEVELS.map((l) => ({ value: l, label: CARE_LABELS[l] }))}
        onChange={set('care')}
        error={errors.care}
      />
      <label className="compare-check">
        <input type="checkbox" checked={draft.vision} onChange={(e) => set('vision')(e.target.checked)} />
        {t('I also need glasses or contacts')}
      </label>
      <TextField
        label={t('Most you want to pay a month, in dollars (optional)')}
        name="budget"
        inputMode="numeric"
        value={draft.budget}
        onChange={(e) => set('budget')(e.target.value)}
        error={errors.budget}
      />
      <RadioGroup
        legend={t('Do you have a dentist you want to keep?')}
        name="keep_dentist"
        value={draft.keep_dentist}
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        onChange={set('keep_dentist')}
        error={errors.keep_dentist}
      />
      <Button type="submit">{t('Show my plans')}</Button>
      {result && (
        <section aria-labelledby="recommended-title" aria-live="polite">
          <h3 id="recommended-title">{t('Plans for you')}</h3>
          {!result.length && <p>{t('No dental or vision plan has a price for your quote.')}</p>}
          <ol className="recommendations">
            {result.map((r) => (
              <li key={r.plan_id}>
                <h4>{r.plan_name}</h4>
                <ul>
                  {r.reasons.map((x) => (
                    <li key={x.code}>{reason(x)}</li>
                  ))}
                </ul>
                <Link to={paths.plan(r.plan_id, r.plan_name)} onClick={onDone} aria-label={`${t('More Info')}: ${r.plan_name}`}>
                  {t('More Info')}
                </Link>
              </li>
            ))}
          </ol>
          <p className="muted">
            {t('Estimates follow the assumptions shown on the comparison page. No plan is paid to be placed higher.')}
          </p>
          <Alert>{save.error ? save.error.message : null}</Alert>
          {result.length > 0 && (
            <Button variant="secondary" busy={save.isPending} onClick={compare}>
              {t('Compare these plans')}
            </Button>
          )}
        </section>
      )}
    </form>
  );
}
