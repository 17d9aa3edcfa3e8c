import { useQuery } from '@tanstack/react-query';
import { fillPath } from '@store/domain/contract/endpoint';
import { getCommissionStatementCsv, getCommissionStatementPdf, getRepCommissions } from '@store/domain/contract/commissions';
import { buildUrl, call } from '../../../../lib/api-client';

/** The rep's commission statements and this month so far (issue 39). */
export const useRepCommissions = () =>
  useQuery({
    queryKey: ['rep-home', 'commissions'] as const,
    queryFn: async () => (await call(getRepCommissions)).data,
  });

/** The addresses of a statement's PDF and CSV (links: the browser downloads them). */
export const statementPdfHref = (id: number) => buildUrl(fillPath(getCommissionStatementPdf.path, { id }), {});
export const statementCsvHref = (id: number) => buildUrl(fillPath(getCommissionStatementCsv.path, { id }), {});
