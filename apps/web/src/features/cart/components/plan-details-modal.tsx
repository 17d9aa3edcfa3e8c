import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/alert';
import { api } from '../../../lib/api-client';

interface PlanDescription {
  plan_name: string;
  blueBarText: string;
  body_text: string;
}

/** The cart's plan details modal: the plan's description (HTML sanitized by the server). */
export function PlanDetailsModal({ planId, onClose }: { planId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['cart', 'plan-detail', planId],
    enabled: planId !== null,
    queryFn: async () => (await api.get<{ result: PlanDescription }>(`/api/v1/get-plan-detail/${planId}`)).data.result,
    staleTime: 5 * 60_000,
  });
  return (
    <Modal open={planId !== null} title={q.data?.plan_name ?? t('Plan Details')} onClose={onClose} size="lg" footer={<Button onClick={onClose}>{t('Close')}</Button>}>
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <Alert>{t(q.error instanceof Error ? q.error.message : 'Something went wrong. Please try again.')}</Alert>
      ) : (
        <div className="cart-plan-details">
          {q.data.blueBarText && <p className="cart-plan-bluebar">{q.data.blueBarText}</p>}
          <div dangerouslySetInnerHTML={{ __html: q.data.body_text }} />
        </div>
      )}
    </Modal>
  );
}
