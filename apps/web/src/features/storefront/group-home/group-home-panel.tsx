import { useTranslation } from 'react-i18next';
import { Alert, Spinner } from '../../../components/ui/alert';
import { useGroupHome } from './api/group-home';
import { CensusForm } from './census-form';
import { EmployeesTable } from './employees-table';
import { InvoicesList } from './invoices-list';
import { OpenEnrollmentProgress } from './open-enrollment-progress';
import { RemindersButton } from './reminders-button';
import { WindowForm } from './window-form';
import { BookEventsList } from '../life-events/book-events-list';
import { useGroupLifeEvents } from '../life-events/api';
import './group-home.css';

/**
 * The signed-in group administrator's own group (issue 24): the open-enrollment window, the group's enrollment link,
 * the census upload, the reminders and the employees with their status; the group's invoices (issue 39).
 */
export function GroupHomePanel() {
  const { t } = useTranslation();
  const home = useGroupHome();
  if (home.isLoading) return <Spinner />;
  if (!home.data) return <Alert>{t('Your group could not be loaded.')}</Alert>;
  const h = home.data;
  const pending = h.counts.invited + h.counts.not_started + h.counts.in_progress;
  return (
    <div className="page group-home-panel">
      <section className="card group-home-card" aria-labelledby="gh-link-title">
        <h2 id="gh-link-title">{t('Your enrollment link')}</h2>
        <p>{t('Employees start their enrollment at this address (it is in the invitation e-mails):')}</p>
        <p className="group-home-link">
          <a href={h.enrollment_link}>{h.enrollment_link}</a>
        </p>
      </section>
      <div className="group-home-grid">
        <WindowForm window={h.window} />
        <CensusForm />
        <RemindersButton pending={pending} />
      </div>
      {h.open_enrollment && <OpenEnrollmentProgress progress={h.open_enrollment} />}
      <EmployeesTable home={h} />
      <InvoicesList />
      <GroupLifeEvents />
    </div>
  );
}

/** The life events of the group's employees and where each stands (issue 38); never their documents. */
function GroupLifeEvents() {
  const { t } = useTranslation();
  return <BookEventsList query={useGroupLifeEvents()} caption={t('Life events of your employees')} />;
}
