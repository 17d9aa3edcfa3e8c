import { useTranslation } from 'react-i18next';
import { Alert, Spinner } from '../../../components/ui/alert';
import { useCarriers } from '../api/carriers';

const BATCH_LABELS: Record<string, string> = { per_enrollment: 'A file per enrollment', daily: 'A daily file' };
const USAGE_LABELS: Record<string, string> = { T: 'Test', P: 'Production' };
const DELIVERY_LABELS: Record<string, string> = { folder: 'Drop folder' };

/** The carriers: interchange ids and qualifiers, group number, test or production, delivery and batch. */
export function CarriersPage() {
  const { t } = useTranslation();
  const carriers = useCarriers();
  return (
    <section>
      <h1>{t('Carriers')}</h1>
      {carriers.isLoading ? (
        <Spinner />
      ) : carriers.error ? (
        <Alert>{t(carriers.error.message)}</Alert>
      ) : (
        <div className="admin-table-wrap" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('Carrier')}</th>
                <th>{t('Sender ID')}</th>
                <th>{t('Receiver ID')}</th>
                <th>{t('Group number')}</th>
                <th>{t('Usage')}</th>
                <th>{t('Delivery')}</th>
                <th>{t('Batch')}</th>
                <th>{t('Acknowledgment window')}</th>
                <th>{t('Plans')}</th>
              </tr>
            </thead>
            <tbody>
              {carriers.data?.length === 0 && (
                <tr>
                  <td colSpan={9}>{t('No carriers.')}</td>
                </tr>
              )}
              {carriers.data?.map((c) => (
                <tr key={c.id}>
                  <td>{c.name}</td>
                  <td>
                    {c.isa_sender_qualifier}:{c.isa_sender_id}
                  </td>
                  <td>
                    {c.isa_receiver_qualifier}:{c.isa_receiver_id}
                  </td>
                  <td>{c.group_number}</td>
                  <td>{t(USAGE_LABELS[c.usage_indicator])}</td>
                  <td>{t(DELIVERY_LABELS[c.delivery_method] ?? c.delivery_method)}</td>
                  <td>{t(BATCH_LABELS[c.batch_mode])}</td>
                  <td>{t('{{n}} hours', { n: c.ack_window_hours })}</td>
                  <td>{c.plan_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
