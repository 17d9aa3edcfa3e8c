import { useTranslation } from 'react-i18next';

const ROWS = [
  { service: 'Preventive Care', what: 'Cleanings, exams and X-rays', saving: 'Covered from day one' },
  { service: 'Basic Services', what: 'Fillings, simple extractions', saving: 'Lower cost after a short wait' },
  { service: 'Major Services', what: 'Crowns, bridges, root canals', saving: 'Covered after the waiting period' },
];
const PERKS = ['A wide network of dentists', 'Direct payment to your dentist', 'No age restrictions'];

/** The dental coverage table. */
export function CoverageTable() {
  const { t } = useTranslation();
  return (
    <section className="page coverage" aria-labelledby="coverage-title">
      <h2 id="coverage-title">{t('What dental plans cover')}</h2>
      {/* A focusable region: on a narrow phone the table may scroll sideways, and a keyboard can scroll it too. */}
      <div className="table-wrap" role="region" aria-labelledby="coverage-title" tabIndex={0}>
        <table className="coverage-table">
          <thead>
            <tr>
              <th scope="col">{t('Service')}</th>
              <th scope="col">{t('What it includes')}</th>
              <th scope="col">{t('Coverage')}</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((r) => (
              <tr key={r.service}>
                <th scope="row">{t(r.service)}</th>
                <td>{t(r.what)}</td>
                <td>{t(r.saving)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="perks">
        {PERKS.map((p) => (
          <li key={p}>{t(p)}</li>
        ))}
      </ul>
    </section>
  );
}
