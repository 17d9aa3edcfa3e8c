import { sql, type Kysely } from 'kysely';

/**
 * The catalog caches' generation (docs/decisions/0900-caches.md): every statement that changes plans, their
 * rates or their questions bumps it in the same transaction, so every store process sharing the database sees
 * a change the moment it commits.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists cache_generation (name text primary key, gen bigint not null default 0);
    insert into cache_generation (name, gen) values ('catalog', 0) on conflict (name) do nothing;
    create or replace function bump_catalog_generation() returns trigger language plpgsql as $$
    begin
      update cache_generation set gen = gen + 1 where name = 'catalog';
      return null;
    end $$;
    drop trigger if exists plans_catalog_generation on plans;
    create trigger plans_catalog_generation after insert or update or delete or truncate on plans for each statement execute function bump_catalog_generation();
    drop trigger if exists plan_rates_catalog_generation on plan_rates;
    create trigger plan_rates_catalog_generation after insert or update or delete or truncate on plan_rates for each statement execute function bump_catalog_generation();
    drop trigger if exists plan_questions_catalog_generation on plan_questions;
    create trigger plan_questions_catalog_generation after insert or update or delete or truncate on plan_questions for each statement execute function bump_catalog_generation();
  `.execute(db);
}
