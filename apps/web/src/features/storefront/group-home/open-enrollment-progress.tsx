import { useTranslation } from 'react-i18next';
import { OPEN_ENROLLMENT_TEXT, type TOpenEnrollmentProgress } from '@store/domain/group-home';
import { dateInWords } from '@store/domain/group-window';

/**
 * An active open enrollment's progress on the group administrator's home (issue 38, decision 2660): the census
 * employees who have chosen within it and those who have not yet.
 */
export function OpenEnrollmentProgress({ progress }: { progress: TOpenEnrollmentProgress }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'es' ? 'es' : 'en';
  const list = (names: string[]) =>
    names.length ? (
      <ul>
        {names.map((n, i) => (
          <li key={`${n}-${i}`}>{n}</li>
        ))}
      </ul>
    ) : (
      <p>{t(OPEN_ENROLLMENT_TEXT.NOBODY)}</p>
    );
  return (
    <section className="card group-home-card" aria-labelledby="gh-oe-title">
      <h2 id="gh-oe-title">{t(OPEN_ENROLLMENT_TEXT.TITLE)}</h2>
      <p>
        {t(OPEN_ENROLLMENT_TEXT.INTRO, {
          opens: dateInWords(progress.opens_on, lang),
          closes: dateInWords(progress.closes_on, lang),
        })}
      </p>
      <h3 id="gh-oe-not-chosen">{t(OPEN_ENROLLMENT_TEXT.NOT_CHOSEN, { count: progress.not_chosen.length })}</h3>
      <div aria-labelledby="gh-oe-not-chosen" role="group">
        {list(progress.not_chosen)}
      </div>
      <h3 id="gh-oe-chosen">{t(OPEN_ENROLLMENT_TEXT.CHOSEN, { count: progress.chosen.length })}</h3>
      <div aria-labelledby="gh-oe-chosen" role="group">
        {list(progress.chosen)}
      </div>
    </section>
  );
}
