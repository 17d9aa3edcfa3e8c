import { useTranslation } from 'react-i18next';
import { MEMBER_HOME_TEXT as T, type TMemberDocument } from '@store/domain/member-home';
import { memberDocumentUrl } from './api/document-urls';

const TITLE: Record<TMemberDocument['kind'], string> = { receipt: 'Enrollment Receipt', 'signed-application': 'Signed application' };

/** The receipts and signed applications of the member's enrollments. */
export function DocumentsSection({ documents }: { documents: TMemberDocument[] }) {
  const { t } = useTranslation();
  return (
    <section className="card mh-section" aria-labelledby="mh-documents">
      <h2 id="mh-documents">{t(T.DOCUMENTS)}</h2>
      {documents.length === 0 ? (
        <p>{t(T.NO_DOCUMENTS)}</p>
      ) : (
        <ul className="mh-documents">
          {documents.map((d) => (
            <li key={`${d.enrollment_id}-${d.kind}`}>
              <a href={memberDocumentUrl(d)} download>
                {t(TITLE[d.kind])} {d.confirmation_number} (PDF)
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
