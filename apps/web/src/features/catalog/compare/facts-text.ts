import { useTranslation } from 'react-i18next';
import type { TCoveredService, TPlanBenefits, TPlanFacts } from '@store/domain/compare';
import { SERVICE_LABELS, type UseLevel } from '@store/domain/compare-rules';
import { formatCents } from '@store/domain/pricing';

/** The words of a plan's facts, translated: one place for the plan cards, /compare and the plan finder. */
export function useFactsText() {
  const { t } = useTranslation();
  const notStated = t('Not stated');
  return {
    monthly: (f: TPlanFacts) =>
      f.monthly_cents === null
        ? t(f.price_message ?? 'No price for your quote')
        : t('{{price}} a month', { price: formatCents(f.monthly_cents) }),
    money: (cents: number | null) => (cents === null ? '—' : formatCents(cents)),
    annualMax: (b: TPlanBenefits | null) =>
      !b ? notStated : b.annual_max_cents === null ? t('No annual maximum') : formatCents(b.annual_max_cents),
    deductible: (b: TPlanBenefits | null) => (!b ? notStated : b.deductible_cents ? formatCents(b.deductible_cents) : t('No deductible')),
    network: (b: TPlanBenefits | null) =>
      !b
        ? notStated
        : `${t(b.network)}. ${b.out_of_network ? t('Out-of-network providers are paid too.') : t('In-network providers only.')}`,
    service: (c: Pick<TCoveredService, 'service'>) => t(SERVICE_LABELS[c.service]),
    cover: (c: TCoveredService) => {
      const parts: string[] = [];
      if (c.percent !== undefined) parts.push(t('{{percent}}% paid by the plan', { percent: c.percent }));
      if (c.copay_cents !== undefined)
        parts.push(c.copay_cents ? t('{{amount}} copay', { amount: formatCents(c.copay_cents) }) : t('No copay'));
      if (c.allowance_cents !== undefined) parts.push(t('{{amount}} allowance', { amount: formatCents(c.allowance_cents) }));
      if (c.deductible_applies) parts.push(t('after the deductible'));
      return parts.join(', ');
    },
    wait: (months: number) => (months ? t('{{months}}-month waiting period', { months }) : t('No waiting period')),
    estimate: (f: TPlanFacts, level: UseLevel) => {
      const e = f.estimates.find((x) => x.level === level);
      return e
        ? t('{{total}} (you pay {{own}} yourself)', { total: formatCents(e.total_cents), own: formatCents(e.out_of_pocket_cents) })
        : t('No estimate for this plan');
    },
  };
}
