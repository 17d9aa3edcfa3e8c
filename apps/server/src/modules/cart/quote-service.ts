import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Kysely } from 'kysely';
import { ZQuoteForm, type TQuoteForm, type TSaveEnrollmentRequest } from '@store/domain/save-enrollment';
import { isoToUs } from '@store/domain/dates';
import type { Database, Enrollment } from '../../db/schema.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldErrors, forbidden, HttpError } from '../../lib/errors.ts';
import { siteForHost } from '../site/index.ts';
import { insertAudit, listCartItems, type Db } from './repository.ts';
import { findAgentNames, findGroupName, groupShowQuotation, insertQuote } from './quote-repository.ts';
import { planCart } from './service.ts';
import { renderQuote } from './quote-mail.ts';
import { comparison } from '../catalog/index.ts';
import { OTHER_LIMITS } from '@store/domain/abuse-limits';

/** Limits of quote sending: per session (or account) and per recipient, per hour. */
export const QUOTE_LIMITS = {
  perSession: OTHER_LIMITS.quoteMailsPerSessionHour,
  perRecipient: OTHER_LIMITS.quoteMailsPerRecipientHour,
  windowMs: 60 * 60 * 1000,
};
export const QUOTE_SENT_MESSAGE = 'Your quote has been sent.';
export const QUOTE_NOT_AVAILABLE = 'Personalized quotes are not available for this enrollment.';

/** Validates name, email and message with the messages of the specification (422 beside each field). */
export function parseQuoteForm(input: { name?: unknown; email?: unknown; message?: unknown }): TQuoteForm {
  const r = ZQuoteForm.safeParse({ name: input.name ?? '', email: input.email ?? '', message: input.message || undefined });
  if (r.success) return r.data;
  const seen = new Set<string>();
  const errors = [];
  for (const issue of r.error.issues) {
    const target = String(issue.path[0] ?? 'form');
    if (seen.has(target)) continue;
    seen.add(target);
    errors.push({ target_element: target, error_message: issue.message });
  }
  throw fieldErrors(errors);
}

/**
 * Quotes are for reps and groups only (the enrollment's eprocess or the signed-in account's role), never on
 * the dental host, and never when the group's show_quotation is 'no'.
 */
export async function assertQuoteAllowed(deps: Deps, actor: Actor, e: Enrollment, db: Db = deps.db): Promise<void> {
  const role = actor.account?.role;
  const byEprocess = e.eprocess === 'rep' || e.eprocess === 'group';
  const byAccount = role === 'rep' || role === 'group';
  if (!byEprocess && !byAccount) throw forbidden(QUOTE_NOT_AVAILABLE);
  const site = await siteForHost(deps.db, actor.host);
  if (site.kind === 'dental') throw forbidden(QUOTE_NOT_AVAILABLE);
  const filterGroup = Number((e.filter_info as { group_id?: unknown })?.group_id) || null;
  const groupId = e.group_id ?? filterGroup ?? (role === 'group' ? actor.account?.group_id : null) ?? null;
  if (groupId) {
    if ((await groupShowQuotation(db, groupId)) === 'no') throw forbidden(QUOTE_NOT_AVAILABLE);
  }
}

async function senderName(deps: Deps, actor: Actor, e: Enrollment, db: Db): Promise<string | null> {
  const a = actor.account;
  const agentId = a?.role === 'rep' ? a.agent_id : e.eprocess === 'rep' ? e.agent_id : null;
  if (agentId) {
    const ag = await findAgentNames(db, agentId);
    if (ag) return ag.display_name || `${ag.first_name} ${ag.last_name}`;
  }
  const groupId = a?.role === 'group' ? a.group_id : e.eprocess === 'group' ? e.group_id : null;
  if (groupId) {
    const name = await findGroupName(db, groupId);
    if (name !== undefined) return name;
  }
  return null;
}

/** Builds the quote of this enrollment's cart: the same content for the preview and for the mail, in the caller's language. */
export async function buildQuote(deps: Deps, actor: Actor, e: Enrollment, form: TQuoteForm, db: Db = deps.db) {
  const items = await listCartItems(db, e.id);
  if (!items.length) throw new HttpError(422, 'No items in cart', [{ target_element: 'cart', error_message: 'No items in cart' }]);
  const cart = planCart(items, e);
  // Inside the transaction every read uses it (PGlite has one connection).
  const site = await siteForHost(db as Kysely<Database>, actor.host);
  const rendered = renderQuote(
    {
      siteName: site.name,
      recipientName: form.name,
      senderName: await senderName(deps, actor, e, db),
      message: form.message || null,
      cart,
      effectiveDate: e.effective_date ? isoToUs(e.effective_date) : null,
      prudential: items.some((i) => i.rules.prudential),
      prudential100k: items.some((i) => i.rules.prudential100k),
      comparison: await comparison(db, e),
    },
    actor.lang,
  );
  return { ...rendered, cart };
}

/** GET /api/v1/get-quote-preview-content: the HTML that Send would mail. */
export async function previewQuote(
  deps: Deps,
  actor: Actor,
  q: { enrollment_id: string; name?: string; email?: string; message?: string },
) {
  const form = parseQuoteForm(q);
  const e = await loadOwnedEnrollment(actor, q.enrollment_id, deps.db);
  await assertQuoteAllowed(deps, actor, e);
  return (await buildQuote(deps, actor, e, form)).html;
}

/**
 * The personalised quote of the cart (POST /api/v1/save-enrollment with tab 'cart_info'): validated,
 * allowed for reps and groups only, rate-limited per session and per recipient, stored with its mail in
 * one transaction, then sent.
 */
export async function sendQuote(deps: Deps, actor: Actor, body: TSaveEnrollmentRequest): Promise<{ message: string }> {
  const form = parseQuoteForm(body);
  const e0 = await loadOwnedEnrollment(actor, body.enrollment_id, deps.db);
  await assertQuoteAllowed(deps, actor, e0);
  const sessionKey = actor.sessionId ?? `account:${actor.account?.id ?? 'none'}`;
  await deps.rateLimiter.enforce(
    `quote:session:${sessionKey}`,
    deps.config.QUOTE_MAILS_PER_SESSION_HOUR,
    QUOTE_LIMITS.windowMs,
    'Too many quotes sent. Please try again later.',
  );
  await deps.rateLimiter.enforce(
    `quote:to:${deps.sealer.digest(form.email.toLowerCase())}`,
    deps.config.QUOTE_MAILS_PER_RECIPIENT_HOUR,
    QUOTE_LIMITS.windowMs,
    'Too many quotes sent to this address. Please try again later.',
  );
  await deps.db.transaction().execute(async (trx) => {
    const e = await loadOwnedEnrollment(actor, body.enrollment_id, trx, { forUpdate: true });
    const quote = await buildQuote(deps, actor, e, form, trx);
    const outboxId = await deps.mailer.enqueue(trx, {
      kind: 'quote',
      to: form.email,
      subject: quote.subject,
      html: quote.html,
      text: quote.text,
      enrollmentId: e.id,
    });
    await insertQuote(trx, {
      enrollment_id: e.id,
      account_id: actor.account?.id ?? null,
      session_id: actor.sessionId,
      to_name: form.name,
      to_email: form.email,
      message: form.message || null,
      tab: 'cart_info',
      data: JSON.stringify({ cart: quote.cart, effective_date: e.effective_date }),
      html: quote.html,
      outbox_id: outboxId,
    });
    await insertAudit(trx, {
      account_id: actor.account?.id ?? null,
      action: 'quote.send',
      target: e.id,
      detail: { outbox_id: outboxId },
    });
  });
  deps.mailer.flushSoon();
  return { message: QUOTE_SENT_MESSAGE };
}
