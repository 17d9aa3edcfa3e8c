import { sql, type Kysely } from 'kysely';

/**
 * Issue 22 (docs/decisions/1300-proof-of-consent.md): the audit trail of an enrollment, a hash chain. Each row holds
 * the SHA-256 of the row before it (prev_hash) and its own hash over a canonical serialization of its fields; rows
 * are written in the transaction of the change they record. No foreign key to enrollments: the trail outlives the
 * enrollment row it proves (a purged enrollment still leaves its evidence). Also the documents the store issued
 * (the SHA-256 of each signed application PDF's bytes, for POST /api/v1/verify-document) and the payment
 * authorizations people accepted, kept two years after the last debit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists enrollment_events (
      id bigserial primary key,
      enrollment_id text not null,
      seq integer not null,
      event_type text not null,
      occurred_at timestamptz not null,
      ip text,
      user_agent text,
      identified_by text not null,
      detail jsonb not null default '{}'::jsonb,
      prev_hash text not null,
      hash text not null,
      unique (enrollment_id, seq)
    );
  `.execute(db);
  await sql`
    create table if not exists issued_documents (
      sha256 text primary key,
      enrollment_id text not null,
      kind text not null,
      confirmation_number text not null,
      signed_at timestamptz not null,
      content_sha256 text not null,
      media_id text,
      created_at timestamptz not null default now()
    );
  `.execute(db);
  await sql`create index if not exists issued_documents_enrollment on issued_documents (enrollment_id)`.execute(db);
  await sql`
    create table if not exists payment_authorizations (
      id bigserial primary key,
      enrollment_id text not null,
      method text not null,
      language text not null,
      text text not null,
      text_sha256 text not null,
      accepted_at timestamptz not null,
      ip text,
      last_debit_on date,
      keep_until date
    );
  `.execute(db);
  await sql`create index if not exists payment_authorizations_enrollment on payment_authorizations (enrollment_id)`.execute(db);
}
