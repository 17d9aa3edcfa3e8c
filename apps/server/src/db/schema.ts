import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PaymentMethod } from '@store/domain/codes';

/**
 * Table types of the store. A feature that adds tables declares them in its own module with
 *   declare module '../../db/schema.ts' { interface Database { my_table: MyTable } }
 * and adds a migration in db/migrations.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp with a database default (now()). */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, T | string, T | string>;
/** A JSON column with a database default. */
type JsonDefault<T> = ColumnType<T, T | string | undefined, T | string>;
/** A date column: read as yyyy-mm-dd text (see client.ts type parsers). */
type DateCol = ColumnType<string, string, string>;

export interface SitesTable {
  id: Generated<number>;
  host: string;
  kind: 'main' | 'dental' | 'partner' | 'go-enroll';
  name: string;
  /** 'true' on the main site, 'false' where the external launcher shows. */
  site_flag: string;
  group_id: number | null;
  portal_id: number | null;
  active: Generated<boolean>;
  updated_at: TimestampDefault;
}

export interface SiteSettingsTable {
  site_id: number;
  key: string;
  value: string;
}

export interface MediaTable {
  id: string;
  content_type: string;
  data: Uint8Array;
  /** Private files (signatures, receipts) are never served by the public /media route. */
  private: Generated<boolean>;
  created_at: TimestampDefault;
}

export interface AgentsTable {
  agent_id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  agent_code: string;
  email: string | null;
  phone: string | null;
  landing_url: string | null;
  display_name: string | null;
  display_phone: string | null;
  display_email: string | null;
  display_about_name: string | null;
  tagline: string | null;
  logo: string | null;
  image: string | null;
  image_link: string | null;
  banner_image: string | null;
  agent_bio: string | null;
  active: Generated<boolean>;
}

export interface GroupsTable {
  group_id: number;
  gname: string;
  gcode: string;
  agent_id: number | null;
  landing_url: string | null;
  display_name: string | null;
  display_phone: string | null;
  display_email: string | null;
  display_about_name: string | null;
  tagline: string | null;
  logo: string | null;
  image: string | null;
  image_link: string | null;
  banner_image: string | null;
  gweb_aboutus: string | null;
  phone: string | null;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** Whether the personalised quote may be sent ('yes'/'no'). */
  show_quotation: Generated<string>;
  active: Generated<boolean>;
  /** How this group's people pay (enrollment.md 4.10); null: the store's rule (migration 1260). */
  payment_method: Generated<PaymentMethod | null>;
}

export interface PortalsTable {
  platform_group_id: number;
  platform_name: string;
  platform_code: string;
  active: Generated<boolean>;
  /** Category keys this portal offers (migration 1700); null = every category. */
  categories: ColumnType<string[] | null, string | null | undefined, string | null>;
}

export interface AgentPortalsTable {
  agent_id: number;
  platform_group_id: number;
}

export interface GroupPortalsTable {
  group_id: number;
  platform_group_id: number;
}

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: 'operator' | 'rep' | 'group' | 'member';
  agent_id: number | null;
  group_id: number | null;
  user_id: number | null;
  active: Generated<boolean>;
  created_at: TimestampDefault;
}

export interface MembersTable {
  user_id: Generated<number>;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  dob: DateCol;
  gender: string;
  email: string | null;
  phone: string | null;
  /** Sealed (AES-256-GCM), see lib/crypto.ts. */
  ssn_enc: string | null;
  ssn_last4: string | null;
  address1: string | null;
  /** Migration 2040: the second line of the address (the 834's N302). */
  address2: ColumnType<string | null, string | null | undefined, string | null>;
  city: string | null;
  state: string | null;
  zip: string | null;
  agent_id: number | null;
  group_id: number | null;
  created_at: TimestampDefault;
}

export interface PoliciesTable {
  policy_id: Generated<number>;
  user_id: number;
  plan_id: number;
  tier: string;
  status: 'ACTIVE' | 'INACTIVE';
  effective_date: DateCol | null;
  enrollment_id: string | null;
  created_at: TimestampDefault;
}

export interface ReferralsTable {
  referral_id: string;
  agent_id: number | null;
  group_id: number | null;
  portal_id: number | null;
  valid: boolean;
}

export interface PlansTable {
  plan_id: number;
  plan_name: string;
  category: string;
  plan_logo: string | null;
  plan_short_text: string;
  header_text: string | null;
  body_text: string | null;
  blue_bar_text: string | null;
  association_text: string | null;
  exclusions_text_name: string | null;
  exclusions_text: string | null;
  example_text_name: string | null;
  example_text: string | null;
  faq_text_name: string | null;
  faq_text: string | null;
  carrier: string | null;
  featured: Generated<boolean>;
  plan_group: string | null;
  /** ZPlanRules of @store/domain/plan-rules */
  rules: Json<Record<string, unknown>>;
  /** ZPlanBenefits of @store/domain/compare (migration 0800); null: not stated. */
  benefits: ColumnType<unknown, string | null | undefined, string | null>;
  /** ZPlanTranslations of @store/domain/plan-content (migration 1950): the texts per language other than English. */
  translations: ColumnType<unknown, string | null | undefined, string | null>;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  updated_at: TimestampDefault;
}

/** Monthly price by plan, tier, age band, state (null: any) and tobacco use (null: any). */
export interface PlanRatesTable {
  plan_pricing_id: Generated<number>;
  plan_id: number;
  tier: string;
  age_min: number;
  age_max: number;
  state: string | null;
  smoker: boolean | null;
  price_cents: number;
  label: string | null;
}

export interface PlanQuestionsTable {
  question_id: Generated<number>;
  plan_id: number;
  kind: 'questions' | 'aflac';
  question_text: string;
  /** text_field, checkbox, detail */
  question_sub_type: string;
  require_detail: Generated<boolean>;
  /** Aflac-type: the answer that must be given (true = Yes). */
  true_condition: boolean | null;
  /** A Yes answer declines the plan with this message. */
  decline_message: string | null;
  options: Json<{ option_id: number; option_text: string; option_group: string }[]>;
  sort_order: Generated<number>;
}

export interface EnrollmentsTable {
  /** Random, not guessable (UUID v4): the tempId of the documents. */
  id: string;
  session_id: string | null;
  account_id: number | null;
  agent_id: number | null;
  group_id: number | null;
  portal_id: number | null;
  user_id: number | null;
  type: string;
  eprocess: string;
  open_type: string | null;
  referral: string | null;
  status: Generated<'quote' | 'checked_out' | 'completed'>;
  filter_info: Json<Record<string, unknown>>;
  effective_date: DateCol | null;
  /** Per-tab saved data: keys are tab names of the wire (primary_info, contact_info, …). Sensitive values sealed. */
  tabs: JsonDefault<Record<string, unknown>>;
  saved_tab: string | null;
  enroller_code: string | null;
  resume_code_hash: string | null;
  resume_email: string | null;
  confirmation_number: string | null;
  completed_at: Timestamp | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface CartItemsTable {
  enrollment_id: string;
  plan_id: number;
  plan_pricing_id: number;
  price_cents: number;
  removable: Generated<boolean>;
  /** The plan this row was added with (membership of a Prudential-type plan). */
  parent_plan_id: number | null;
  created_at: TimestampDefault;
}

export interface SessionsTable {
  /** sha256 of the cookie token */
  id: string;
  account_id: number | null;
  data: JsonDefault<SessionData>;
  created_at: TimestampDefault;
  expires_at: Timestamp;
}

export interface SessionData {
  /** Enrollments this session may open after resuming with code and e-mail. */
  resumed?: string[];
  [key: string]: unknown;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  /** [{ filename, contentType, mediaId }] */
  attachments: JsonDefault<{ filename: string; contentType: string; mediaId: string }[]>;
  status: Generated<'pending' | 'sending' | 'sent' | 'kept' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  enrollment_id: string | null;
  created_at: TimestampDefault;
  sent_at: Timestamp | null;
  /** While 'sending': the lease of the process sending it; another process takes the row only after it. */
  locked_until: Timestamp | null;
  /** When the bodies and attachment links were blanked (delivery plus OUTBOX_RETENTION_HOURS). */
  purged_at: Timestamp | null;
  /** A resume code or link is in the body: the console never shows it. */
  holds_secret: Generated<boolean>;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: TimestampDefault;
  account_id: number | null;
  action: string;
  target: string | null;
  detail: JsonDefault<Record<string, unknown>>;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface Database {
  sites: SitesTable;
  site_settings: SiteSettingsTable;
  media: MediaTable;
  agents: AgentsTable;
  groups: GroupsTable;
  portals: PortalsTable;
  agent_portals: AgentPortalsTable;
  group_portals: GroupPortalsTable;
  accounts: AccountsTable;
  members: MembersTable;
  policies: PoliciesTable;
  referrals: ReferralsTable;
  plans: PlansTable;
  plan_rates: PlanRatesTable;
  plan_questions: PlanQuestionsTable;
  enrollments: EnrollmentsTable;
  cart_items: CartItemsTable;
  sessions: SessionsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  app_meta: { key: string; value: string };
  screenshots: ScreenshotsTable;
  billing_records: BillingRecordsTable;
}

/** What will be charged, kept at completion (migration 1010, packages/domain charges.ts). */
export interface BillingRecordsTable {
  enrollment_id: string;
  payment_method: string;
  /** The payment method as shown: masked ("Visa card ending 4242", "EFT, JPMORGAN CHASE BANK account xxxxxxxx9012"). */
  payment_label: string;
  lines: ColumnType<BillingLine[], string, string>;
  admin_fee_cents: number;
  initial_cents: number;
  recurring_cents: number;
  bill_day: number;
  first_charge_on: DateCol;
  starts_on: DateCol;
  recurring_from: DateCol;
  created_at: TimestampDefault;
}
export interface BillingLine {
  kind: 'plan' | 'membership';
  plan_id: number | null;
  label: string;
  monthly_cents: number;
  admin_fee_cents: number;
}

export interface ScreenshotsTable {
  id: Generated<number>;
  enrollment_id: string;
  name: string;
  image: Uint8Array;
  created_at: TimestampDefault;
}

export type Plan = Selectable<PlansTable>;
export type NewPlan = Insertable<PlansTable>;
export type Enrollment = Selectable<EnrollmentsTable>;
export type EnrollmentUpdate = Updateable<EnrollmentsTable>;
export type Account = Selectable<AccountsTable>;

// Migration 0660's tables and columns (sessions' activity, sign-in throttle, second factor).
import type {} from './schema-security.ts';
