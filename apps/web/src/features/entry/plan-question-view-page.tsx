import { useTranslation } from 'react-i18next';

const QUESTIONS = [
  'Have you ever been diagnosed with, treated for, or advised to seek treatment for cancer (other than skin cancer)?',
  'In the past 5 years, have you had a biopsy, mammogram, colonoscopy or other test with an abnormal result that was not yet resolved?',
  'Are you currently awaiting the results of any medical test, or scheduled for surgery or hospital admission?',
  'Have you used tobacco or nicotine products in the past 12 months?',
];

/** /PlanQuestionView: a static mock-up of the cancer-insurance medical questions (read-only). */
export function PlanQuestionViewPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t('Cancer Insurance Medical Questions')}</h1>
      <p className="muted">{t('A preview of the questions asked before a cancer plan can be added to the cart.')}</p>
      <ol className="card form-stack">
        {QUESTIONS.map((q, i) => (
          <li key={q}>
            <fieldset className="field" disabled>
              <legend>{t(q)}</legend>
              <div className="radio-options">
                <label className="radio-option">
                  <input type="radio" name={`q${i}`} /> {t('Yes')}
                </label>
                <label className="radio-option">
                  <input type="radio" name={`q${i}`} defaultChecked /> {t('No')}
                </label>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
    </section>
  );
}
