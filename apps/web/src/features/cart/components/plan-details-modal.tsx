import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/alert';
import { usePlanDescription } from '../api/get-plan-description';

/** The cart's plan details modal: the plan's description (HTML sanitized by the server). */
export function PlanDetailsModal({ planId, onClose }: { planId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = usePlanDescription(planId);
  return (
    <Modal
      open={planId !== null}
      title={q.data?.plan_name ?? t('Plan Details')}
      onClose={onClose}
      size="lg"
      footer={<Button onClick={onClose}>{t('Close')}</Button>}
    >
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
