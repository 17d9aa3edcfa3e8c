import { useTranslation } from 'react-i18next';
import { formatCents } from '@store/domain/pricing';
import { RENEWAL_TEXT, shortDate } from '@store/domain/renewals';
import { useMemberRenewal } from './api/get-member-renewal';

/**
 * The member's renewal (issue 38, decision 2560): "From 1/1: $X a month", and under it each plan whose price changes,
 * is replaced or ends then. Nothing before a renewal is priced.
 */
export function RenewalLine() {
  const { t } = useTranslation();
  const q = useMemberRenewal();
  const r = q.data?.renewal;
  if (!r) return null;
  const date = shortDate(r.starts_on);
  // The texts are the server's (one placeholder style, {name}): translated, then filled.
  const f = (text: string, v: Record<string, string>) => t(text).replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');
  return (
    <section className="card mh-section mh-renewal" aria-labelledby="mh-renewal">
      <h2 id="mh-renewal">{f(RENEWAL_TEXT.FROM, { date, price: formatCents(r.renewal_cents) })}</h2>
      <ul>
        {r.lines.map((l) => (
          <li key={l.policy_id}>
            {l.replacement_plan_name
              ? f(RENEWAL_TEXT.REPLACED, {
                  date,
                  plan: l.plan_name,
                  replacement: l.replacement_plan_name,
                  price: formatCents(l.renewal_cents ?? 0),
                })
              : l.renewal_cents === null
                ? f(RENEWAL_TEXT.ENDS, { date, plan: l.plan_name })
                : `${l.plan_name}: ${formatCents(l.current_cents)} → ${formatCents(l.renewal_cents)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
