import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminTable, Loaded } from '../components/admin-table';
import { useCarriers } from '../api/carriers';

export const BATCH_LABELS: Record<string, string> = { per_enrollment: 'A file per enrollment', daily: 'A daily file' };
export const USAGE_LABELS: Record<string, string> = { T: 'Test', P: 'Production' };
export const DELIVERY_LABELS: Record<string, string> = { folder: 'Drop folder', sftp: 'SFTP' };

/** The carriers: interchange ids and qualifiers, group number, test or production, delivery and batch. */
export function CarriersPage() {
  const { t } = useTranslation();
  const carriers = useCarriers();
  return (
    <section>
      <h1>{t('Carriers')}</h1>
      <p>
        <Link to="/admin/carriers/new">{t('New carrier')}</Link>
      </p>
      <Loaded loading={carriers.isLoading} error={carriers.error && t(carriers.error.message)}>
        <AdminTable
          columns={[
            t('Carrier'),
            t('Sender ID'),
            t('Receiver ID'),
            t('Group number'),
            t('Usage'),
            t('Delivery'),
            t('Batch'),
            t('Acknowledgment window'),
            t('Plans'),
          ]}
          rows={carriers.data}
          empty={t('No carriers.')}
          row={(c) => (
            <tr key={c.id}>
              <td>
                <Link to={`/admin/carriers/${c.id}`}>{c.name}</Link>
              </td>
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
          )}
        />
      </Loaded>
    </section>
  );
}
