import { formatCents } from '@store/domain/pricing';
import type { TPlanFacts } from '@store/domain/compare';
import { escapeHtml as e } from '../../lib/escape-html.ts';

type Translate = (english: string) => string;
const english: Translate = (s) => s;

/** The quote's comparison (issue 10) in the mail: one row per plan, the same figures as /compare. */
const COMPARE_MAIL_HEADING = 'Plans you compared';
const COLUMNS = ['Plan', 'Monthly price', 'First month', 'Yearly cost', 'Annual maximum', 'Deductible'] as const;

const money = (cents: number | null | undefined, none: string) => (cents === null || cents === undefined ? none : formatCents(cents));

function cells(p: TPlanFacts, t: Translate): string[] {
  const b = p.benefits;
  return [
    p.plan_name,
    p.monthly_cents === null ? (p.price_message ?? t('No price')) : formatCents(p.monthly_cents),
    money(p.first_month_cents, '-'),
    money(p.yearly_cents, '-'),
    b ? money(b.annual_max_cents, t('No annual maximum')) : t('Not stated'),
    b ? money(b.deductible_cents || null, t('None')) : t('Not stated'),
  ];
}

export function renderComparisonHtml(plans: readonly TPlanFacts[], t: Translate = english): string {
  if (!plans.length) return '';
  const td = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:left';
  const head = COLUMNS.map((c) => `<th style="${td};border-bottom:2px solid #1f2937">${e(t(c))}</th>`).join('');
  const rows = plans
    .map(
      (p) =>
        `<tr>${cells(p, t)
          .map((c) => `<td style="${td}">${e(c)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return `<h2 style="font-size:16px;margin:16px 0 8px">${e(t(COMPARE_MAIL_HEADING))}</h2><table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px;font-size:13px"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

export function renderComparisonText(plans: readonly TPlanFacts[], t: Translate = english): string[] {
  if (!plans.length) return [];
  return [
    '',
    `${t(COMPARE_MAIL_HEADING)}:`,
    ...plans.map(
      (p) =>
        `- ${cells(p, t)
          .map((c, i) => (i === 0 ? c : `${t(COLUMNS[i])} ${c}`))
          .join('; ')}`,
    ),
  ];
}
