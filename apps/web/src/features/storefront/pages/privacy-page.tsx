import { useTranslation } from 'react-i18next';
import { PRIVACY_TEXT } from '@store/domain/privacy';
import { PRIVACY_SECTIONS } from '@store/domain/privacy-page';

/**
 * /privacy: what the application asks and why, how the store keeps it, who can see it and how long it is kept
 * (issue 37, decision 2540). The personal and contact steps link here beside each sensitive field.
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <div className="page privacy-page">
      <h1>{t(PRIVACY_TEXT.TITLE)}</h1>
      <p className="lead">{t(PRIVACY_TEXT.LEAD)}</p>
      {PRIVACY_SECTIONS.map((s, i) => (
        <section key={s.heading} aria-labelledby={`privacy-${i}`}>
          <h2 id={`privacy-${i}`}>{t(s.heading)}</h2>
          <ul>
            {s.lines.map((line) => (
              <li key={line}>{t(line)}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
