import { useTranslation } from 'react-i18next';
import type { TCoveredService, TPlanBenefits, TPlanFacts } from '@store/domain/compare';
import { SERVICE_LABELS, SERVICE_SHORT_LABELS, type UseLevel } from '@store/domain/compare-rules';
import { formatCents, ONE_PRICE_TEXT } from '@store/domain/pricing';

/** One line of a plan's key numbers: what it is and how much. */
export interface KeyNumber {
  label: string;
  value: string;
}

/** Categories whose cards show the deductible, the annual maximum and the waiting periods. */
const CARE_CATEGORIES = ['dental', 'vision'];

/** The words of a plan's facts, translated: one place for the plan cards, /compare and the plan finder. */
export function useFactsText() {
  const { t, i18n } = useTranslation();
  const notStated = t('Not stated');
  return {
    /** The monthly price with the membership said in the same sentence (issue 37's one price; the server's figures). */
    monthly: (f: TPlanFacts) =>
      f.monthly_cents === null
        ? t(f.price_message ?? 'No price for your quote')
        : f.membership_cents
          ? t(ONE_PRICE_TEXT.ONE_PRICE, { price: formatCents(f.monthly_cents), membership: formatCents(f.membership_cents) })
          : t('{{price}}/month', { price: formatCents(f.monthly_cents) }),
    /** The monthly price of a plan card, "/month" always said, then the membership (null: no price for the quote). */
    perMonth: (f: TPlanFacts) =>
      f.monthly_cents === null
        ? null
        : {
            amount: formatCents(f.monthly_cents),
            unit: t('/month'),
            membership: f.membership_cents ? t(ONE_PRICE_TEXT.PLUS_MEMBERSHIP, { membership: formatCents(f.membership_cents) }) : null,
          },
    /** The numbers a shopper compares (issue 25): for dental and vision the deductible, the annual maximum and the
     * waiting periods; for life the coverage amount and term; for supplemental plans their benefit amounts. */
    keyNumbers: (category: string, b: TPlanBenefits | null): KeyNumber[] => {
      if (!b) return [];
      const out: KeyNumber[] = [];
      if (CARE_CATEGORIES.includes(category)) {
        const waits = b.covers.filter((c) => c.waiting_months > 0);
        out.push(
          { label: t('Deductible'), value: b.deductible_cents ? formatCents(b.deductible_cents) : t('None') },
          { label: t('Annual maximum'), value: b.annual_max_cents === null ? t('No limit') : formatCents(b.annual_max_cents) },
          {
            label: t('Waiting periods'),
            value: waits.length
              ? waits
                  .map((c) =>
                    t('{{service}}: {{months}} months', { service: t(SERVICE_SHORT_LABELS[c.service]), months: c.waiting_months }),
                  )
                  .join('; ')
              : t('None'),
          },
        );
      } else if (b.deductible_cents) out.push({ label: t('Deductible'), value: formatCents(b.deductible_cents) });
      if (b.coverage_cents != null) {
        out.push({ label: t('Coverage amount'), value: formatCents(b.coverage_cents) });
        out.push({ label: t('Term'), value: b.term_years ? t('{{years}} years', { years: b.term_years }) : t('Whole life') });
      }
      for (const a of b.benefit_amounts ?? [])
        out.push({ label: i18n.language === 'es' && a.label_es ? a.label_es : a.label, value: formatCents(a.amount_cents) });
      return out;
    },
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
