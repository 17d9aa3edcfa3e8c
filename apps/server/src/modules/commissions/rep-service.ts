import { nextEasternMidnight } from '@store/domain/dates';
import { COMMISSION_KIND_WORDS, sumCents, type TCommissionLine, type TRepCommissions } from '@store/domain/commissions';
import { centsToPlainDollars, csvCell } from '@store/domain/rep-home';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { renderPdf } from '../../pdf/pool.ts';
import { namedLines, pendingRows } from './statement-service.ts';

/** The rep home's commissions: the statements, newest first, and the rows not on a statement yet (this month so far). */
export async function repCommissions(db: repo.Db, agentId: number, now: Date): Promise<TRepCommissions> {
  const statements = await repo.statementsOf(db, agentId);
  const rows = await pendingRows(db, agentId, (await repo.overrideOf(db, agentId)) ?? 0, nextEasternMidnight(now));
  return {
    statements: statements.map((s) => ({ ...s, issued_on: String(s.issued_on).slice(0, 10) })),
    so_far: { total_cents: sumCents(rows), lines: await namedLines(db, rows) },
  };
}

async function statementFor(db: repo.Db, agentId: number, id: number) {
  const s = await repo.statementOf(db, agentId, id);
  if (!s) throw notFound('Statement not found');
  const lines = (await repo.statementLines(db, s.id)) as TCommissionLine[];
  return { ...s, issued_on: String(s.issued_on).slice(0, 10), lines };
}

/** One of the rep's statements as a PDF (another rep's: 404). */
export async function statementPdf(db: repo.Db, agentId: number, id: number) {
  const s = await statementFor(db, agentId, id);
  const a = await repo.agentName(db, agentId);
  const pdf = await renderPdf('statement', {
    rep: a ? `${a.first_name} ${a.last_name}` : String(agentId),
    agency: a?.agency ?? '',
    npn: a?.npn ?? null,
    month: s.month,
    issued_on: s.issued_on,
    total_cents: s.total_cents,
    lines: s.lines,
  });
  return { name: `commissions-${s.month}.pdf`, pdf };
}

export const STATEMENT_CSV_HEADER = [
  'Month',
  'Kind',
  'Member',
  'Confirmation number',
  'Plan',
  'Writing rep',
  'Coverage month',
  'Premium',
  'Rate (%)',
  'Amount',
] as const;

/** A money or rate cell: a plain number (never a formula), so a sheet sums it. */
const num = (v: string) => v;

/** One of the rep's statements as CSV: a row per commission row; the amounts sum to the statement's total. */
export async function statementCsv(db: repo.Db, agentId: number, id: number) {
  const s = await statementFor(db, agentId, id);
  const out = [STATEMENT_CSV_HEADER.map(csvCell).join(',')];
  for (const l of s.lines)
    out.push(
      [
        csvCell(s.month),
        csvCell(COMMISSION_KIND_WORDS[l.kind]),
        csvCell(l.member),
        csvCell(l.confirmation_number ?? ''),
        csvCell(l.plan_name),
        csvCell(l.writing_rep),
        csvCell(l.period),
        num(l.basis_cents ? centsToPlainDollars(l.basis_cents) : ''),
        num(l.rate_bp === null ? '' : (l.rate_bp / 100).toFixed(2)),
        num(centsToPlainDollars(l.amount_cents)),
      ].join(','),
    );
  return { name: `commissions-${s.month}.csv`, csv: `${out.join('\r\n')}\r\n` };
}
