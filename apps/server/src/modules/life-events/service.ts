import crypto from 'node:crypto';
import {
  documentTypeOf,
  LIFE_EVENT_LABEL,
  LIFE_EVENT_MAX_DOCUMENT_BYTES,
  LIFE_EVENT_PROOF,
  LIFE_EVENT_STATUS_LABEL,
  LIFE_EVENT_TEXT,
  lifeEventDateProblem,
  lifeEventEffectiveDate,
  lifeEventWindow,
  ZLifeEventDecisionRequest,
  type TLifeEvent,
  type TLifeEventDecisionRequest,
  type TLifeEventType,
  type TLifeEventsView,
  type TReportLifeEventRequest,
  tierForHousehold,
} from '@store/domain/life-events';
import { todayIso } from '@store/domain/dates';
import { fieldError, HttpError, notFound } from '../../lib/errors.ts';
import { storedLanguage } from '../../lib/mail-i18n.ts';
import { openPrivateMedia, sealPrivateMedia } from '../../lib/private-media.ts';
import type { Deps } from '../../lib/deps.ts';
import { isoDate, type StoredDependent } from '../carriers/index.ts';
import { recordEvent } from '../trail/index.ts';
import { decisionMail, reportedMail } from './mail.ts';
import * as repo from './repository.ts';

export const LIFE_EVENT_MAIL_KIND = 'life-event';
const isWaiting = (s: string | null) => s === 'pending' || s === 'more_information';

/** Who acts: the member themself, their rep (on the member's behalf) or an operator. */
export interface LifeEventActor {
  accountId: number;
  rep: boolean;
}

export const asLifeEvent = (r: repo.LifeEventRow): TLifeEvent => ({
  id: r.id,
  event_type: r.event_type as TLifeEventType,
  event_label: LIFE_EVENT_LABEL[r.event_type as TLifeEventType],
  event_date: isoDate(r.event_date)!,
  effective_date: isoDate(r.effective_date)!,
  window_closes: isoDate(r.window_closes)!,
  status: r.status,
  status_label: LIFE_EVENT_STATUS_LABEL[r.status],
  proof: LIFE_EVENT_PROOF[r.event_type as TLifeEventType],
  has_document: r.document_media_id !== null,
  reason: r.reason,
  member_name: `${r.first_name} ${r.last_name}`,
  reported_by_rep: r.reported_by_rep,
  created_at: new Date(r.created_at).toISOString(),
});

/**
 * A life event reported (issue 38) by the member, or by their rep on the member's behalf, in one transaction: the
 * event's window (its type's setting) must hold today, or 422 with the window's dates; an event that needs proof waits
 * for its document, one that does not (a move, a death) opens its window now. The trail, an audit row and a mail to
 * the member (a rep's report says so).
 */
export async function reportEvent(
  deps: Deps,
  who: LifeEventActor,
  userId: number,
  input: TReportLifeEventRequest,
  today: string = todayIso(),
): Promise<TLifeEvent> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const setting = await repo.settingOf(trx, input.event_type);
    if (!setting) throw notFound();
    const problem = lifeEventDateProblem(input.event_date, setting.window_days, today);
    if (problem) throw fieldError('event_date', problem);
    const enrollment = await repo.currentEnrollmentOf(trx, userId);
    if (!enrollment) throw new HttpError(409, LIFE_EVENT_TEXT.NO_COVERAGE);
    const window = lifeEventWindow(input.event_date, setting.window_days);
    const { id } = await repo.insertEvent(trx, {
      user_id: userId,
      enrollment_id: enrollment.id,
      event_type: input.event_type,
      event_date: input.event_date,
      effective_date: lifeEventEffectiveDate(input.event_type, input.event_date),
      window_closes: window.closes,
      status: setting.needs_proof ? 'awaiting_proof' : 'approved',
      reported_by: who.accountId,
      reported_by_rep: who.rep,
    });
    const e = (await repo.findEvent(trx, id))!;
    const detail = { kind: 'reported', life_event: id, event_type: input.event_type, event_date: input.event_date, by_rep: who.rep };
    await recordEvent(trx, enrollment.id, 'life_event', detail);
    await repo.writeAudit(trx, who.accountId, who.rep ? 'rep.life_event.report' : 'member.life_event.report', `life_event:${id}`, detail);
    if (e.email)
      await deps.mailer.enqueue(trx, {
        kind: LIFE_EVENT_MAIL_KIND,
        to: e.email,
        enrollmentId: enrollment.id,
        ...reportedMail(storedLanguage(e.mail_lang), {
          name: `${e.first_name} ${e.last_name}`,
          type: input.event_type,
          date: input.event_date,
          closes: window.closes,
          proof: setting.needs_proof ? LIFE_EVENT_PROOF[input.event_type] : null,
          byRep: who.rep,
        }),
      });
    return asLifeEvent(e);
  });
  deps.mailer.flushSoon();
  return result;
}

/** A data URL's bytes; the type is never taken from it (documentTypeOf reads the bytes). */
function bytesOf(dataUrl: string): Buffer {
  const m = /^data:[^,]*;base64,(.*)$/s.exec(dataUrl);
  if (!m) throw fieldError('file', LIFE_EVENT_TEXT.DOCUMENT_TYPE);
  return Buffer.from(m[1], 'base64');
}

/**
 * The member's proof of an event (PDF, JPEG or PNG by its content, at most 10 MB), sealed at rest as a private media
 * row (decision 2300) and sent to the operator's review. Only the member's own event; a wrong type or size is 422.
 */
export async function uploadDocument(
  deps: Deps,
  who: LifeEventActor,
  userId: number,
  eventId: number,
  dataUrl: string,
): Promise<TLifeEvent> {
  const bytes = bytesOf(dataUrl);
  if (bytes.length > LIFE_EVENT_MAX_DOCUMENT_BYTES) throw fieldError('file', LIFE_EVENT_TEXT.DOCUMENT_SIZE);
  const type = documentTypeOf(bytes);
  if (!type || bytes.length === 0) throw fieldError('file', LIFE_EVENT_TEXT.DOCUMENT_TYPE);
  return deps.db.transaction().execute(async (trx) => {
    const e = await repo.lockEvent(trx, eventId);
    if (!e || e.user_id !== userId) throw notFound();
    if (!LIFE_EVENT_PROOF[e.event_type as TLifeEventType]) throw new HttpError(409, LIFE_EVENT_TEXT.DOCUMENT_NOT_NEEDED);
    if (e.status !== 'awaiting_proof' && e.status !== 'rejected' && e.status !== 'in_review')
      throw new HttpError(409, LIFE_EVENT_TEXT.NOT_OPEN);
    const id = `life-event-${eventId}-${crypto.randomUUID()}`;
    await repo.attachDocument(trx, eventId, { id, content_type: type, data: sealPrivateMedia(deps.sealer, id, bytes) });
    const detail = { kind: 'document', life_event: eventId, type, bytes: bytes.length };
    await recordEvent(trx, e.enrollment_id, 'life_event', detail);
    await repo.writeAudit(trx, who.accountId, 'member.life_event.document', `life_event:${eventId}`, detail);
    return asLifeEvent((await repo.findEvent(trx, eventId))!);
  });
}

/** The operator's review of the proof: approved opens the window for changes; rejected says why. Mailed, audited. */
export async function decideEvent(deps: Deps, accountId: number, eventId: number, input: TLifeEventDecisionRequest): Promise<TLifeEvent> {
  const body = ZLifeEventDecisionRequest.parse(input);
  const result = await deps.db.transaction().execute(async (trx) => {
    const e = await repo.lockEvent(trx, eventId);
    if (!e) throw notFound();
    if (e.status !== 'in_review') throw new HttpError(409, LIFE_EVENT_TEXT.NOT_IN_REVIEW);
    const approved = body.decision === 'approved';
    await repo.setEventStatus(trx, eventId, {
      status: approved ? 'approved' : 'rejected',
      reason: body.reason || null,
      decided_by: accountId,
      decided_at: new Date(),
    });
    const detail = { kind: 'decision', life_event: eventId, decision: body.decision, reason: body.reason || null };
    await recordEvent(trx, e.enrollment_id, 'life_event', detail);
    await repo.writeAudit(trx, accountId, 'life_event.decision', `life_event:${eventId}`, detail);
    if (e.email)
      await deps.mailer.enqueue(trx, {
        kind: LIFE_EVENT_MAIL_KIND,
        to: e.email,
        enrollmentId: e.enrollment_id,
        ...decisionMail(storedLanguage(e.mail_lang), {
          name: `${e.first_name} ${e.last_name}`,
          type: e.event_type as TLifeEventType,
          closes: isoDate(e.window_closes)!,
          approved,
          reason: body.reason,
        }),
      });
    return asLifeEvent((await repo.findEvent(trx, eventId))!);
  });
  deps.mailer.flushSoon();
  return result;
}

/** The operator's list of events (those to review first). */
export const operatorEvents = async (db: repo.Db) => (await repo.eventsForOperator(db)).map(asLifeEvent);

/** The events of a rep's clients or a group's employees: statuses only, never the documents (decision 2320). */
export const bookEvents = async (db: repo.Db, by: { agentId: number } | { groupId: number }) =>
  (await repo.eventsOfBook(db, by)).map(asLifeEvent);

/** The proof of an event, opened, for the operator's review. */
export async function eventDocument(deps: Deps, eventId: number) {
  const e = await repo.findEvent(deps.db, eventId);
  if (!e?.document_media_id) throw notFound();
  const m = await repo.documentOf(deps.db, e.document_media_id);
  if (!m) throw notFound();
  return { type: m.content_type, bytes: openPrivateMedia(deps.sealer, m.id, m.data) };
}

/**
 * Retention (decisions 2550, 2660): the proof of an event decided more than its type's retention ago
 * (`life_event_settings.document_retention_days`, two years unless set) is deleted, page by page; the event and its
 * decision stay. Run by the daily job `life-event-document-purge` (purge-job.ts). Answers how many were deleted.
 */
export async function purgeEventDocuments(db: repo.Db, now: Date = new Date()) {
  let purged = 0;
  for (;;) {
    const n = await repo.purgeDecidedDocuments(db, now);
    purged += n;
    if (n < 500) return purged;
  }
}

/** The member's page: their events, the household a change may alter, and the monthly amount of their plans now. */
export async function memberView(db: repo.Db, userId: number): Promise<TLifeEventsView> {
  const [events, enrollment] = await Promise.all([repo.eventsOfMember(db, userId), repo.currentEnrollmentOf(db, userId)]);
  const tabs = (typeof enrollment?.tabs === 'string' ? JSON.parse(enrollment.tabs) : enrollment?.tabs) as
    Record<string, unknown> | undefined;
  const list = ((tabs?.dependent_info as { dependents?: StoredDependent[] } | undefined)?.dependents ?? []).map((d) => d.primary_info);
  const policies = enrollment ? await repo.runningPolicies(db, enrollment.id) : [];
  return {
    events: events.map(asLifeEvent),
    dependents: list.map((p) => ({ dependent_id: p.dependent_id, relationship: p.relationship, name: `${p.first_name} ${p.last_name}` })),
    tier: enrollment ? tierForHousehold(list.map((p) => p.relationship)) : null,
    // A plan waiting for evidence of insurability is not paid for until the carrier approves it.
    monthly_cents: enrollment ? policies.filter((p) => !isWaiting(p.eoi_status)).reduce((a, p) => a + (p.price_cents ?? 0), 0) : null,
  };
}

/** Whether the member is a client of this rep (their current enrollment is the rep's), for a report on their behalf. */
export async function isRepsClient(db: repo.Db, agentId: number, userId: number) {
  const e = await repo.currentEnrollmentOf(db, userId);
  return !!e && e.agent_id === agentId;
}
