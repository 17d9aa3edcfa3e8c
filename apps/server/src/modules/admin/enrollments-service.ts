import type { TJsonValue } from '@store/domain/json-value';
import type { Kysely } from 'kysely';
import type { TEnrollmentDetail, TEnrollmentSearch } from '@store/domain/admin-records';
import type { Database } from '../../db/schema.ts';
import { screenshotContext } from '../../db/sealed-columns.ts';
import type { Sealer } from '../../lib/crypto.ts';
import { notFound } from '../../lib/errors.ts';
import { audit, type Actor } from './audit.ts';
import type { TrailWriter } from '../../lib/actor.ts';
import { iso } from './iso.ts';
import { maskForOperator, mediaRefs } from './mask.ts';
import { answersOf, quoteRows } from './enrollment-answers.ts';
import * as repo from './enrollments-repository.ts';

/** Enrollments for operators: search, one enrollment as saved (masked, every view audited), its screenshots. */
export async function searchEnrollments(db: Kysely<Database>, search: TEnrollmentSearch) {
  const { items, total } = await repo.searchEnrollments(db, search);
  return { items: items.map((r) => ({ ...r, created_at: iso(r.created_at) })), total, limit: search.limit, offset: search.offset };
}

function labelFor(text: string, contentType: string): string {
  const t = text.toLowerCase();
  if (t.includes('signature')) return 'Signature';
  if (t.includes('receipt') || contentType === 'application/pdf') return 'Receipt PDF';
  return text;
}

type Document = TEnrollmentDetail['documents'][number];

/** Every stored file of an enrollment: named after it, referenced by its saved steps, attached to its mails. */
async function documentsOf(
  db: Kysely<Database>,
  enrollmentId: string,
  tabs: Record<string, unknown>,
  mails: Awaited<ReturnType<typeof repo.mailsOf>>,
) {
  const documents = new Map<string, Document>();
  const url = (id: string) => `/api/admin/media/${id}`;
  for (const m of await repo.mediaNaming(db, enrollmentId))
    documents.set(m.id, { label: labelFor(m.id, m.content_type), url: url(m.id), content_type: m.content_type });
  const refs = mediaRefs(tabs).filter((r) => !documents.has(r.id));
  const refTypes = await repo.mediaTypes(
    db,
    refs.map((r) => r.id),
  );
  for (const ref of refs) {
    const type = refTypes.find((t) => t.id === ref.id)?.content_type;
    if (type) documents.set(ref.id, { label: labelFor(`${ref.key} ${ref.id}`, type), url: url(ref.id), content_type: type });
  }
  for (const mail of mails)
    for (const a of mail.attachments ?? [])
      if (!documents.has(a.mediaId)) documents.set(a.mediaId, { label: a.filename, url: url(a.mediaId), content_type: a.contentType });
  return [...documents.values()];
}

/**
 * One enrollment for an operator; the view is audited and written into the enrollment's trail (modules/trail) by
 * `trail`, as the operator (the route binds it to its request).
 */
export async function viewEnrollment(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  trail: TrailWriter<'operator_viewed'>,
): Promise<TEnrollmentDetail> {
  const e = await repo.findEnrollment(db, id);
  if (!e) throw notFound('Enrollment not found');
  const tabs = (e.tabs ?? {}) as Record<string, unknown>;
  const [cart, screenshots, mails] = await Promise.all([repo.cartOf(db, e.id), repo.screenshotsOf(db, e.id), repo.mailsOf(db, e.id)]);
  const documents = await documentsOf(db, e.id, tabs, mails);
  await db.transaction().execute(async (trx) => {
    await audit(trx, actor, 'view-enrollment', `enrollment:${e.id}`);
    await trail(trx, e.id, 'operator_viewed', { view: 'enrollment' });
  });
  const primary = (tabs.primary_info ?? {}) as Record<string, unknown>;
  return {
    id: e.id,
    confirmation_number: e.confirmation_number,
    first_name: typeof primary.first_name === 'string' ? primary.first_name : null,
    last_name: typeof primary.last_name === 'string' ? primary.last_name : null,
    status: e.status,
    eprocess: e.eprocess,
    type: e.type,
    agent_id: e.agent_id,
    group_id: e.group_id,
    created_at: iso(e.created_at),
    completed_at: iso(e.completed_at),
    effective_date: e.effective_date,
    saved_tab: e.saved_tab,
    filter_info: maskForOperator(e.filter_info ?? {}) as Record<string, TJsonValue>,
    tabs: maskForOperator(tabs) as Record<string, TJsonValue>,
    answers: answersOf(maskForOperator(tabs) as Record<string, unknown>),
    quote: quoteRows((e.filter_info ?? {}) as Record<string, unknown>),
    cart: cart.map((c) => ({ plan_id: c.plan_id, plan_name: c.plan_name, price: c.price_cents / 100 })),
    screenshots: screenshots.map((s) => ({ id: Number(s.id), name: s.name, created_at: iso(s.created_at) })),
    documents,
    mails: mails.map((m) => ({ id: m.id, subject: m.subject, status: m.status })),
  };
}

/** A screenshot's PNG: sealed bytes (b2, older rows sealed text) since screenshots are encrypted at rest; the oldest rows are plain PNG. */
export async function viewScreenshot(db: Kysely<Database>, sealer: Sealer, actor: Actor, enrollmentId: string, id: number) {
  const image = await repo.screenshotImage(db, enrollmentId, id);
  if (!image) throw notFound();
  await audit(db, actor, 'view-screenshot', `enrollment:${enrollmentId}`, { screenshot: id });
  const bytes = Buffer.from(image);
  return sealer.isSealedBytes(bytes) ? sealer.openBytes(bytes, screenshotContext(id)) : bytes;
}
