import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Mail is never lost: enqueue() writes it to the outbox inside the caller's transaction; after the commit,
 * flush() sends pending mail through nodemailer to SMTP_URL. Without SMTP_URL mail is kept in the outbox
 * (status 'kept') for operators. A timer retries pending mail, so a crash between commit and send loses none.
 */
export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  enrollmentId?: string | null;
  attachments?: { filename: string; contentType: string; mediaId: string }[];
}

export interface Mailer {
  enqueue(trx: Kysely<Database> | Transaction<Database>, mail: OutgoingMail): Promise<number>;
  /** Send what is pending now (awaitable; errors are recorded on the row, not thrown). */
  flush(): Promise<void>;
  /** Ask for a flush without waiting. */
  flushSoon(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const MAX_ATTEMPTS = 5;

export default fp(
  async (app) => {
    const smtpUrl = app.config.SMTP_URL;
    // nodemailer is loaded only when mail goes out through SMTP (start-up without SMTP_URL skips it).
    const transport: Transporter | null = smtpUrl ? (await import('nodemailer')).default.createTransport(smtpUrl) : null;
    let running: Promise<void> | null = null;
    let again = false;

    async function sendOne(id: number) {
      // Claim the row so that two processes never send the same mail.
      const row = await app.db.transaction().execute(async (trx) => {
        const r = await sql<{ id: number }>`
          select id from outbox where id = ${id} and status = 'pending' for update skip locked`.execute(trx);
        if (!r.rows.length) return null;
        return trx
          .updateTable('outbox')
          .set({ attempts: sql`attempts + 1` })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
      });
      if (!row) return;
      if (!transport) {
        await app.db.updateTable('outbox').set({ status: 'kept' }).where('id', '=', id).execute();
        return;
      }
      try {
        const attachments = [];
        for (const a of row.attachments) {
          const media = await app.db.selectFrom('media').select('data').where('id', '=', a.mediaId).executeTakeFirst();
          if (media) attachments.push({ filename: a.filename, contentType: a.contentType, content: Buffer.from(media.data) });
        }
        await transport.sendMail({
          from: app.config.MAIL_FROM,
          to: row.to_address,
          subject: row.subject,
          html: row.html,
          text: row.text,
          attachments,
        });
        await app.db.updateTable('outbox').set({ status: 'sent', sent_at: new Date(), last_error: null }).where('id', '=', id).execute();
      } catch (err) {
        const failed = row.attempts >= MAX_ATTEMPTS;
        await app.db
          .updateTable('outbox')
          .set({ status: failed ? 'failed' : 'pending', last_error: String((err as Error).message).slice(0, 500) })
          .where('id', '=', id)
          .execute();
        app.log.warn({ outboxId: id }, 'mail send failed');
      }
    }

    async function flushNow() {
      const pending = await app.db
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('attempts', '<', MAX_ATTEMPTS)
        .orderBy('id')
        .limit(50)
        .execute();
      for (const p of pending) await sendOne(p.id);
    }

    const mailer: Mailer = {
      async enqueue(trx, mail) {
        const row = await trx
          .insertInto('outbox')
          .values({
            kind: mail.kind,
            to_address: mail.to,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            enrollment_id: mail.enrollmentId ?? null,
            attachments: JSON.stringify(mail.attachments ?? []),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      },
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
        void mailer.flush().catch((err) => app.log.error({ err }, 'mail flush failed'));
      },
    };
    app.decorate('mailer', mailer);

    const timer = setInterval(() => mailer.flushSoon(), 10_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
      transport?.close();
    });
  },
  { name: 'mailer', dependencies: ['db'] },
);
