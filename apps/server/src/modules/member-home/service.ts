import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import type { TrailWriter } from '../../lib/actor.ts';
import { isoToUs, todayIso } from '@store/domain/dates';
import { paymentOptions } from '@store/domain/billing';
import { coverageTierLabel, memberIdOf, monthlyCentsOf, type TMemberDocument, type TMemberHome } from '@store/domain/member-home';
import { notFound } from '../../lib/errors.ts';
import { openPrivateMedia } from '../../lib/private-media.ts';
import { isoDate } from '../carriers/index.ts';
import { awaitingCarrier } from '../coverage-confirmation/index.ts';
import { latestIssuedDocument, paymentMethodOf, receiptPdfOf } from '../enrollment/index.ts';
import { renderPdf } from '../../pdf/pool.ts';
import { logoImage, logoMediaId } from './id-card-logo.ts';
import * as repo from './repository.ts';

type Obj = Record<string, unknown>;
type Db = Kysely<Database>;

/** The trail's events the member's home writes, as the member (the route binds the writer to its request). */
export type MemberTrail = TrailWriter<'step_saved' | 'document_downloaded'>;
const tabsOf = (tabs: unknown): Obj => (typeof tabs === 'string' ? JSON.parse(tabs) : ((tabs ?? {}) as Obj));
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The member of the session; 404 when the account names no member row. */
export async function memberOf(db: Db, userId: number) {
  const m = await repo.findMember(db, userId);
  if (!m) throw notFound();
  return m;
}

/** Names of the dependents kept on an enrollment (dependent step), in the order entered. */
function dependentNames(tabs: Obj): string[] {
  const deps = (tabs.dependent_info as { dependents?: { primary_info?: Obj }[] } | undefined)?.dependents ?? [];
  return deps.map((d) => `${str(d.primary_info?.first_name)} ${str(d.primary_info?.last_name)}`.trim()).filter(Boolean);
}

/** The payment methods the member may change to: the store's rule for a member's own enrollment, or their group's. */
async function changeOptions(db: Db, groupId: number | null) {
  return paymentOptions(await paymentMethodOf(db, { eprocess: 'applicant', type: 'existing-member', group_id: groupId }));
}

/** Everything the member's home shows, the member's own data only (the route adds how a card is taken, `card_entry`). */
export async function memberHome(db: Db, userId: number, now = new Date()): Promise<Omit<TMemberHome, 'card_entry'>> {
  const m = await memberOf(db, userId);
  const [policies, enrollments, payment, awaiting] = await Promise.all([
    repo.listPolicies(db, userId),
    repo.listCompletedEnrollments(db, userId),
    repo.latestPaymentMethod(db, userId),
    awaitingCarrier(db, userId, now),
  ]);
  const ids = enrollments.map((e) => e.id);
  const [rates, issued, planNames, options] = await Promise.all([
    repo.ratesOf(db, [...new Set(policies.map((p) => p.plan_id))]),
    repo.issuedKinds(db, ids),
    repo.planNamesOf(db, ids),
    changeOptions(db, m.group_id),
  ]);
  const today = todayIso();
  const memberName = `${m.first_name} ${m.last_name}`;
  const tabsById = new Map(enrollments.map((e) => [e.id, tabsOf(e.tabs)]));
  const coverage = policies.map((p) => ({
    policy_id: p.policy_id,
    plan_id: p.plan_id,
    plan_name: p.plan_name,
    category: p.category,
    carrier: p.carrier,
    carrier_phone: p.carrier_phone ?? null,
    service_phone: p.carrier_phone ? null : m.agent_phone,
    group_number: p.group_number ?? null,
    payer_id: p.payer_id ?? null,
    claims_address: p.claims_address ?? null,
    carrier_logo: p.carrier_logo ?? null,
    status: p.status,
    effective_date: isoDate(p.effective_date),
    tier: p.tier,
    tier_label: coverageTierLabel(p.tier),
    monthly_cents: monthlyCentsOf(
      { tier: p.tier, cart_cents: p.cart_cents ?? null },
      rates.filter((r) => r.plan_id === p.plan_id),
      { dob: isoDate(m.dob) ?? today, state: m.state },
      today,
    ),
    covered: [memberName, ...dependentNames((p.enrollment_id && tabsById.get(p.enrollment_id)) || {})],
    enrollment_id: p.enrollment_id,
    eoi_status: p.eoi_status ?? null,
    ends_on: isoDate(p.ends_on),
    carrier_status: p.carrier_status ?? null,
    carrier_policy_number: p.carrier_policy_number ?? null,
    awaiting_carrier: awaiting.has(p.policy_id),
  }));
  const documents: TMemberDocument[] = enrollments.flatMap((e) => {
    const tabs = tabsById.get(e.id) ?? {};
    const n = e.confirmation_number ?? '';
    const out: TMemberDocument[] = [];
    if ((tabs.receipt as Obj | undefined)?.media_id) out.push({ enrollment_id: e.id, confirmation_number: n, kind: 'receipt' });
    if (issued.some((d) => d.enrollment_id === e.id && d.kind === 'signed-application'))
      out.push({ enrollment_id: e.id, confirmation_number: n, kind: 'signed-application' });
    return out;
  });
  const beneficiaries = enrollments
    .filter((e) => tabsById.get(e.id)?.benificiary_info)
    .map((e) => {
      const list = ((tabsById.get(e.id)?.benificiary_info as Obj).beneficiaries ?? []) as Obj[];
      return {
        enrollment_id: e.id,
        confirmation_number: e.confirmation_number ?? '',
        plans: planNames.filter((p) => p.enrollment_id === e.id).map((p) => p.plan_name),
        beneficiaries: list.map((b) => ({
          beneficiary_id: str(b.beneficiary_id),
          first_name: str(b.first_name),
          middle_name: str(b.middle_name),
          last_name: str(b.last_name),
          birthdate: str(b.birthdate),
          ssn: str(b.ssn).replace(/\d(?=\d{4})/g, 'x'),
          relationship: str(b.relationship),
          beneficiary_percentage: str(b.beneficiary_percentage),
        })),
      };
    });
  const active = policies.find((p) => p.status === 'ACTIVE') ?? policies[0];
  return {
    member: {
      user_id: m.user_id,
      member_id: memberIdOf(m.user_id),
      first_name: m.first_name,
      last_name: m.last_name,
      group_name: m.group_name ?? null,
      household_tier: active?.tier ?? 'IO',
    },
    coverage,
    documents,
    payment: payment
      ? payment.kind === 'bank'
        ? { kind: 'bank', label: payment.bank_name ?? '', last4: (payment.account_last4 ?? '').slice(-4) }
        : { kind: 'card', label: payment.card_brand ?? '', last4: (payment.card_last4 ?? '').slice(-4) }
      : null,
    payment_options: options,
    beneficiaries,
    address: addressOf(m, enrollments[0] ? tabsById.get(enrollments[0].id) : undefined),
  };
}

type AddressRow = { address1: string | null; address2: string | null; city: string | null; state: string | null; zip: string | null };

/**
 * The member row's address (what the 834 sends). A member completed before migration 2040 has no second line on the
 * row: the latest enrollment's contact step gives it when it is the same street.
 */
function addressOf(m: AddressRow, tabs: Obj | undefined) {
  if (!m.address1) return null;
  const contact = (tabs?.contact_info ?? {}) as Obj;
  return {
    address1: m.address1,
    address2: m.address2 ?? (str(contact.address1) === m.address1 ? str(contact.address2) : ''),
    city: m.city ?? '',
    state: m.state ?? '',
    zip: m.zip ?? '',
  };
}

/** The wallet ID card of one of the member's policies. */
export async function idCardOf(db: Db, userId: number, policyId: number, lang: 'en' | 'es' = 'en') {
  const m = await memberOf(db, userId);
  const p = (await repo.listPolicies(db, userId)).find((x) => x.policy_id === policyId);
  if (!p) throw notFound('ID card not found');
  const effective = isoDate(p.effective_date);
  const logoId = logoMediaId(p.carrier_logo);
  const logoRow = logoId ? await repo.publicMediaBytes(db, logoId) : undefined;
  const pdf = await renderPdf(
    'id-card',
    {
      memberName: `${m.first_name} ${m.last_name}`,
      memberId: memberIdOf(m.user_id),
      group: m.group_name ?? null,
      plan: p.plan_name,
      carrier: p.carrier,
      carrierPhone: p.carrier_phone ?? null,
      servicePhone: p.carrier_phone ? null : m.agent_phone,
      groupNumber: p.group_number ?? null,
      payerId: p.payer_id ?? null,
      claimsAddress: p.claims_address ?? null,
      effectiveDate: effective ? isoToUs(effective) : null,
      logo: logoRow ? logoImage(logoRow.data) : null,
    },
    lang,
  );
  return { pdf: Buffer.from(pdf), filename: `id-card-${memberIdOf(m.user_id)}-${p.plan_id}.pdf` };
}

/** The receipt or the signed application of one of the member's completed enrollments; the download is on its trail. */
export async function documentOf(
  deps: Pick<Deps, 'db' | 'sealer'>,
  trail: MemberTrail,
  userId: number,
  enrollmentId: string,
  kind: TMemberDocument['kind'],
) {
  const e = await repo.findMemberEnrollment(deps.db, userId, enrollmentId);
  if (!e) throw notFound('Document not found');
  let data: Buffer;
  if (kind === 'receipt') data = await receiptPdfOf(deps, e);
  else {
    const doc = await latestIssuedDocument(deps.db, e.id, 'signed-application');
    const media = doc?.media_id ? await repo.mediaBytes(deps.db, doc.media_id) : undefined;
    if (!media) throw notFound('Document not found');
    data = openPrivateMedia(deps.sealer, doc!.media_id!, media.data);
  }
  await deps.db.transaction().execute((trx) => trail(trx, e.id, 'document_downloaded', { document: kind, from: 'member-home' }));
  const name = kind === 'receipt' ? 'enrollment-receipt' : 'signed-application';
  return { pdf: data, filename: `${name}-${e.confirmation_number ?? e.id}.pdf` };
}
