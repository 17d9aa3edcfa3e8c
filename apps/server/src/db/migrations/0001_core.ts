import { sql, type Kysely } from 'kysely';

/** Core tables: sites, people, catalog, enrollments, cart, sessions, outbox, audit, rate limits. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sites (
      id serial primary key,
      host text not null unique,
      kind text not null check (kind in ('main','dental','partner','go-enroll')),
      name text not null,
      site_flag text not null default 'true',
      group_id integer,
      portal_id integer,
      active boolean not null default true,
      updated_at timestamptz not null default now()
    );
    create table site_settings (
      site_id integer not null references sites(id) on delete cascade,
      key text not null,
      value text not null,
      primary key (site_id, key)
    );
    create table media (
      id text primary key,
      content_type text not null,
      data bytea not null,
      created_at timestamptz not null default now()
    );
    create table agents (
      agent_id integer primary key,
      first_name text not null,
      middle_name text,
      last_name text not null,
      agent_code text not null unique,
      email text,
      phone text,
      landing_url text unique,
      display_name text, display_phone text, display_email text, display_about_name text,
      tagline text, logo text, image text, image_link text, banner_image text, agent_bio text,
      active boolean not null default true
    );
    create table groups (
      group_id integer primary key,
      gname text not null,
      gcode text not null unique,
      agent_id integer references agents(agent_id),
      landing_url text unique,
      display_name text, display_phone text, display_email text, display_about_name text,
      tagline text, logo text, image text, image_link text, banner_image text, gweb_aboutus text,
      phone text, address1 text, city text, state text, zip text,
      show_quotation text not null default 'yes',
      active boolean not null default true
    );
    create table portals (
      platform_group_id integer primary key,
      platform_name text not null,
      platform_code text not null unique,
      active boolean not null default true
    );
    create table agent_portals (
      agent_id integer not null references agents(agent_id) on delete cascade,
      platform_group_id integer not null references portals(platform_group_id) on delete cascade,
      primary key (agent_id, platform_group_id)
    );
    create table group_portals (
      group_id integer not null references groups(group_id) on delete cascade,
      platform_group_id integer not null references portals(platform_group_id) on delete cascade,
      primary key (group_id, platform_group_id)
    );
    create table members (
      user_id serial primary key,
      first_name text not null,
      middle_name text,
      last_name text not null,
      dob date not null,
      gender text not null,
      email text,
      phone text,
      ssn_enc text,
      ssn_last4 text,
      address1 text, city text, state text, zip text,
      agent_id integer references agents(agent_id),
      group_id integer references groups(group_id),
      created_at timestamptz not null default now()
    );
    create index members_agent_idx on members(agent_id);
    create index members_group_idx on members(group_id);
    create table accounts (
      id serial primary key,
      email text not null unique,
      password_hash text not null,
      role text not null check (role in ('operator','rep','group','member')),
      agent_id integer references agents(agent_id),
      group_id integer references groups(group_id),
      user_id integer references members(user_id),
      active boolean not null default true,
      created_at timestamptz not null default now()
    );
    create table referrals (
      referral_id text primary key,
      agent_id integer references agents(agent_id),
      group_id integer references groups(group_id),
      portal_id integer,
      valid boolean not null
    );
    create table plans (
      plan_id integer primary key,
      plan_name text not null,
      category text not null,
      plan_logo text,
      plan_short_text text not null default '',
      header_text text, body_text text, blue_bar_text text, association_text text,
      exclusions_text_name text, exclusions_text text,
      example_text_name text, example_text text,
      faq_text_name text, faq_text text,
      carrier text,
      featured boolean not null default false,
      plan_group text,
      rules jsonb not null default '{}'::jsonb,
      sort_order integer not null default 0,
      active boolean not null default true,
      updated_at timestamptz not null default now()
    );
    create index plans_category_idx on plans(category);
    create table plan_rates (
      plan_pricing_id serial primary key,
      plan_id integer not null references plans(plan_id) on delete cascade,
      tier text not null,
      age_min integer not null,
      age_max integer not null,
      state text,
      smoker boolean,
      price_cents integer not null check (price_cents >= 0),
      label text
    );
    create index plan_rates_plan_idx on plan_rates(plan_id, tier);
    create table plan_questions (
      question_id serial primary key,
      plan_id integer not null references plans(plan_id) on delete cascade,
      kind text not null check (kind in ('questions','aflac')),
      question_text text not null,
      question_sub_type text not null default 'text_field',
      require_detail boolean not null default false,
      true_condition boolean,
      decline_message text,
      options jsonb not null default '[]'::jsonb,
      sort_order integer not null default 0
    );
    create table policies (
      policy_id serial primary key,
      user_id integer not null references members(user_id),
      plan_id integer not null references plans(plan_id),
      tier text not null,
      status text not null check (status in ('ACTIVE','INACTIVE')),
      effective_date date,
      enrollment_id text,
      created_at timestamptz not null default now()
    );
    create index policies_user_idx on policies(user_id);
    create table sessions (
      id text primary key,
      account_id integer references accounts(id) on delete cascade,
      data jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index sessions_expires_idx on sessions(expires_at);
    create table enrollments (
      id text primary key,
      session_id text,
      account_id integer references accounts(id),
      agent_id integer,
      group_id integer,
      portal_id integer,
      user_id integer,
      type text not null,
      eprocess text not null,
      open_type text,
      referral text,
      status text not null default 'quote' check (status in ('quote','checked_out','completed')),
      filter_info jsonb not null default '{}'::jsonb,
      effective_date date,
      tabs jsonb not null default '{}'::jsonb,
      saved_tab text,
      enroller_code text,
      resume_code_hash text,
      resume_email text,
      confirmation_number text unique,
      completed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index enrollments_session_idx on enrollments(session_id);
    create index enrollments_agent_idx on enrollments(agent_id, created_at);
    create index enrollments_group_idx on enrollments(group_id, created_at);
    create index enrollments_created_idx on enrollments(created_at);
    create table cart_items (
      enrollment_id text not null references enrollments(id) on delete cascade,
      plan_id integer not null references plans(plan_id),
      plan_pricing_id integer not null references plan_rates(plan_pricing_id),
      price_cents integer not null,
      removable boolean not null default true,
      parent_plan_id integer,
      created_at timestamptz not null default now(),
      primary key (enrollment_id, plan_id)
    );
    create table outbox (
      id serial primary key,
      kind text not null,
      to_address text not null,
      subject text not null,
      html text not null,
      text text not null,
      attachments jsonb not null default '[]'::jsonb,
      status text not null default 'pending' check (status in ('pending','sent','kept','failed')),
      attempts integer not null default 0,
      last_error text,
      enrollment_id text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index outbox_status_idx on outbox(status, id);
    create table audit_log (
      id serial primary key,
      at timestamptz not null default now(),
      account_id integer,
      action text not null,
      target text,
      detail jsonb not null default '{}'::jsonb
    );
    create index audit_target_idx on audit_log(target);
    create table app_meta (
      key text primary key,
      value text not null
    );
    create table rate_limits (
      key text primary key,
      count integer not null,
      reset_at timestamptz not null
    );
  `.execute(db);
}
