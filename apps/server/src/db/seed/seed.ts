import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import type { Sealer } from '../../lib/crypto.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_PLANS, PLAN_IDS } from './demo-catalog.ts';
import { DEMO_BENEFITS } from './demo-benefits.ts';
import { DEMO_TRANSLATIONS } from './demo-translations.ts';
import { demoImages, siteImageId, SITE_IMAGE_KEYS } from './demo-images.ts';
import { DEMO_ACCOUNTS, DEMO_AGENTS, DEMO_GROUPS, DEMO_MEMBERS, DEMO_PORTALS, DEMO_REFERRALS, DEMO_SITES } from './demo-people.ts';
import { seedRareRules } from './demo-rare.ts';
import { memberSsnContext, totpContext } from '../sealed-columns.ts';
import { seedCarriers } from './demo-carriers.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedDemoRenewals } from './demo-renewals.ts';
import { seedLicenses } from './demo-licenses.ts';

const SEED_MARK = 'demo_seed_v1';

/** Seeds the demo data of demo-data.md once (idempotent: a mark in app_meta). */
export async function seedDemo(db: Kysely<Database>, sealer: Sealer, opts: { billing?: boolean } = {}): Promise<void> {
  const done = await db.selectFrom('app_meta').select('value').where('key', '=', SEED_MARK).executeTakeFirst();
  if (done) return;
  const hashes = new Map<string, string>();
  // argon2 runs on libuv's threads: hash the accounts side by side.
  await Promise.all(DEMO_ACCOUNTS.map(async (a) => hashes.set(a.email, await hashPassword(a.password))));
  await db.transaction().execute(async (trx) => {
    // Another process may have seeded meanwhile (PostgreSQL): the mark is the lock.
    const inserted = await trx
      .insertInto('app_meta')
      .values({ key: SEED_MARK, value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!inserted) return;
    await seedMedia(trx);
    await seedSites(trx);
    await seedPeople(trx, sealer, hashes);
    await seedCatalog(trx);
    await seedCarriers(trx);
    await seedLicenses(trx);
    await seedPolicies(trx);
    await seedRareRules(trx);
    if (opts.billing ?? true) {
      await seedDemoBilling(trx, sealer);
      // Next year's rates (issue 38): with the demo's billing, not in the tests' store (their bills stay this year's).
      await seedDemoRenewals(trx);
      await confirmDemoCoverage(trx);
    }
  });
}

async function seedMedia(trx: Transaction<Database>) {
  for (const img of demoImages()) {
    await trx
      .insertInto('media')
      .values({ id: img.id, content_type: img.contentType, data: img.data })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

async function seedSites(trx: Transaction<Database>) {
  for (const site of DEMO_SITES) {
    const row = await trx
      .insertInto('sites')
      .values({
        host: site.host,
        kind: site.kind,
        name: site.name,
        site_flag: site.site_flag,
        group_id: site.group_id,
        portal_id: site.portal_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const settings: Record<string, string> = { ...site.settings };
    for (const key of SITE_IMAGE_KEYS) settings[key] = `/media/${siteImageId(site.kind, key)}`;
    for (const [key, value] of Object.entries(settings)) {
      await trx.insertInto('site_settings').values({ site_id: row.id, key, value }).execute();
    }
  }
}

async function seedPeople(trx: Transaction<Database>, sealer: Sealer, hashes: Map<string, string>) {
  await trx
    .insertInto('portals')
    .values(DEMO_PORTALS.map((p) => ({ ...p })))
    .execute();
  for (const a of DEMO_AGENTS) {
    const { portals, ...agent } = a;
    await trx.insertInto('agents').values(agent).execute();
    for (const p of portals) await trx.insertInto('agent_portals').values({ agent_id: a.agent_id, platform_group_id: p }).execute();
  }
  for (const g of DEMO_GROUPS) {
    const { portals, ...group } = g;
    await trx.insertInto('groups').values(group).execute();
    for (const p of portals) await trx.insertInto('group_portals').values({ group_id: g.group_id, platform_group_id: p }).execute();
  }
  for (const m of DEMO_MEMBERS) {
    const { ssn, plans: _plans, ...member } = m;
    await trx
      .insertInto('members')
      .values({ ...member, ssn_enc: sealer.seal(ssn, memberSsnContext(member.user_id)), ssn_last4: ssn.slice(-4) })
      .execute();
  }
  // members.user_id is serial: move the sequence past the fixed ids.
  await sql`select setval(pg_get_serial_sequence('members', 'user_id'), (select max(user_id) from members))`.execute(trx);
  for (const a of DEMO_ACCOUNTS) {
    const account = await trx
      .insertInto('accounts')
      .values({
        email: a.email,
        password_hash: hashes.get(a.email)!,
        role: a.role,
        agent_id: a.agent_id ?? null,
        group_id: a.group_id ?? null,
        user_id: a.user_id ?? null,
        totp_secret_enc: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The authenticator secret is sealed for its row (db/sealed-columns.ts), so once the row has its id.
    if (a.totp_secret)
      await trx
        .updateTable('accounts')
        .set({ totp_secret_enc: sealer.seal(a.totp_secret, totpContext(account.id)) })
        .where('id', '=', account.id)
        .execute();
  }
  await trx
    .insertInto('referrals')
    .values(DEMO_REFERRALS.map((r) => ({ ...r })))
    .execute();
}

async function seedCatalog(trx: Transaction<Database>) {
  for (const p of DEMO_PLANS) {
    const { rates, questions, rules, ...plan } = p;
    const benefits = DEMO_BENEFITS[p.plan_id];
    await trx
      .insertInto('plans')
      .values({
        ...plan,
        rules: JSON.stringify(rules),
        benefits: benefits ? JSON.stringify(benefits) : null,
        translations: DEMO_TRANSLATIONS[p.plan_id] ? JSON.stringify(DEMO_TRANSLATIONS[p.plan_id]) : null,
        // Evidence of insurability (issue 38, plans-and-cart.md 9): Term Life 100k needs it.
        needs_evidence: p.plan_id === PLAN_IDS.termLife100k,
      })
      .execute();
    if (rates.length) {
      await trx
        .insertInto('plan_rates')
        .values(
          rates.map((r) => ({
            plan_id: p.plan_id,
            tier: r.tier,
            age_min: r.age_min,
            age_max: r.age_max,
            state: r.state ?? null,
            smoker: r.smoker ?? null,
            price_cents: r.price_cents,
            label: r.label ?? null,
          })),
        )
        .execute();
    }
    for (const [i, q] of (questions ?? []).entries()) {
      await trx
        .insertInto('plan_questions')
        .values({
          plan_id: p.plan_id,
          kind: q.kind,
          question_text: q.question_text,
          question_sub_type: q.question_sub_type,
          require_detail: q.require_detail ?? false,
          true_condition: q.true_condition ?? null,
          decline_message: q.decline_message ?? null,
          options: JSON.stringify(q.options ?? []),
          sort_order: i,
        })
        .execute();
    }
  }
}

/**
 * The demo's plans have been in force for months: their carriers confirmed them (issue 39, decision 2630), so a fresh
 * install's dashboard does not list every paid demo plan as unconfirmed ten days later. Not in the tests' store, whose
 * tests confirm what they need.
 */
async function confirmDemoCoverage(trx: Transaction<Database>) {
  await trx
    .updateTable('policies')
    .set({
      carrier_status: 'confirmed',
      carrier_status_source: 'effectuation',
      carrier_policy_number: sql<string>`'DEMO-' || policy_id::text`,
      carrier_status_at: sql<Date>`coalesce(effective_date::timestamptz, now())`,
    })
    .where('status', '=', 'ACTIVE')
    .where((eb) => eb.or([eb('eoi_status', 'is', null), eb('eoi_status', '=', 'approved')]))
    .where('carrier_status', 'is', null)
    .execute();
}

async function seedPolicies(trx: Transaction<Database>) {
  for (const m of DEMO_MEMBERS) {
    for (const pl of m.plans) {
      await trx
        .insertInto('policies')
        .values({ user_id: m.user_id, plan_id: pl.plan_id, tier: pl.tier, status: pl.status, effective_date: pl.effective_date })
        .execute();
    }
  }
}
