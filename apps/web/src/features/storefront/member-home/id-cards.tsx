import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@store/domain/format';
import { MEMBER_HOME_TEXT as T, type TCoverageItem, type TMemberHome } from '@store/domain/member-home';
import { Button } from '../../../components/ui/button';
import { idCardPdfUrl } from './api/document-urls';

/** The carrier's logo as an address the page may load (an uploaded /media/ image or https). */
const logo = (v: string | null) => (v && (v.startsWith('/media/') || v.startsWith('https://')) ? v : null);

/** An ID card per active plan: on screen (printable alone, see member-home.css) and as a PDF wallet card. */
export function IdCards({ member, coverage }: { member: TMemberHome['member']; coverage: TCoverageItem[] }) {
  const { t, i18n } = useTranslation();
  const [printing, setPrinting] = useState<number | null>(null);
  const cards = coverage.filter((p) => p.status === 'ACTIVE');
  if (!cards.length) return null;
  const print = (id: number) => {
    setPrinting(id);
    // After React has marked the card to print.
    setTimeout(() => {
      window.print();
      setPrinting(null);
    }, 0);
  };
  return (
    <section className="card mh-section" aria-labelledby="mh-id-cards">
      <h2 id="mh-id-cards">{t(T.ID_CARDS)}</h2>
      <ul className="mh-id-cards">
        {cards.map((p) => (
          <li key={p.policy_id}>
            <figure
              className={`mh-id-card ${printing === p.policy_id ? 'mh-printing' : ''}`}
              aria-label={`${t(T.ID_CARDS)}: ${p.plan_name}`}
            >
              <div className="mh-id-card-head">
                <div>
                  <strong>{p.plan_name}</strong>
                  {p.carrier && <span>{p.carrier}</span>}
                </div>
                {logo(p.carrier_logo) && <img className="mh-id-card-logo" src={logo(p.carrier_logo)!} alt={p.carrier ?? ''} />}
              </div>
              <dl className="mh-id-card-body">
                <dt>{t('Member')}</dt>
                <dd className="mh-id-card-name">
                  {member.first_name} {member.last_name}
                </dd>
                <dt>{t(T.MEMBER_ID)}</dt>
                <dd>{member.member_id}</dd>
                <dt>{t(T.GROUP)}</dt>
                <dd>{member.group_name ?? '—'}</dd>
                {p.group_number && (
                  <>
                    <dt>{t(T.GROUP_NUMBER)}</dt>
                    <dd>{p.group_number}</dd>
                  </>
                )}
                {p.carrier_phone ? (
                  <>
                    <dt>{t(T.SERVICE_PHONE)}</dt>
                    <dd>
                      <a href={`tel:${p.carrier_phone}`}>{formatPhone(p.carrier_phone)}</a>
                    </dd>
                  </>
                ) : (
                  p.service_phone && (
                    <>
                      <dt>{t(T.REP_PHONE)}</dt>
                      <dd>
                        <a href={`tel:${p.service_phone}`}>{formatPhone(p.service_phone)}</a>
                      </dd>
                    </>
                  )
                )}
                {p.payer_id && (
                  <>
                    <dt>{t(T.PAYER_ID)}</dt>
                    <dd>{p.payer_id}</dd>
                  </>
                )}
                {p.claims_address && (
                  <>
                    <dt>{t(T.CLAIMS_ADDRESS)}</dt>
                    <dd className="mh-id-card-address">{p.claims_address}</dd>
                  </>
                )}
              </dl>
            </figure>
            <div className="mh-actions">
              <a
                className="btn btn-secondary"
                href={idCardPdfUrl(p.policy_id, i18n.language)}
                download
                aria-label={`${t(T.DOWNLOAD_ID_CARD)}: ${p.plan_name}`}
              >
                {t(T.DOWNLOAD_ID_CARD)}
              </a>
              <Button variant="link" onClick={() => print(p.policy_id)} aria-label={`${t(T.PRINT_ID_CARD)}: ${p.plan_name}`}>
                {t(T.PRINT_ID_CARD)}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
