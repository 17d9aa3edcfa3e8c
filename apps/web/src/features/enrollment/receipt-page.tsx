import { useEffect, useState } from 'react';
import { mediaUrl } from '@store/domain/media';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { CARRIER_REVIEW_TEXT } from '@store/domain/health-texts';
import { Alert, Spinner } from '../../components/ui/alert';
import { receiptPdfUrl, useReceipt } from './api/receipt';
import { storage } from '../../lib/storage';
import { sessionKeys } from '../../lib/session';
import { paths } from '../../config/paths';
import { EOI_PENDING_NOTE, type TReceipt } from '@store/domain/receipt';
import { receiptPaymentSentence } from '@store/domain/charges';
import { formatPhone } from '@store/domain/format';
import { LazyChargeLines } from '../../components/money/lazy-charge-lines';
import { useSite } from '../../lib/site/site-context';
import { SignedApplicationLink } from './consent/signed-application-link';
import { MemberAccountOffer } from './member-account-offer';
import { MEMBER_ACCOUNT_TEXT } from '@store/domain/member-account-text';

/** A signed-in rep or group administrator (signing in stores the user type, auth/api.ts). */
const signedInStaff = () => ['rep', 'group'].includes(storage.get('usertype') ?? '');

/**
 * 'Return to homepage' (section 2.13): referrals when a referral is stored, / with an open type, else by process type.
 * A signed-in rep or group administrator goes by process type: signing in stores their open type too (auth/api.ts).
 */
export function homeTarget(): string {
  const referral = storage.get('referral');
  if (referral) return paths.referrals(referral);
  if (storage.get('open_type') && !signedInStaff()) return '/';
  const eprocess = storage.get('eprocess');
  if (eprocess === 'rep') return paths.homeVariant('agent-home');
  if (eprocess === 'group') return paths.homeVariant('group-home');
  return paths.homeVariant('member-home');
}

/**
 * The enrollment this receipt page shows: the mail's link (?id=), the wizard's tempId right after the last Next, or the
 * one this browser last completed (kept as receiptId, so a reload shows the receipt again). The server answers only
 * the session that owns the enrollment.
 */
function receiptEnrollmentId(search: URLSearchParams): string | null {
  return search.get('id') ?? storage.get('tempId') ?? storage.get('receiptId');
}

/** The thank-you page and receipt of a completed enrollment (enrollment.md 2.13, 4.11). */
export function ReceiptPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [search] = useSearchParams();
  const site = useSite();
  // The id is kept for this page; storage forgets the wizard's (tempId and the cart are reset once the receipt is read).
  const [enrollmentId] = useState(() => receiptEnrollmentId(search));
  const receipt = useReceipt(enrollmentId);
  const [home] = useState(homeTarget);
  useEffect(() => {
    if (!receipt.data || !enrollmentId) return;
    storage.remove('tempId', 'tempDepData', 'navto', 'nav_array', 'health_track', 'first_track', 'isSpouseEnrollAccept', 'continue_track');
    storage.set('receiptId', enrollmentId);
    storage.set('cartCount', 0);
    void qc.invalidateQueries({ queryKey: sessionKeys.all });
  }, [receipt.data, enrollmentId, qc]);

  if (!enrollmentId) return <Alert kind="info">{t('There is no enrollment in progress on this device.')}</Alert>;
  // Another browser (the mail's link): signing in leads to the member home, which shows what was bought (decision 2460).
  if (receipt.isError)
    return (
      <section className="page narrow receipt-page card">
        <Alert kind="info">{t(RECEIPT_ELSEWHERE)}</Alert>
        <p>
          <Link className="btn btn-primary" to={`${paths.signIn}?next=${encodeURIComponent(paths.homeVariant('member-home'))}`}>
            {t(MEMBER_ACCOUNT_TEXT.SIGN_IN_TO_SEE)}
          </Link>
        </p>
      </section>
    );
  if (!receipt.data) return <Spinner />;
  const r = receipt.data;
  const carriers = [...new Set(r.policies.map((p) => p.carrier).filter((c): c is string => !!c))];
  const phone = site.settings.support_phone;
  // The site's thank-you picture (setting thank_you_image; the operator's upload replaces the designed one).
  const thankYouArt = mediaUrl(site.settings.thank_you_image);
  return (
    <section className="page narrow receipt-page card">
      {thankYouArt && <img className="receipt-art" src={thankYouArt} alt="" width={480} height={240} decoding="async" />}
      <h1>{t('Dear {{name}}, Thank you', { name: r.name })}</h1>
      <p>
        {t('Your confirmation number is')} <strong className="confirmation-number">{r.confirmation_number}</strong>
      </p>
      <p>{t('A receipt titled "{{title}}" will be sent to your e-mail within 10 minutes.', { title: TEXT.ENROLLMENT_RECEIPT })}</p>
      <h2>{t('Your plans')}</h2>
      <ul className="receipt-plans">
        {r.policies.map((p) => (
          <li key={p.policy_id}>
            <strong>{p.plan_name}</strong>
            {p.carrier && <span className="muted"> · {p.carrier}</span>}
            {/* Issue 38: the carrier decides on the plan's evidence of insurability first (5 to 10 days). */}
            {(p.eoi_status === 'pending' || p.eoi_status === 'more_information') && (
              <div className="receipt-eoi">{t(EOI_PENDING_NOTE, { plan: p.plan_name })}</div>
            )}
          </li>
        ))}
      </ul>
      {r.covered.length > 1 && (
        <>
          <h2>{t('Who is covered')}</h2>
          <ul className="receipt-covered">
            {r.covered.map((p, i) => (
              <li key={`${p.name}-${i}`}>
                {p.name} <span className="muted">({t(COVERED_AS[p.relationship])})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {r.effective_date && <p>{t('Coverage starts on {{date}}.', { date: r.effective_date })}</p>}
      {r.summary && (
        <>
          <h2>{t('What you will pay')}</h2>
          <LazyChargeLines
            summary={r.summary}
            schedule={r.payment.method === 'cc' || r.payment.method === 'eft' ? 'card-or-bank' : 'list'}
          />
        </>
      )}
      <p>
        {t('Payment method')}: <strong>{paymentText(r.payment, t)}</strong>
      </p>
      <h2>{t('What happens next')}</h2>
      <ul className="receipt-next">
        <li>
          {r.carrier_review
            ? t(CARRIER_REVIEW_TEXT)
            : carriers.length
              ? t('Your ID cards from {{carriers}} arrive by e-mail within a few days.', { carriers: carriers.join(', ') })
              : t('Your ID cards arrive by e-mail within a few days.')}
        </li>
        {r.summary && (r.payment.method === 'cc' || r.payment.method === 'eft') && (
          <li>
            {/* The one schedule's words: a card's first payment today, a bank debit's by its date (decision 2520). */}
            {((x) => t(x.text, x.values))(receiptPaymentSentence(r.summary, r.payment.method))}
          </li>
        )}
        <li>
          {phone ? (
            <>
              {t('Questions? Call us at')} <a href={`tel:${phone}`}>{formatPhone(phone)}</a>
            </>
          ) : (
            t('Questions? Use Help at the bottom of the page.')
          )}
        </li>
      </ul>
      {/* The documents are the member's: a rep or group administrator gets the status only (decision 2320). */}
      {!signedInStaff() && (
        <>
          <p>
            <a href={receiptPdfUrl(enrollmentId)} download>
              {t('Download {{title}} (PDF)', { title: TEXT.ENROLLMENT_RECEIPT })}
            </a>
          </p>
          <p>
            <SignedApplicationLink enrollmentId={enrollmentId} />
          </p>
          <MemberAccountOffer enrollmentId={enrollmentId} />
        </>
      )}
      <Link className="btn btn-primary" to={home}>
        {t(TEXT.RETURN_TO_HOMEPAGE)}
      </Link>
    </section>
  );
}

/** How the receipt names each person it covers. */
const COVERED_AS = { member: 'Member', spouse: 'Spouse', child: 'Child' } as const;

const RECEIPT_ELSEWHERE =
  'This receipt can be opened in the browser that completed the enrollment. Your Enrollment Receipt PDF is attached to the e-mail we sent.';

/** The payment method, masked as the server gives it (the method only, for a rep or group administrator). */
function paymentText(p: TReceipt['payment'], t: (s: string, v?: Record<string, string>) => string): string {
  if (p.method === 'cc' && p.last4 === null) return t('Card');
  if (p.method === 'eft' && p.last4 === null) return t('EFT');
  if (p.method === 'cc') return t('{{brand}} card ending {{last4}}', { brand: p.brand ?? '', last4: p.last4 ?? '' });
  if (p.method === 'eft') return t('EFT, {{bank}} account ending {{last4}}', { bank: p.bank_name ?? '', last4: p.last4 ?? '' });
  return t('Billed through your employer');
}
