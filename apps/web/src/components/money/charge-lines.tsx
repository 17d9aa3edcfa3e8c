import { useTranslation } from 'react-i18next';
import { CHARGE_TEXT, scheduleSentence, withBillDay, type TChargeSummary } from '@store/domain/charges';
import { isoToUs } from '@store/domain/dates';
import { TEXT } from '@store/domain/texts';
import './charge-lines.css';

/**
 * What will be charged, as the server computed it with packages/domain charges.ts: every line with "/month" (the
 * membership fee too, the included 3% administrative fee said under its plan), the two totals of the specification,
 * and, once the payment is known, the schedule ("$X today, then $Y on the 28th of each month"). The cart, the billing
 * step, the review and the receipt page all show it through this one component (docs/decisions/1000-money-path.md).
 */
export function ChargeLines({
  summary: given,
  schedule = 'none',
  label,
  billDay,
  method,
}: {
  summary: TChargeSummary;
  schedule?: 'card-or-bank' | 'list' | 'none';
  label?: string;
  billDay?: number;
  /** 'eft': the first debit is said with the day it reaches the account (decision 2520); a card's is "today". */
  method?: string | null;
}) {
  const { t } = useTranslation();
  // On the billing step the schedule follows the bill date being chosen.
  const summary = billDay ? withBillDay(given, billDay) : given;
  const sentence = scheduleSentence(summary, method);
  return (
    <div className="charge-lines">
      <ul aria-label={label ?? t('What you will pay')}>
        {summary.lines.map((l, i) => (
          <li key={`${l.plan_id ?? 'fee'}-${i}`}>
            <span className="charge-label">{l.kind === 'membership' && l.plan_id === null ? t(CHARGE_TEXT.MEMBERSHIP_LINE) : l.label}</span>
            <span className="charge-amount">{t(CHARGE_TEXT.PER_MONTH, { amount: l.monthly })}</span>
            {l.admin_fee !== '0.00' && <span className="charge-note">{t(CHARGE_TEXT.ADMIN_FEE_INCLUDED, { amount: l.admin_fee })}</span>}
            {l.held && <span className="charge-note charge-held">{t(CHARGE_TEXT.HELD_LINE)}</span>}
          </li>
        ))}
      </ul>
      <dl className="charge-totals">
        <div>
          <dt>{t(TEXT.FIRST_MONTH_TOTAL_COST)}</dt>
          <dd>${summary.initial}</dd>
        </div>
        <div>
          <dt>{t(TEXT.RECURRING_MONTHLY_COST)}</dt>
          <dd>{t(CHARGE_TEXT.PER_MONTH, { amount: summary.recurring })}</dd>
        </div>
      </dl>
      {schedule === 'card-or-bank' && (
        <p className="charge-schedule">
          <strong>{t(sentence.text, { ...sentence.values, day: t(sentence.values.day) })}.</strong>{' '}
          {t(CHARGE_TEXT.SCHEDULE_FROM, { date: isoToUs(summary.recurring_from) })}
        </p>
      )}
      {schedule === 'list' && <p className="charge-schedule">{t(CHARGE_TEXT.LIST_BILL)}</p>}
    </div>
  );
}
