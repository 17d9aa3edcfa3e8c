import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_HOME_TEXT as T, type TEnrollmentBeneficiaries } from '@store/domain/member-home';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { BeneficiariesForm } from './beneficiaries-form';

/** The beneficiaries of each enrollment that has them, and the way to change them. */
export function BeneficiariesSection({ enrollments }: { enrollments: TEnrollmentBeneficiaries[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  return (
    <section className="card mh-section" aria-labelledby="mh-beneficiaries">
      <h2 id="mh-beneficiaries">{t(T.BENEFICIARIES)}</h2>
      {saved && <Alert kind="success">{t(T.BENEFICIARIES_SAVED)}</Alert>}
      {enrollments.length === 0 && <p>{t(T.NO_BENEFICIARIES)}</p>}
      {enrollments.map((e) => (
        <div key={e.enrollment_id} className="mh-beneficiaries">
          <h3>{e.plans.join(', ') || e.confirmation_number}</h3>
          {editing === e.enrollment_id ? (
            <BeneficiariesForm current={e} onDone={(ok) => (setEditing(null), setSaved(ok))} />
          ) : (
            <>
              <ul>
                {e.beneficiaries.map((b) => (
                  <li key={b.beneficiary_id}>
                    {b.first_name} {b.last_name} — {t(b.relationship)}, {b.beneficiary_percentage}%
                  </li>
                ))}
              </ul>
              <Button variant="secondary" onClick={() => (setEditing(e.enrollment_id), setSaved(false))}>
                {t(T.CHANGE_BENEFICIARIES)}
                <span className="sr-only">: {e.plans.join(', ')}</span>
              </Button>
            </>
          )}
        </div>
      ))}
    </section>
  );
}
