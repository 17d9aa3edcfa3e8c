import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OutboxTable } from '../db/schema.ts';
import { outboxBodyContext } from '../db/sealed-columns.ts';
import type { Sealer } from '../lib/crypto.ts';
import { openPrivateMedia } from '../lib/private-media.ts';
import { nextRowId } from '../lib/row-id-repository.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import {
  attachmentData,
  claimOutbox,
  deleteOldOutboxRecords,
  insertOutbox,
  purgeDeliveredOutbox,
  settleOutbox,
} from './mailer-repository.ts';

/**
 * Mail is never lost: enqueue() writes it to the outbox inside the caller's transaction, its html and text sealed
 * (bound to the row: outbox, column, id); after the commit, flush() sends pending mail through nodemailer to
 * SMTP_URL. Without SMTP_URL mail is kept in the outbox (status 'kept') for operators. A timer retries pending mail,
 * so a crash between commit and send loses none.
 *
 * One process sends a mail: a pass claims rows with a lease (status 'sending', locked_until) in one statement
 * (FOR UPDATE SKIP LOCKED), then sends; a row whose lease ran out (its process died mid-send) is claimed again.
 * The lease is longer than the SMTP timeouts, so a slow server never lets a second process send the same mail.
 *
 * After delivery plus OUTBOX_RETENTION_HOURS the bodies and attachment links are blanked (purged_at): subject,
 * recipient, kind, status and times stay, and a mailed resume code no longer lies in the database.
 */
export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  enrollmentId?: string | null;
  attachments?: { filename: string; contentType: string; mediaId: string }[];
  /** The body holds a resume code or link: the console never shows it. */
  holdsSecret?: boolean;
}

export interface Mailer {
  enqueue(trx: Kysely<Database> | Transaction<Database>, mail: OutgoingMail): Promise<number>;
  /** Send what is pending now (awaitable; errors are recorded on the row, not thrown). */
  flush(): Promise<void>;
  /** Ask for a flush without waiting. */
  flushSoon(): void;
  /**
   * Blank the bodies of mail delivered more than OUTBOX_RETENTION_HOURS ago and delete the records blanked more than
   * OUTBOX_RECORD_KEEP_DAYS ago; resolves with the number of rows blanked or deleted.
   */
  purgeDelivered(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Tries of a mail the server keeps refusing for now: with the waits below, about a day before it is marked failed. */
const MAX_ATTEMPTS = 20;
/** The longest wait between two tries. */
const MAX_RETRY_SECONDS = 3600;
/** The lease of a claimed row by default (MAIL_LEASE_SECONDS): well above nodemailer's timeouts below (connection 30 s, greeting 30 s, inactivity 60 s). */
export const OUTBOX_LEASE_SECONDS = 600;
const BATCH = 10;
const PURGE_EVERY_MS = 60_000;

/** The html and text of an outbox row, opened (rows written before sealing are in clear). */
export function openMailBody(sealer: Sealer, row: Pick<Selectable<OutboxTable>, 'id' | 'html' | 'text'>): { html: string; text: string } {
  const open = (value: string, column: 'html' | 'text') =>
    sealer.isSealed(value) ? sealer.open(value, outboxBodyContext(row.id, column)) : value;
  return { html: open(row.html, 'html'), text: open(row.text, 'text') };
}

/** The wait after the n-th failed try: base, doubling, at most MAX_RETRY_SECONDS. */
export const retryWait = (baseSeconds: number, attempts: number) =>
  Math.min(MAX_RETRY_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));

/** A mail's Message-ID, fixed by its outbox row (its id and the time it was queued) and the sender's domain. */
export function messageIdOf(row: Pick<Selectable<OutboxTable>, 'id' | 'created_at'>, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'benefit-store.invalid';
  return `<outbox.${row.id}.${new Date(row.created_at).getTime()}@${domain}>`;
}

export default fp(
  async (app) => {
    const smtpUrl = app.config.SMTP_URL;
    // nodemailer is loaded only when mail goes out through SMTP (start-up without SMTP_URL skips it).
    const transport: Transporter | null = smtpUrl
      ? (await import('nodemailer')).default.createTransport({
          url: smtpUrl,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        })
      : null;
    let running: Promise<void> | null = null;
    let again = false;
    let lastPurge = 0;

    /** Claims up to BATCH rows for this process: pending ones, and those whose lease ran out. */
    const claim = () => claimOutbox(app.db, { leaseSeconds: app.config.MAIL_LEASE_SECONDS, maxAttempts: MAX_ATTEMPTS, batch: BATCH });

    /** Ends this process's lease on the row (only while it still holds it). */
    const settle = (id: number, set: Parameters<typeof settleOutbox>[2]) => settleOutbox(app.db, id, set);

    async function sendOne(row: Selectable<OutboxTable>) {
      if (!transport) return settle(row.id, { status: 'kept', last_error: null });
      try {
        const attachments = [];
        for (const a of row.attachments) {
          const media = await attachmentData(app.db, a.mediaId);
          if (media)
            attachments.push({
              filename: a.filename,
              contentType: a.contentType,
              content: openPrivateMedia(app.sealer, a.mediaId, media.data),
            });
        }
        await transport.sendMail({
          // The same on every try of this mail: a receiver drops the copy a process sent before it died (issue 40).
          messageId: messageIdOf(row, app.config.MAIL_FROM),
          from: app.config.MAIL_FROM,
          to: row.to_address,
          subject: row.subject,
          ...openMailBody(app.sealer, row),
          attachments,
        });
        await settle(row.id, { status: 'sent', sent_at: new Date(), last_error: null });
      } catch (err) {
        // A permanent refusal (5xx: no such mailbox, refused content) is final; anything else (4xx, no connection,
        // a timeout) waits and is tried again, each wait twice the last.
        const code = (err as { responseCode?: number }).responseCode;
        const permanent = code !== undefined && code >= 500 && code < 600;
        const failed = permanent || row.attempts >= MAX_ATTEMPTS;
        await settle(row.id, {
          status: failed ? 'failed' : 'pending',
          last_error: String((err as Error).message).slice(0, 500),
          ...(failed ? {} : { retryAfterSeconds: retryWait(app.config.MAIL_RETRY_SECONDS, row.attempts) }),
        });
        app.log.warn({ outboxId: row.id, responseCode: code, attempts: row.attempts, failed }, 'mail send failed');
      }
    }

    async function flushNow() {
      for (let rows = await claim(); rows.length; rows = await claim()) for (const row of rows) await sendOne(row);
    }

    const mailer: Mailer = {
      enqueue: (trx, mail) => enqueueOutbox(app.sealer, trx, mail),
      flush() {
        if (running) {
          // Mail enqueued while a pass runs may have been missed by it: one more pass follows.
          again = true;
          return running;
        }
        running = (async () => {
          do {
            again = false;
            await flushNow();
          } while (again);
        })().finally(() => {
          running = null;
        });
        return running;
      },
      flushSoon() {
        void mailer.flush().catch((err) =>
          // The database away: the outbox waits where it is, the next round tries again (no stack for an outage).
          isDatabaseUnavailable(err)
            ? app.log.warn({ reason: (err as Error).message }, 'mail flush waits for the database')
            : app.log.error({ err }, 'mail flush failed'),
        );
      },
      async purgeDelivered() {
        const blanked = await purgeDeliveredOutbox(app.db, app.config.OUTBOX_RETENTION_HOURS * 3600);
        // The record that stays (recipient, subject, status) goes too after OUTBOX_RECORD_KEEP_DAYS: the table stays bounded.
        return blanked + (await deleteOldOutboxRecords(app.db, app.config.OUTBOX_RECORD_KEEP_DAYS * 86_400));
      },
    };
    app.decorate('mailer', mailer);

    const timer = setInterval(() => {
      mailer.flushSoon();
      if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
      lastPurge = Date.now();
      void mailer.purgeDelivered().catch((err) => app.log.error({ err }, 'outbox purge failed'));
    }, 10_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
      transport?.close();
    });
  },
  { name: 'mailer', dependencies: ['db'] },
);

/**
 * Writes a mail to the outbox in the caller's transaction, its bodies sealed: the mailer's enqueue, and the operators'
 * commands' (cli/billing.ts), which run without the store; a running store's timer sends what they queued.
 */
export async function enqueueOutbox(sealer: Sealer, trx: Kysely<Database> | Transaction<Database>, mail: OutgoingMail): Promise<number> {
  const id = await nextRowId(trx, 'outbox');
  await insertOutbox(trx, {
    id,
    kind: mail.kind,
    to_address: mail.to,
    subject: mail.subject,
    html: sealer.seal(mail.html, outboxBodyContext(id, 'html')),
    text: sealer.seal(mail.text, outboxBodyContext(id, 'text')),
    enrollment_id: mail.enrollmentId ?? null,
    attachments: JSON.stringify(mail.attachments ?? []),
    holds_secret: mail.holdsSecret ?? false,
  });
  return id;
}
