import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SessionAccount } from '../plugins/session.ts';
import { addressKey } from './client-address.ts';
import { requestLanguage, type MailLang } from './mail-i18n.ts';

/**
 * Who is asking, as the services see it (decision 2350): the session, its signed-in account, the enrollments it
 * resumed with code and e-mail, the client address (for limits) and the language of the request (for mail and PDFs).
 * Routes make it from the request with actorOf; services never see the request (nor Fastify).
 */
export interface Actor {
  sessionId: string | null;
  account: SessionAccount | null;
  /** Enrollment ids this session resumed with the code and e-mail (save for later). */
  resumed: readonly string[];
  /** The client address's key for limits (lib/client-address.ts). */
  address: string;
  lang: MailLang;
  /** The client address itself (TRUST_PROXY decides it) and the browser, as the audit trail and the signature keep them. */
  ip: string;
  userAgent: string;
  /** The Host asked: which site (storefront, dental) and, through plugins/origins.ts, the configured origin of mailed links. */
  host: string | undefined;
}

export function actorOf(request: FastifyRequest): Actor {
  const s = request.session;
  return {
    sessionId: s.id,
    account: s.account,
    resumed: s.data.resumed ?? [],
    address: addressKey(request.ip),
    lang: requestLanguage(request),
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    host: request.headers.host,
  };
}

/**
 * Writes an event on an enrollment's trail as the person asking (their address, browser and how they were identified),
 * in the caller's transaction: the trail's recordEvent bound to an actor, for a service of a module that may not import
 * the trail. `Event` names the events it may write.
 */
export type TrailWriter<Event extends string> = (
  trx: Kysely<Database> | Transaction<Database>,
  enrollmentId: string,
  event: Event,
  detail: Record<string, unknown>,
) => Promise<void>;
