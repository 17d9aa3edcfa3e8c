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
}

export function actorOf(request: FastifyRequest): Actor {
  const s = request.session;
  return {
    sessionId: s.id,
    account: s.account,
    resumed: s.data.resumed ?? [],
    address: addressKey(request.ip),
    lang: requestLanguage(request),
  };
}

/**
 * Writes an event on an enrollment's trail as the person asking (their address, browser and how they were identified),
 * in the caller's transaction. The route binds the trail's recordEvent to its request, so that a service writes on the
 * trail without seeing the request (issue 35: until the trail takes an Actor). `Event` names the events it may write.
 */
export type TrailWriter<Event extends string> = (
  trx: Kysely<Database> | Transaction<Database>,
  enrollmentId: string,
  event: Event,
  detail: Record<string, unknown>,
) => Promise<void>;
